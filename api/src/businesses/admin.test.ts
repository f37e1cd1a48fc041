/**
 * The administrators' business calls: list and search, add, activate and deactivate with their history,
 * delete (soft with history, hard without), the roster PDF, and the detail with every field of admin §3.
 */
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { pdfText } from "../testing/pdf.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";

Deno.test("businesses: administrators", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const A = ctx.users.der.businessId;
  const B = ctx.users.otherDer.businessId;
  try {
    await t.step("roles: every administrator call answers administrators only", async () => {
      const cases: [string, string, unknown?][] = [
        ["GET", "/api/auth/businesses"],
        ["POST", "/api/auth/businesses", {}],
        ["PUT", `/api/auth/business/${A}/activate`],
        ["PUT", `/api/auth/business/${A}/deactivate`, {}],
        ["DELETE", `/api/auth/business/999999`],
        // The roster answers the company's owner too (issue 25, decision 0065): its matrix is in
        // employees/der-company.test.ts.
        ["PUT", `/api/auth/business/${A}/change`, {}],
      ];
      for (const [method, path, body] of cases) {
        const res = await ctx.request("admin", method, path, body);
        const adminStatus = res.status;
        await res.body?.cancel();
        assertOk(adminStatus !== 403 && adminStatus !== 401, `${method} ${path} as admin: ${adminStatus}`);
        await assertRoleAnswers(ctx, {
          method,
          path,
          body: () => body,
          expect: adminOnly(adminStatus),
        });
      }
    });

    await t.step("add: a company with its DER as owner; the tax id is required", async () => {
      const bad = await ctx.request("admin", "POST", "/api/auth/businesses", { name: "No Tax" });
      assertEquals(bad.status, 422);
      assertEquals((await bad.json()).error, "Company Tax ID is required");
      const unknown = await ctx.request("admin", "POST", "/api/auth/businesses", {
        name: "Ghost",
        tax_id: "1",
        der_user_id: 999999,
      });
      assertEquals(unknown.status, 422);
      const res = await ctx.request("admin", "POST", "/api/auth/businesses", {
        name: "Delta Dredging",
        dba_name: "Delta",
        tax_id: "72-0000001",
        email: "desk@delta.example",
        phone: "(985) 555-0100",
        der_user_id: ctx.users.der.id,
      });
      assertEquals(res.status, 201);
      const { data } = await res.json();
      assertEquals(data.attributes.has_pending_new_company_approval, false);
      const companies = await (await ctx.request("der", "GET", "/api/auth/der/companies")).json();
      assertOk(companies.data.some((b: { id: number }) => b.id === data.id), "the DER now represents it");
    });

    await t.step("list: paged, searched by name, DBA, e-mail, phone or tax id, companies only", async () => {
      await db.insertInto("businesses").values({ name: "Solo Skipper", is_individual: true }).execute();
      const page =
        await (await ctx.request("admin", "GET", "/api/auth/businesses?per_page=2&sort_by=name&sort_dir=asc"))
          .json();
      assertEquals(page.meta.total, 4);
      assertEquals(page.data.map((b: { attributes: { name: string } }) => b.attributes.name), [
        "Company A",
        "Company B",
      ]);
      const names = async (query: string) =>
        (await (await ctx.request("admin", "GET", `/api/auth/businesses?${query}`)).json()).data
          .map((b: { attributes: { name: string } }) => b.attributes.name);
      assertEquals(await names("search=delta"), ["Delta Dredging"]);
      assertEquals(await names("search=DESK%40DELTA"), ["Delta Dredging"]);
      assertEquals(await names("search=555-0100"), ["Delta Dredging"]);
      assertEquals(await names("search=72-0000001"), ["Delta Dredging"]);
      assertEquals(await names("search=%25"), [], "a % is searched for, not a wildcard");
      assertEquals((await names("not_individual=true")).includes("Solo Skipper"), false);
      assertEquals((await names("")).includes("Solo Skipper"), true);
      const wrong = await ctx.request("admin", "GET", "/api/auth/businesses?sort_by=tax_id");
      assertEquals(wrong.status, 422);
    });

    await t.step("deactivate with a reason, then activate: both in the activation history", async () => {
      const missing = await ctx.request("admin", "PUT", `/api/auth/business/${A}/deactivate`, {
        reason: " ",
      });
      assertEquals(missing.status, 422);
      assertEquals((await missing.json()).error, "A reason for deactivating is required");
      const off = await ctx.request("admin", "PUT", `/api/auth/business/${A}/deactivate`, {
        reason: "Unpaid invoices",
      });
      assertEquals(off.status, 200);
      const seen =
        (await (await ctx.request("member", "GET", `/api/auth/business/${A}`)).json()).data.attributes;
      assertEquals([seen.is_active, seen.business_deactivation_reason], [false, "Unpaid invoices"]);
      const twice = await ctx.request("admin", "PUT", `/api/auth/business/${A}/deactivate`, { reason: "x" });
      assertEquals(twice.status, 409);
      assertEquals(
        (await twice.json()).error,
        "This business is already inactive: it may just have been deactivated by another administrator.",
      );
      const on = await (await ctx.request("admin", "PUT", `/api/auth/business/${A}/activate`)).json();
      assertEquals(on.data.attributes.business_deactivation_reason, null);
      const history = on.data.attributes.activation_history.map((
        h: { is_active: boolean; reason: string },
      ) => [h.is_active, h.reason]);
      assertEquals(history, [[false, "Unpaid invoices"], [true, null]]);
      const again = await ctx.request("admin", "PUT", `/api/auth/business/${A}/activate`);
      assertEquals(
        (await again.json()).error,
        "This business is already active: it may just have been activated by another administrator.",
      );
      const audit = await db.selectFrom("audit_log").select("action").where("entity_id", "=", String(A))
        .where("action", "in", ["business.activate", "business.deactivate"]).execute();
      assertEquals(audit.length, 2);
    });

    await t.step("detail: every field of admin §3 for administrators and the owner", async () => {
      await db.updateTable("businesses").set({
        tax_id: "72-1234567",
        address_one: "1 Dock St",
        po_box: "77",
        city: "Houma",
        state: "LA",
        postal_code: "70360",
        country: "United States of America",
      }).where("id", "=", A).execute();
      const { data } = await (await ctx.request("admin", "GET", `/api/auth/business/${A}`)).json();
      for (
        const field of [
          "dba_name",
          "email",
          "phone",
          "tax_id",
          "address_one",
          "address_two",
          "city",
          "state",
          "country",
          "postal_code",
          "po_box",
          "employee_id",
          "activation_history",
        ]
      ) assertOk(field in data.attributes, field);
      assertEquals(data.attributes.tax_id, "72-1234567");
      assertEquals(data.attributes.employee_id, null, "the administrator is not one of its users");
      assertEquals(data.relationships.der.data.id, ctx.users.der.id);
      const row = await db.selectFrom("businesses").select("created_at").where("id", "=", A)
        .executeTakeFirstOrThrow();
      assertEquals(data.attributes.created_at, new Date(row.created_at).toISOString(), "the list's Created");
      const own = (await (await ctx.request("der", "GET", `/api/auth/business/${A}`)).json()).data.attributes;
      assertEquals(own.tax_id, "72-1234567");
      assertEquals(typeof own.employee_id, "number");
      const employee =
        (await (await ctx.request("member", "GET", `/api/auth/business/${A}`)).json()).data.attributes;
      assertEquals([employee.tax_id, employee.activation_history], [null, []]);
    });

    await t.step("roster: a PDF naming the company, its DER, employees and vessels", async () => {
      await db.insertInto("vessels").values({
        business_id: A,
        name: "M/V Test Star",
        official_number: "1234567",
      })
        .execute();
      const res = await ctx.request("admin", "GET", `/api/auth/business/${A}/roster`);
      assertEquals(res.status, 200);
      assertEquals(res.headers.get("Content-Type"), "application/pdf");
      assertEquals(res.headers.get("Content-Disposition"), `attachment; filename="business-roster-${A}.pdf"`);
      const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
      for (
        const expected of [
          "Business Roster",
          "Company A",
          "Dora Test",
          "Mia Test",
          "M/V Test Star",
          "1234567",
        ]
      ) {
        assertOk(text.includes(expected), `roster shows ${expected}`);
      }
      assertEquals((await ctx.request("admin", "GET", "/api/auth/business/999999/roster")).status, 404);
    });

    await t.step("delete: a business without history is removed", async () => {
      const { id } = await db.insertInto("businesses").values({ name: "Empty Co" }).returning("id")
        .executeTakeFirstOrThrow();
      const res = await ctx.request("admin", "DELETE", `/api/auth/business/${id}`);
      assertEquals((await res.json()).data, { id, records_kept: false });
      assertEquals(
        await db.selectFrom("businesses").select("id").where("id", "=", id).executeTakeFirst(),
        undefined,
      );
    });

    await t.step("delete: a business with history is soft-deleted and keeps its records", async () => {
      const test = await db.insertInto("drug_tests").values({
        user_id: ctx.users.otherMember.id,
        business_id: B,
        reason: "random",
      }).returning("id").executeTakeFirstOrThrow();
      const res = await ctx.request("admin", "DELETE", `/api/auth/business/${B}`);
      assertEquals((await res.json()).data, { id: B, records_kept: true });
      const row = await db.selectFrom("businesses").select(["deleted_at"]).where("id", "=", B)
        .executeTakeFirstOrThrow();
      assertOk(row.deleted_at, "kept, marked deleted");
      const kept = await db.selectFrom("drug_tests").select("business_id").where("id", "=", test.id)
        .executeTakeFirstOrThrow();
      assertEquals(kept.business_id, B, "its tests still name it (49 CFR 40.333)");
      assertEquals((await ctx.request("otherDer", "GET", `/api/auth/business/${B}`)).status, 404);
      assertEquals((await ctx.request("admin", "GET", `/api/auth/business/${B}`)).status, 404);
      assertEquals((await ctx.request("admin", "DELETE", `/api/auth/business/${B}`)).status, 404);
      const audit = await db.selectFrom("audit_log").select("action").where("entity_id", "=", String(B))
        .where("action", "=", "business.soft_delete").execute();
      assertEquals(audit.length, 1);
    });
  } finally {
    await ctx.close();
  }
});
