/**
 * Adding and managing a business as its owner (decision 0021): a company waits for approval, contact details
 * apply at once and are reported, identity waits and blocks further edits until an administrator decides.
 */
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";

Deno.test("businesses: add and manage", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const A = ctx.users.der.businessId;
  const changesOf = (businessId: number) =>
    db.selectFrom("notifications").select(["id", "type", "meta", "approved", "trigger_user_id"])
      .where("business_id", "=", businessId).where("type", "=", "UPDATE_BUSINESS").orderBy("id").execute();
  try {
    await t.step("a DER's new company is a request: 'Not Approved' until an administrator acts", async () => {
      const res = await ctx.request("der", "POST", "/api/auth/account/businesses", {
        name: "Bayou Marine LLC",
        tax_id: "72-7654321",
        phone: "504-555-0123",
        email: "ops@bayou.example",
      });
      assertEquals(res.status, 201);
      const { data } = await res.json();
      assertEquals(data.attributes.has_pending_new_company_approval, true);
      assertEquals(data.attributes.is_owner, true);
      assertEquals(data.relationships.der, { data: { id: ctx.users.der.id, type: "user" } });
      const request = await db.selectFrom("new_business_requests").selectAll().where(
        "business_id",
        "=",
        data.id,
      )
        .executeTakeFirstOrThrow();
      assertEquals([request.status, request.business_tax_id, request.is_company], [
        "pending",
        "72-7654321",
        true,
      ]);
      const n = await db.selectFrom("notifications").select(["type", "user_id"])
        .where("id", "=", request.notification_id!).executeTakeFirstOrThrow();
      assertEquals(n, { type: "NEW_BUSINESS_REQUEST", user_id: ctx.users.der.id });

      const blocked = await ctx.request("der", "PUT", `/api/auth/business/${data.id}`, {
        phone: "5045550124",
      });
      assertEquals(blocked.status, 409);
      assertEquals(
        (await blocked.json()).error,
        "This company is waiting for APCA approval and cannot be changed yet.",
      );
    });

    await t.step(
      "a self-employed business exists at once; a company needs its tax id and a name",
      async () => {
        const own = await ctx.request("otherMember", "POST", "/api/auth/account/businesses", {
          name: "Otto Charters",
          is_individual: true,
        });
        assertEquals(own.status, 201);
        const { data } = await own.json();
        assertEquals(data.attributes.has_pending_new_company_approval, false);
        assertEquals(data.attributes.is_individual, true);
        const bad = await ctx.request("member", "POST", "/api/auth/account/businesses", {
          name: " ",
          email: "nope",
          phone: "12",
          is_llc: true,
        });
        assertEquals(bad.status, 422);
        const issues = (await bad.json()).issues.map((i: { path: string; message: string }) =>
          `${i.path}: ${i.message}`
        );
        assertEquals(issues.sort(), [
          "email: Please enter a valid email address",
          "llc_name: LLC Name is required!",
          "name: Company Name is required!",
          "phone: Please enter a valid phone number",
          "tax_id: Company Tax ID is required",
        ]);
      },
    );

    await t.step("adding a business is idempotent with an Idempotency-Key", async () => {
      const send = () =>
        ctx.request("member", "POST", "/api/auth/account/businesses", {
          name: "Mia Tugs",
          is_individual: true,
        }, {
          "Idempotency-Key": "add-business-1",
        });
      const first = await (await send()).json();
      const again = await send();
      assertEquals(again.headers.get("Idempotent-Replayed"), "true");
      assertEquals((await again.json()).data.id, first.data.id);
      const count = await db.selectFrom("businesses").select((eb) => eb.fn.countAll<number>().as("n"))
        .where("name", "=", "Mia Tugs").executeTakeFirstOrThrow();
      assertEquals(Number(count.n), 1);
    });

    await t.step(
      "roles: only the owner or an administrator manages; others' companies answer 404",
      async () => {
        await assertRoleAnswers(ctx, {
          method: "PUT",
          path: `/api/auth/business/${A}`,
          body: () => ({}),
          expect: { anonymous: 401, member: 403, otherMember: 404, otherDer: 404, admin: 200, der: 200 },
        });
        const res = await ctx.request("member", "PUT", `/api/auth/business/${A}`, { phone: "5045550100" });
        assertEquals((await res.json()).error, "Only the business's owner can do this.");
      },
    );

    await t.step(
      "an owner's contact change applies at once and is reported with before and after",
      async () => {
        await db.updateTable("businesses").set({ phone: "5045550000", city: "Houma" }).where("id", "=", A)
          .execute();
        const res = await ctx.request("der", "PUT", `/api/auth/business/${A}`, {
          phone: "5045550199",
          city: "Houma",
        });
        assertEquals(res.status, 200);
        const body = await res.json();
        assertEquals(body.applied, ["phone"], "an unchanged field is not a change");
        assertEquals(body.awaiting_approval, []);
        assertEquals(body.data.attributes.phone, "5045550199");
        assertEquals(body.data.attributes.business_pending_request, null);
        const [n] = await changesOf(A);
        assertEquals(n.approved, null);
        assertEquals(n.trigger_user_id, ctx.users.der.id);
        const meta = n.meta as Record<string, unknown>;
        assertEquals(meta.changes, { phone: "5045550199" });
        assertEquals(meta.previous, { phone: "5045550000" });
        assertEquals(meta.awaiting_approval, false);
        assertEquals(meta.business_name, "Company A");
      },
    );

    let pendingId = 0;
    await t.step("a change of identity waits for approval, shows as pending and blocks editing", async () => {
      const res = await ctx.request("der", "PUT", `/api/auth/business/${A}`, {
        name: "Company A Marine",
        tax_id: "11-1111111",
        email: "office@a.example",
      });
      const body = await res.json();
      assertEquals(body.applied, ["email"]);
      assertEquals(body.awaiting_approval.sort(), ["name", "tax_id"]);
      assertEquals(body.data.attributes.name, "Company A", "the name is unchanged until approved");
      const pending = body.data.attributes.business_pending_request;
      assertEquals(pending.changes, { name: "Company A Marine", tax_id: "11-1111111" });
      assertEquals(pending.previous, { name: "Company A", tax_id: null });
      pendingId = pending.notification_id;

      const again = await ctx.request("der", "PUT", `/api/auth/business/${A}`, { phone: "5045550111" });
      assertEquals(again.status, 409);
      assertEquals(
        (await again.json()).error,
        "Your earlier changes to this business are waiting for APCA approval.",
      );
      const seen = await (await ctx.request("member", "GET", `/api/auth/business/${A}`)).json();
      assertEquals(seen.data.attributes.business_pending_request.notification_id, pendingId);
      assertEquals(seen.data.attributes.tax_id, null, "an employee does not see the company's tax id");
    });

    await t.step(
      "an administrator approves: the change applies, the notification is decided, editing reopens",
      async () => {
        await assertRoleAnswers(ctx, {
          method: "PUT",
          path: `/api/auth/business/${A}/change`,
          body: () => ({ approved: "yes" }),
          expect: adminOnly(422),
        });
        const res = await ctx.request("admin", "PUT", `/api/auth/business/${A}/change`, { approved: true });
        assertEquals(res.status, 200);
        const { data } = await res.json();
        assertEquals([data.attributes.name, data.attributes.tax_id], ["Company A Marine", "11-1111111"]);
        assertEquals(data.attributes.business_pending_request, null);
        const decided = await db.selectFrom("notifications").select(["approved", "decided_by_user_id"])
          .where("id", "=", pendingId).executeTakeFirstOrThrow();
        assertEquals(decided, { approved: true, decided_by_user_id: ctx.users.admin.id });
        const twice = await ctx.request("admin", "PUT", `/api/auth/business/${A}/change`, { approved: true });
        assertEquals(twice.status, 409);
        assertEquals((await twice.json()).error, "This change has already been decided.");
        const audit = await db.selectFrom("audit_log").select("action").where("entity", "=", "business")
          .where("entity_id", "=", String(A)).where("action", "=", "business.change_approved").execute();
        assertEquals(audit.length, 1);
      },
    );

    await t.step("a refused change leaves the business as it was", async () => {
      const reopened = await ctx.request("der", "PUT", `/api/auth/business/${A}`, { dba_name: "Wrong DBA" });
      assertEquals(reopened.status, 200, "editing reopened once the earlier change was decided");
      const res = await ctx.request("admin", "PUT", `/api/auth/business/${A}/change`, { approved: false });
      const { data } = await res.json();
      assertEquals(data.attributes.dba_name, null);
      assertEquals(data.attributes.business_pending_request, null);
    });

    await t.step("an administrator's change applies at once, is audited and notifies no one", async () => {
      const before = (await changesOf(A)).length;
      const res = await ctx.request("admin", "PUT", `/api/auth/business/${A}`, {
        name: "Company A",
        po_box: "12",
      });
      const body = await res.json();
      assertEquals(body.applied.sort(), ["name", "po_box"]);
      assertEquals(body.data.attributes.name, "Company A");
      assertEquals((await changesOf(A)).length, before);
      const audit = await db.selectFrom("audit_log").select("detail").where("action", "=", "business.update")
        .where("entity_id", "=", String(A)).executeTakeFirstOrThrow();
      assertOk((audit.detail as { changes: object }).changes);
    });

    await t.step("a company's tax id cannot be emptied; LLC needs its name", async () => {
      const res = await ctx.request("der", "PUT", `/api/auth/business/${A}`, { tax_id: "" });
      assertEquals(res.status, 422);
      assertEquals((await res.json()).error, "Company Tax ID is required");
      const llc = await ctx.request("der", "PUT", `/api/auth/business/${A}`, { is_llc: true });
      assertEquals(llc.status, 422);
      assertEquals((await llc.json()).error, "LLC Name is required!");
    });
  } finally {
    await ctx.close();
  }
});
