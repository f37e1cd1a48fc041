/** The administrators' membership calls for any user: roles, manual payments, update, and the audit trail. */
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { assertRoleAnswers } from "../testing/roles.ts";
import { addDays, addYears, cardFor, clearMemberships, officeToday, seedMembership } from "./test-helpers.ts";

Deno.test("memberships: the administrators' calls", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const { member, admin } = ctx.users;
  const base = `/api/auth/user/${member.id}`;
  const manual = (more: Record<string, unknown> = {}) => ({
    type: "manual",
    payment_medium: "Check Received",
    payment_date: "2026-01-15",
    membership_type: "annual",
    ...more,
  });
  const adminOnly = { anonymous: 401, member: 403, otherMember: 403, otherDer: 403, admin: 200 };
  try {
    await t.step("role answers: administrators only, for every route", async () => {
      await assertRoleAnswers(ctx, { method: "GET", path: `${base}/membership`, expect: adminOnly });
      await assertRoleAnswers(ctx, { method: "GET", path: `${base}/memberships`, expect: adminOnly });
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: `${base}/membership`,
        body: () => manual(),
        expect: adminOnly,
      });
      await assertRoleAnswers(ctx, {
        method: "PUT",
        path: `${base}/membership`,
        body: () => ({ date: addDays(officeToday(ctx), 100), has_expiration: true }),
        expect: adminOnly,
      });
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: `${base}/membership/pause`,
        body: () => ({ reason: "Joining a different consortium" }),
        expect: adminOnly,
      });
      await assertRoleAnswers(ctx, { method: "POST", path: `${base}/membership/resume`, expect: adminOnly });
      await assertRoleAnswers(ctx, {
        method: "DELETE",
        path: `${base}/membership/cancel`,
        expect: adminOnly,
      });
      // A user that does not exist is a 404 for the administrator too.
      assertEquals((await ctx.request("admin", "GET", "/api/auth/user/999999/membership")).status, 404);
      assertEquals((await ctx.request("admin", "GET", "/api/auth/user/999999/memberships")).status, 404);
      await clearMemberships(ctx);
    });

    await t.step("manual payment: the specification's messages", async () => {
      const res = await ctx.request("admin", "POST", `${base}/membership`, {
        type: "manual",
        is_annual: true,
      });
      assertEquals(res.status, 422);
      const body = await res.json();
      assertEquals(body.issues, [
        { path: "payment_medium", message: "Payment Medium is required" },
        { path: "payment_date", message: "Payment Date is required" },
      ]);
      const noType = await ctx.request("admin", "POST", `${base}/membership`, {
        type: "manual",
        payment_medium: "Cash Received",
        payment_date: "2026-01-15",
      });
      assertEquals((await noType.json()).issues, [{
        path: "membership_type",
        message: "Membership type is required",
      }]);
      const badDate = await ctx.request(
        "admin",
        "POST",
        `${base}/membership`,
        manual({ payment_date: "2026-02-30" }),
      );
      assertEquals((await badDate.json()).issues, [{
        path: "payment_date",
        message: "Enter the date as YYYY-MM-DD",
      }]);
      const badRule = await ctx.request(
        "admin",
        "POST",
        `${base}/membership`,
        manual({ order_test: "maybe" }),
      );
      assertEquals((await badRule.json()).issues[0].path, "order_test");
      const noCard = await ctx.request("admin", "POST", `${base}/membership`, { membership_type: "annual" });
      assertEquals((await noCard.json()).issues, [{
        path: "payment_method_id",
        message: "payment_method_id is required",
      }]);
    });

    await t.step(
      "manual payment: a completed manual order, the rule and expiry kept, the admin as actor",
      async () => {
        const expiry = addDays(officeToday(ctx), 200);
        const res = await ctx.request(
          "admin",
          "POST",
          `${base}/membership`,
          manual({ order_test: "true", expiration_date: expiry }),
        );
        assertEquals(res.status, 200);
        const body = await res.json();
        assertEquals(body.message, "User Membership Has Been Started");
        const a = body.data.attributes;
        assertEquals([a.type, a.expire_at, a.order_test, a.price_cents], ["annual", expiry, true, 10500]);
        const order = await db.selectFrom("orders").selectAll().executeTakeFirstOrThrow();
        assertEquals(
          [
            order.payment_type,
            order.payment_medium,
            order.manual_charge_date,
            order.status,
            order.created_by_user_id,
            order.user_id,
          ],
          ["manual", "Check Received", "2026-01-15", "completed", admin.id, member.id],
        );
        const m = await db.selectFrom("memberships").select(["created_by_user_id", "user_id"])
          .executeTakeFirstOrThrow();
        assertEquals(m, { created_by_user_id: admin.id, user_id: member.id });
        const entry = await db.selectFrom("audit_log").select(["actor_user_id", "detail"])
          .where("action", "=", "membership_started").executeTakeFirstOrThrow();
        assertEquals(entry.actor_user_id, admin.id);
        assertEquals(entry.detail.member_user_id, member.id);
        // The member sees it as theirs.
        assertEquals(
          (await (await ctx.request("member", "GET", "/api/auth/account/membership")).json()).data.id,
          body.data.id,
        );
      },
    );

    await t.step("update: the date is required with has_expiration; the expiry changes", async () => {
      const missing = await ctx.request("admin", "PUT", `${base}/membership`, {
        date: "",
        has_expiration: true,
      });
      assertEquals(missing.status, 422);
      assertEquals((await missing.json()).issues, [{ path: "date", message: "Expiration Date is required" }]);
      const date = addDays(officeToday(ctx), 50);
      const res = await ctx.request("admin", "PUT", `${base}/membership`, { date, has_expiration: true });
      assertEquals(res.status, 200);
      const body = await res.json();
      assertEquals(body.message, "Membership has been updated successfully");
      assertEquals(body.data.attributes.expire_at, date);
      const off = await ctx.request("admin", "PUT", `${base}/membership`, {
        date: null,
        has_expiration: false,
      });
      const a = (await off.json()).data.attributes;
      assertEquals([a.expire_at, a.has_expiration, a.autorenew], [null, false, false]);
      const entry = await db.selectFrom("audit_log").select(["actor_user_id", "detail"])
        .where("action", "=", "membership_updated").orderBy("id", "desc").executeTakeFirstOrThrow();
      assertEquals(entry.actor_user_id, admin.id);
      assertEquals(entry.detail.after, { expire_at: null, has_expiration: false, autorenew: false });
    });

    await t.step("pause, resume and cancel by an administrator: same rules, the admin recorded", async () => {
      const paused = await ctx.request("admin", "POST", `${base}/membership/pause`, {
        reason: "Currently out of season",
      });
      assertEquals(paused.status, 200);
      const n = await db.selectFrom("notifications").selectAll().where("type", "=", "MEMBERSHIP_PAUSED")
        .executeTakeFirstOrThrow();
      assertEquals([n.user_id, n.trigger_user_id], [member.id, admin.id]);
      const again = await ctx.request("admin", "POST", `${base}/membership/pause`, {
        reason: "Currently out of season",
      });
      assertEquals((await again.json()).code, "MEMBERSHIP_CONFLICT");
      assertEquals((await ctx.request("admin", "POST", `${base}/membership/resume`)).status, 200);
      const cancelled = await ctx.request("admin", "DELETE", `${base}/membership/cancel`);
      assertEquals(cancelled.status, 200);
      const row = await db.selectFrom("memberships").select("cancelled_by_user_id").executeTakeFirstOrThrow();
      assertEquals(row.cancelled_by_user_id, admin.id);
      const actions = await db.selectFrom("audit_log").select(["action", "actor_user_id"])
        .where("action", "in", ["membership_paused", "membership_resumed", "membership_cancelled"])
        .orderBy("id").execute();
      assertEquals(actions.slice(-3), [
        { action: "membership_paused", actor_user_id: admin.id },
        { action: "membership_resumed", actor_user_id: admin.id },
        { action: "membership_cancelled", actor_user_id: admin.id },
      ]);
      await ctx.deps.mailer.idle();
      const mail = await db.selectFrom("email_outbox").select("text_body").where(
        "to_address",
        "=",
        member.email,
      )
        .orderBy("id", "desc").executeTakeFirstOrThrow();
      assertOk(mail.text_body.includes("An APCA administrator has cancelled your membership"));
      // Updating a cancelled membership is refused.
      const update = await ctx.request("admin", "PUT", `${base}/membership`, {
        date: "2030-01-01",
        has_expiration: true,
      });
      assertEquals(await update.json(), {
        code: "MEMBERSHIP_CONFLICT",
        error: "This membership has been cancelled, so its details cannot be updated.",
      });
    });

    await t.step(
      "card payment by an administrator: the member's card, the renewal price after a paid annual",
      async () => {
        const card = await cardFor(ctx, "member");
        const res = await ctx.request("admin", "POST", `${base}/membership`, {
          payment_method_id: card,
          is_annual: true,
        });
        assertEquals(res.status, 200);
        const a = (await res.json()).data.attributes;
        assertEquals([a.price_cents, a.expire_at, a.is_renewal], [9500, addYears(officeToday(ctx), 1), true]);
        const order = await db.selectFrom("orders").selectAll().where("payment_type", "=", "card")
          .executeTakeFirstOrThrow();
        assertEquals([order.created_by_user_id, order.status], [admin.id, "completed"]);
        // The administrator's own card is not the member's: unknown.
        const adminCard = await cardFor(ctx, "admin");
        await db.updateTable("memberships").set({ cancelled_at: ctx.deps.now() }).where(
          "user_id",
          "=",
          member.id,
        )
          .execute();
        const wrong = await ctx.request("admin", "POST", `${base}/membership`, {
          payment_method_id: adminCard,
          is_annual: true,
        });
        assertEquals(wrong.status, 404);
      },
    );

    await t.step("history of a user", async () => {
      const page = await (await ctx.request("admin", "GET", `${base}/memberships`)).json();
      assertEquals(page.meta.total, 2);
      assertOk(page.data[0].id > page.data[1].id);
      assertEquals(page.data[1].attributes.order_number.startsWith("APCA-"), true);
      await seedMembership(ctx, ctx.users.otherMember.id);
      assertEquals((await (await ctx.request("admin", "GET", `${base}/memberships`)).json()).meta.total, 2);
    });
  } finally {
    await ctx.close();
  }
});
