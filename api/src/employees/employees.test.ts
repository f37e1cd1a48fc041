/**
 * Employees: the business's users (admin spec §3 fields), Add Employee as an employee request (the i3 rule,
 * possible_exists, one open request per person, idempotent), and an administrator's removal, refused while a
 * request is open.
 */
import { addDays, coverageDay } from "../lib/dates.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";

Deno.test("employees", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const A = ctx.users.der.businessId;
  const usersPath = `/api/auth/business/${A}/business-users`;
  const requestsPath = `/api/auth/business/${A}/employee-requests`;
  const newHand = { first_name: "Nate", last_name: "Hand", email: "nate@hands.example", ssn: "1234" };
  try {
    await t.step("roles: the business's users are its owner's and administrators'", async () => {
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: usersPath,
        expect: { anonymous: 401, member: 403, otherMember: 404, otherDer: 404, admin: 200, der: 200 },
      });
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: requestsPath,
        expect: { anonymous: 401, member: 403, otherMember: 404, otherDer: 404, admin: 200, der: 200 },
      });
    });

    await t.step("the list carries the business user fields of admin §3", async () => {
      await db.updateTable("users").set({ member_number: "M-1", uscg_cred: "MMC-1", middle_name: "Q" })
        .where("id", "=", ctx.users.member.id).execute();
      await db.insertInto("memberships").values({
        user_id: ctx.users.member.id,
        type: "annual",
        price_cents: 10500,
        starts_at: new Date(ctx.deps.now().getTime() - 86_400_000),
        expire_at: addDays(coverageDay(ctx.deps.now()), 200),
      }).execute();
      const { data } = await (await ctx.request("der", "GET", usersPath)).json();
      const mia = data.find((u: { attributes: { user_id: number } }) =>
        u.attributes.user_id === ctx.users.member.id
      );
      assertEquals(mia.type, "business_user");
      assertEquals(mia.attributes, {
        user_id: ctx.users.member.id,
        user_first_name: "Mia",
        user_middle_name: "Q",
        user_last_name: "Test",
        user_member_id: "M-1",
        user_uscg_cred: "MMC-1",
        is_owner: false,
        is_employee: true,
        is_primary: true,
        user_pending_request: false,
        pending_request: false,
        user_active_membership: true,
        user_is_membership_annual: true,
        user_can_download_compliance: true,
      });
      assertEquals(mia.relationships, {
        business: { data: { id: A, type: "business" } },
        user: { data: { id: ctx.users.member.id, type: "user" } },
      });
      const one = await ctx.request("der", "GET", `${usersPath}/${mia.id}`);
      assertEquals((await one.json()).data.id, mia.id);
      const other = await ctx.request(
        "admin",
        "GET",
        `/api/auth/business/${ctx.users.otherDer.businessId}/business-users/${mia.id}`,
      );
      assertEquals(other.status, 404, "an employee of A is not found under B");
    });

    await t.step("a DER cannot add employees until the company is set up in i3", async () => {
      const res = await ctx.request("der", "POST", requestsPath, newHand);
      assertEquals(res.status, 409);
      assertEquals((await res.json()).error, "Please contact APCA to allow new employees to be added");
    });

    let requestId = 0;
    await t.step(
      "once set up, Add Employee files a request and a NEW_EMPLOYEE_REQUEST notification",
      async () => {
        await db.updateTable("businesses").set({ is_i3_setup: true, i3_location_code: "LOC-A" }).where(
          "id",
          "=",
          A,
        )
          .execute();
        const res = await ctx.request("der", "POST", requestsPath, { ...newHand, phone: "504-555-0101" });
        assertEquals(res.status, 201);
        const { data } = await res.json();
        requestId = data.id;
        assertEquals([data.attributes.status, data.attributes.possible_exists], ["pending", false]);
        const row = await db.selectFrom("employee_requests").selectAll().where("id", "=", requestId)
          .executeTakeFirstOrThrow();
        assertEquals([row.ssn_last4, row.owner_user_id], ["1234", ctx.users.der.id]);
        const n = await db.selectFrom("notifications").select(["type", "business_id", "meta"])
          .where("id", "=", row.notification_id!).executeTakeFirstOrThrow();
        assertEquals([n.type, n.business_id], ["NEW_EMPLOYEE_REQUEST", A]);
        const meta = n.meta as { company_name: string; owner_name: string; user: { email: string } };
        assertEquals([meta.company_name, meta.owner_name, meta.user.email], [
          "Company A",
          "Dora Test",
          "nate@hands.example",
        ]);
        const business = (await (await ctx.request("der", "GET", `/api/auth/business/${A}`)).json()).data;
        assertEquals(business.attributes.business_has_pending_new_employee_request, true);
        const listed = (await (await ctx.request("der", "GET", requestsPath)).json()).data;
        assertEquals(listed.map((r: { id: number }) => r.id), [requestId], "the owner sees what is pending");
      },
    );

    await t.step("the same person twice is refused; the form's messages", async () => {
      const twice = await ctx.request("der", "POST", requestsPath, {
        ...newHand,
        email: "NATE@hands.example",
      });
      assertEquals(twice.status, 409);
      assertEquals(
        (await twice.json()).error,
        "A request to add this employee is already waiting for APCA approval.",
      );
      // The same name in any case is the same person too, with another e-mail or none.
      for (const other of [{ email: "nate@elsewhere.example" }, { email: undefined }]) {
        const again = await ctx.request("der", "POST", requestsPath, {
          ...newHand,
          first_name: "NATE",
          last_name: "hand",
          ...other,
        });
        assertEquals(again.status, 409, JSON.stringify(other));
      }
      const otherName = await ctx.request("der", "POST", requestsPath, {
        ...newHand,
        first_name: "Nathan",
        email: "nathan@hands.example",
      });
      assertEquals(otherName.status, 201, "another name and e-mail is another person");
      const bad = await ctx.request("der", "POST", requestsPath, {
        first_name: "",
        last_name: "",
        email: "x",
        phone: "1",
        ssn: "12345",
      });
      const messages = (await bad.json()).issues.map((i: { message: string }) => i.message).sort();
      assertEquals(messages, [
        "First Name is required!",
        "Last Name is required!",
        "Only last 4 digits of SSN are allowed",
        "Please enter a valid email address",
        "Please enter a valid phone number",
      ]);
    });

    await t.step("possible_exists when a user with that e-mail or name is already here", async () => {
      const byEmail = await ctx.request("der", "POST", requestsPath, {
        first_name: "Someone",
        last_name: "Else",
        email: "OTHER.member@test.local",
      });
      assertEquals((await byEmail.json()).data.attributes.possible_exists, true);
      const byName = await ctx.request("der", "POST", requestsPath, {
        first_name: "omar",
        last_name: "TEST",
      });
      assertEquals((await byName.json()).data.attributes.possible_exists, true);
    });

    await t.step("idempotent with an Idempotency-Key; roles for Add Employee", async () => {
      const body = { first_name: "Ida", last_name: "Empotent" };
      const headers = { "Idempotency-Key": "employee-ida" };
      const first = await (await ctx.request("der", "POST", requestsPath, body, headers)).json();
      const again = await ctx.request("der", "POST", requestsPath, body, headers);
      assertEquals(again.status, 201);
      assertEquals((await again.json()).data.id, first.data.id);
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: requestsPath,
        body: (who) => ({ first_name: "Role", last_name: String(who) }),
        expect: { anonymous: 401, member: 403, otherMember: 404, otherDer: 404, admin: 201, der: 201 },
      });
    });

    await t.step("an inactive business cannot request employees; its reason is the message", async () => {
      await db.updateTable("businesses").set({ is_active: false, deactivation_reason: "Audit hold" })
        .where("id", "=", A).execute();
      const res = await ctx.request("der", "POST", requestsPath, { first_name: "Late", last_name: "Hand" });
      assertEquals((await res.json()).error, "Audit hold");
      await db.updateTable("businesses").set({ deactivation_reason: null }).where("id", "=", A).execute();
      const bare = await ctx.request("der", "POST", requestsPath, { first_name: "Late", last_name: "Hand" });
      assertEquals((await bare.json()).error, "Business is inactive.");
      await db.updateTable("businesses").set({ is_active: true, deactivation_reason: null }).where(
        "id",
        "=",
        A,
      )
        .execute();
    });

    await t.step("an administrator adds an existing user to a business at once", async () => {
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: usersPath,
        body: () => ({ user_id: ctx.users.otherMember.id }),
        expect: adminOnly(201),
      });
      const again = await ctx.request("admin", "POST", usersPath, { user_id: ctx.users.otherMember.id });
      assertEquals(again.status, 409);
      assertEquals((await again.json()).error, "This user already belongs to this business.");
      const nobody = await ctx.request("admin", "POST", usersPath, { user_id: 999999 });
      assertEquals([nobody.status, (await nobody.json()).error], [422, "No such user."]);
      const neither = await ctx.request("admin", "POST", usersPath, { user_id: 1, is_employee: false });
      assertEquals((await neither.json()).error, "A business user is its owner, its employee, or both");
      const ids = (await (await ctx.request("der", "GET", usersPath)).json()).data
        .map((u: { attributes: { user_id: number } }) => u.attributes.user_id);
      assertOk(ids.includes(ctx.users.otherMember.id), "Otto now belongs to A as well as B");
    });

    await t.step(
      "the owner or an administrator removes an employee only when no request about them is open",
      async () => {
        const { data } = await (await ctx.request("admin", "GET", usersPath)).json();
        const mia = data.find((u: { attributes: { user_id: number } }) =>
          u.attributes.user_id === ctx.users.member.id
        );
        await db.updateTable("employee_requests").set({ possible_user_id: ctx.users.member.id }).where(
          "id",
          "=",
          requestId,
        )
          .execute();
        const listed = (await (await ctx.request("admin", "GET", `${usersPath}/${mia.id}`)).json()).data;
        assertEquals(listed.attributes.pending_request, true);
        const path = `${usersPath}/${mia.id}`;
        await assertRoleAnswers(ctx, {
          method: "DELETE",
          path,
          // Otto was added to A above: an employee of A is refused (403), B's DER is not told A exists (404).
          expect: { anonymous: 401, member: 403, otherMember: 403, otherDer: 404, admin: 409, der: 409 },
        });
        const refused = await ctx.request("admin", "DELETE", path);
        assertEquals(
          (await refused.json()).error,
          "This employee has a request waiting for APCA; process it before removing them.",
        );
        await db.updateTable("employee_requests").set({ status: "rejected", processed_at: new Date() })
          .where("id", "=", requestId).execute();
        const removed = await ctx.request("admin", "DELETE", path);
        assertEquals(removed.status, 204);
        assertEquals((await ctx.request("admin", "DELETE", path)).status, 404);
        const link = await db.selectFrom("business_users").select("removed_at").where("id", "=", mia.id)
          .executeTakeFirstOrThrow();
        assertOk(link.removed_at, "the link is ended, not deleted");
        const audit = await db.selectFrom("audit_log").select("action").where(
          "action",
          "=",
          "business.remove_employee",
        )
          .execute();
        assertEquals(audit.length, 1);
      },
    );
  } finally {
    await ctx.close();
  }
});
