/**
 * A member's change of their own details (decision 0027): phone and address apply at once and are reported
 * (UPDATE_USER, awaiting_approval false); names, e-mail, USCG credential and SSN digits wait for APCA
 * (UPDATE_USER, awaiting_approval true, before and after values) and block further identity changes; the
 * member and the company see what is pending.
 */
import { assertEquals } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { assertRoleAnswers } from "../testing/roles.ts";

const PATH = "/api/auth/account/profile";

Deno.test("users: a member changes their own details", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const me = ctx.users.member;
  const changesOf = (userId: number) =>
    db.selectFrom("notifications").select(["type", "meta", "approved", "trigger_user_id", "user_id"])
      .where("user_id", "=", userId).where("type", "=", "UPDATE_USER").orderBy("id").execute();
  const userRow = (id: number) =>
    db.selectFrom("users").select(["first_name", "last_name", "phone", "city", "email", "ssn_last4"])
      .where("id", "=", id).executeTakeFirstOrThrow();
  try {
    await t.step("roles: anyone signed in reads and changes only their own; anonymous 401", async () => {
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: PATH,
        expect: { anonymous: 401, member: 200, otherMember: 200, otherDer: 200, admin: 200, der: 200 },
      });
      await assertRoleAnswers(ctx, {
        method: "PUT",
        path: PATH,
        body: () => ({}),
        expect: { anonymous: 401, member: 422, otherMember: 422, otherDer: 422, admin: 422, der: 422 },
      });
    });

    await t.step("phone and address apply at once and are reported, with before and after", async () => {
      const before = await userRow(me.id);
      const res = await ctx.request("member", "PUT", PATH, { phone: "(985) 555-0101", city: "Houma" });
      assertEquals(res.status, 200);
      const body = await res.json();
      assertEquals([body.applied, body.awaiting_approval, body.pending_request], [
        ["phone", "city"],
        [],
        null,
      ]);
      assertEquals([body.data.attributes.phone, body.data.attributes.city], ["(985) 555-0101", "Houma"]);
      const after = await userRow(me.id);
      assertEquals([after.phone, after.city], ["(985) 555-0101", "Houma"]);
      const [n] = await changesOf(me.id);
      assertEquals([n.approved, n.trigger_user_id], [null, me.id]);
      const meta = n.meta as Record<string, unknown>;
      assertEquals(meta.changes, { phone: "(985) 555-0101", city: "Houma" });
      assertEquals(meta.previous, { phone: before.phone, city: before.city });
      assertEquals([meta.awaiting_approval, meta.member_user_id], [false, me.id]);
    });

    await t.step("names, e-mail and SSN wait for APCA and are not applied", async () => {
      const before = await userRow(me.id);
      const res = await ctx.request("member", "PUT", PATH, {
        first_name: "Maria",
        email: "maria.new@test.local",
        ssn: "1234",
        state: "LA",
      });
      assertEquals(res.status, 200);
      const body = await res.json();
      assertEquals(body.applied, ["state"]);
      assertEquals(body.awaiting_approval, ["first_name", "email", "ssn_last4"]);
      assertEquals(body.pending_request.changes, {
        first_name: "Maria",
        email: "maria.new@test.local",
        ssn_last4: "1234",
      });
      assertEquals(body.pending_request.previous, {
        first_name: before.first_name,
        email: before.email,
        ssn_last4: before.ssn_last4,
      });
      const after = await userRow(me.id);
      assertEquals([after.first_name, after.email, after.ssn_last4], [
        before.first_name,
        before.email,
        before.ssn_last4,
      ]);
      const waiting = (await changesOf(me.id)).at(-1)!;
      assertEquals([(waiting.meta as { awaiting_approval: boolean }).awaiting_approval, waiting.approved], [
        true,
        null,
      ]);
      // The member sees it, and so does their company's DER on the employee's row.
      const mine = await (await ctx.request("member", "GET", PATH)).json();
      assertEquals(mine.pending_request.changes.first_name, "Maria");
      const staff = await (await ctx.request(
        "der",
        "GET",
        `/api/auth/business/${ctx.users.der.businessId}/business-users`,
      ))
        .json();
      const row = staff.data.find((u: { attributes: { user_id: number } }) => u.attributes.user_id === me.id);
      assertEquals(row.attributes.user_pending_request, true);
    });

    await t.step(
      "while it waits, another identity change is refused with the reason; contact still applies",
      async () => {
        const refused = await ctx.request("member", "PUT", PATH, { last_name: "Other" });
        assertEquals(refused.status, 409);
        assertEquals(
          (await refused.json()).error,
          "Your earlier changes to your account are waiting for APCA approval.",
        );
        assertEquals((await userRow(me.id)).last_name, "Test");
        const contact = await ctx.request("member", "PUT", PATH, { postal_code: "70360" });
        assertEquals(contact.status, 200);
      },
    );

    await t.step(
      "invalid values answer 422 with the specification's messages; nothing is written",
      async () => {
        const count = (await changesOf(ctx.users.otherMember.id)).length;
        const cases: [Record<string, unknown>, string, string][] = [
          [{ email: "not-an-email" }, "email", "Please enter a valid email address"],
          [{ phone: "12" }, "phone", "Please enter a valid phone number"],
          [{ ssn: "123456789" }, "ssn", "Only last 4 digits of SSN are allowed"],
          [{ first_name: " " }, "first_name", "First Name is required!"],
          [{ last_name: "" }, "last_name", "Last Name is required!"],
          [
            { email: "member@test.local" },
            "email",
            "This email is already associated with an APCA account. Perhaps you can attempt to login into your account instead.",
          ],
        ];
        for (const [body, path, message] of cases) {
          const res = await ctx.request("otherMember", "PUT", PATH, body);
          assertEquals(res.status, 422, JSON.stringify(body));
          const answer = await res.json();
          assertEquals(answer.issues?.[0], { path, message });
        }
        const same = await ctx.request("otherMember", "PUT", PATH, { first_name: "Otto" });
        assertEquals(same.status, 422);
        assertEquals(
          (await same.json()).error,
          "Nothing to change: the values sent are the ones already on your account.",
        );
        assertEquals((await changesOf(ctx.users.otherMember.id)).length, count);
      },
    );

    await t.step("an Idempotency-Key replays the answer instead of reporting twice", async () => {
      const key = { "Idempotency-Key": crypto.randomUUID() };
      const first = await ctx.request("otherDer", "PUT", PATH, { city: "Morgan City" }, key);
      const again = await ctx.request("otherDer", "PUT", PATH, { city: "Morgan City" }, key);
      assertEquals([first.status, again.status], [200, 200]);
      assertEquals((await changesOf(ctx.users.otherDer.id)).length, 1);
    });

    await t.step("an administrator's approval applies the waiting change, SSN digits included", async () => {
      const open = await db.selectFrom("notifications").select(["id", "meta"]).where("user_id", "=", me.id)
        .where("type", "=", "UPDATE_USER").where("approved", "is", null).execute();
      const waiting = open.find((n) => (n.meta as { awaiting_approval: boolean }).awaiting_approval)!;
      const res = await ctx.request("admin", "PUT", `/api/auth/notification/${waiting.id}`, {
        approved: true,
      });
      assertEquals(res.status, 200);
      const after = await userRow(me.id);
      assertEquals([after.first_name, after.email, after.ssn_last4], [
        "Maria",
        "maria.new@test.local",
        "1234",
      ]);
      // Nothing waits any more, so a new identity change is taken.
      assertEquals((await ctx.request("member", "PUT", PATH, { last_name: "Other" })).status, 200);
    });
  } finally {
    await ctx.close();
  }
});
