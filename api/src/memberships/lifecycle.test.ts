/** Pause, resume and cancel of the member's own membership: rules, conflicts, notifications, mail, warning. */
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { addDays, clearMemberships, daysAgo, seedMembership, today } from "./test-helpers.ts";

const OWN = "/api/auth/account/membership";

Deno.test("memberships: pause, resume and cancel", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const { member } = ctx.users;
  const conflict = async (res: Response, error: string) => {
    assertEquals(res.status, 409);
    assertEquals(await res.json(), { code: "MEMBERSHIP_CONFLICT", error });
  };
  try {
    await t.step("pause validation: the specification's messages", async () => {
      await seedMembership(ctx, member.id);
      const none = await ctx.request("member", "POST", `${OWN}/pause`, {});
      assertEquals(none.status, 422);
      assertEquals(await none.json(), {
        code: "VALIDATION_FAILED",
        error: "Reason is required",
        issues: [{ path: "reason", message: "Reason is required" }],
      });
      const unknown = await ctx.request("member", "POST", `${OWN}/pause`, { reason: "Bored" });
      assertEquals((await unknown.json()).error, "Reason is required");
      const other = await ctx.request("member", "POST", `${OWN}/pause`, {
        reason: "Other",
        other_reason: "  ",
      });
      assertEquals(other.status, 422);
      assertEquals(await other.json(), {
        code: "VALIDATION_FAILED",
        error: "Reason for pausing membership is required",
        issues: [{ path: "other_reason", message: "Reason for pausing membership is required" }],
      });
    });

    await t.step(
      "pause with Other: the free text is the stored reason; admins get a notification",
      async () => {
        const res = await ctx.request("member", "POST", `${OWN}/pause`, {
          reason: "Other",
          other_reason: "Shore leave for surgery",
        });
        assertEquals(res.status, 200);
        const body = await res.json();
        assertEquals(body.message, "Membership has been paused successfully");
        const a = body.data.attributes;
        assertEquals([a.status, a.is_paused, a.pause_reason], ["paused", true, "Shore leave for surgery"]);
        assertEquals([a.can_pause, a.can_resume, a.can_cancel, a.can_renew], [false, true, true, false]);
        const pause = await db.selectFrom("membership_pauses").selectAll().executeTakeFirstOrThrow();
        assertEquals([pause.reason, pause.paused_by_user_id, pause.resumed_at], [
          "Shore leave for surgery",
          member.id,
          null,
        ]);
        const n = await db.selectFrom("notifications").selectAll().where("type", "=", "MEMBERSHIP_PAUSED")
          .executeTakeFirstOrThrow();
        assertEquals([n.user_id, n.trigger_user_id, n.membership_pause_id], [member.id, member.id, pause.id]);
        assertEquals(n.meta.member_first_name, "Mia");
        assertEquals(n.meta.reason, "Shore leave for surgery");
        assertEquals(n.meta.resumed_at, null);
      },
    );

    await t.step("pausing a paused membership is a 409", async () => {
      const res = await ctx.request("member", "POST", `${OWN}/pause`, { reason: "Currently out of season" });
      await conflict(res, "This membership is already paused.");
    });

    await t.step("resume closes the pause and stamps the notification", async () => {
      const res = await ctx.request("member", "POST", `${OWN}/resume`);
      assertEquals(res.status, 200);
      const body = await res.json();
      assertEquals(body.message, "Membership has been resumed successfully");
      assertEquals([body.data.attributes.status, body.data.attributes.is_paused], ["active", false]);
      const pause = await db.selectFrom("membership_pauses").selectAll().executeTakeFirstOrThrow();
      assertOk(pause.resumed_at instanceof Date);
      assertEquals(pause.resumed_by_user_id, member.id);
      const n = await db.selectFrom("notifications").select("meta").where("type", "=", "MEMBERSHIP_PAUSED")
        .executeTakeFirstOrThrow();
      assertEquals(n.meta.resumed_at, pause.resumed_at!.toISOString());
    });

    await t.step("resuming an active membership is a 409", async () => {
      await conflict(
        await ctx.request("member", "POST", `${OWN}/resume`),
        "This membership is not paused, so there is nothing to resume.",
      );
    });

    await t.step(
      "cancel: coverage ends, autorenew off, notification with the spec's meta, a confirmation mail",
      async () => {
        await ctx.request("member", "POST", `${OWN}/pause`, { reason: "No longer working on the water" });
        const res = await ctx.request("member", "DELETE", `${OWN}/cancel`);
        assertEquals(res.status, 200);
        const body = await res.json();
        assertEquals(body.message, "Membership has been cancelled successfully");
        const a = body.data.attributes;
        assertEquals([a.status, a.cancelled, a.autorenew, a.is_paused], ["cancelled", true, false, false]);
        assertEquals([a.can_renew, a.can_pause, a.can_resume, a.can_cancel, a.can_update], [
          true,
          false,
          false,
          false,
          false,
        ]);
        // The open pause ended with the membership.
        const open = await db.selectFrom("membership_pauses").select("id").where("resumed_at", "is", null)
          .execute();
        assertEquals(open, []);
        const n = await db.selectFrom("notifications").selectAll().where("type", "=", "MEMBERSHIP_CANCELLED")
          .executeTakeFirstOrThrow();
        const user = await db.selectFrom("users").select("member_number").where("id", "=", member.id)
          .executeTakeFirstOrThrow();
        assertEquals(n.meta, {
          member_user_id: member.id,
          member_first_name: "Mia",
          member_last_name: "Test",
          member_number: user.member_number,
          cancelled_at: a.cancelled_at,
        });
        await ctx.deps.mailer.idle();
        const mail = await db.selectFrom("email_outbox").select(["to_address", "subject", "text_body"])
          .where("to_address", "=", member.email).execute();
        assertEquals(mail.map((m) => m.subject), ["Your APCA membership has been cancelled"]);
        assertOk(mail[0].text_body.includes("no longer enrolled"));
      },
    );

    await t.step("conflicts after cancelling: cancel, resume and pause answer why", async () => {
      await conflict(
        await ctx.request("member", "DELETE", `${OWN}/cancel`),
        "This membership has already been cancelled.",
      );
      await conflict(
        await ctx.request("member", "POST", `${OWN}/resume`),
        "This membership has been cancelled, so it cannot be resumed. Start a new membership instead.",
      );
      await conflict(
        await ctx.request("member", "POST", `${OWN}/pause`, { reason: "Currently out of season" }),
        "This membership has been cancelled, so it cannot be paused.",
      );
    });

    await t.step("one-time and expired memberships cannot be paused", async () => {
      await clearMemberships(ctx);
      await seedMembership(ctx, member.id, { type: "one_time" });
      await conflict(
        await ctx.request("member", "POST", `${OWN}/pause`, { reason: "Currently out of season" }),
        "Only an annual membership can be paused.",
      );
      await seedMembership(ctx, member.id, { expire_at: addDays(today(ctx), -1) });
      await conflict(
        await ctx.request("member", "POST", `${OWN}/pause`, { reason: "Currently out of season" }),
        "This membership has expired, so it cannot be paused. Renew it first.",
      );
      await conflict(
        await ctx.request("member", "DELETE", `${OWN}/cancel`),
        "This membership has already expired; there is nothing to cancel.",
      );
    });

    await t.step("after an early renewal, pause and cancel act on both running terms", async () => {
      await clearMemberships(ctx);
      const old = await seedMembership(ctx, member.id, { expire_at: addDays(today(ctx), 10) });
      const renewed = await seedMembership(ctx, member.id, { expire_at: addDays(today(ctx), 375) });
      await ctx.request("member", "POST", `${OWN}/pause`, { reason: "Currently out of season" });
      const paused = await db.selectFrom("membership_pauses").select("membership_id").where(
        "resumed_at",
        "is",
        null,
      )
        .orderBy("membership_id").execute();
      assertEquals(paused.map((p) => p.membership_id), [old, renewed]);
      assertEquals((await ctx.request("member", "DELETE", `${OWN}/cancel`)).status, 200);
      const rows = await db.selectFrom("memberships").select(["id", "cancelled"]).orderBy("id").execute();
      assertEquals(rows, [{ id: old, cancelled: true }, { id: renewed, cancelled: true }]);
    });

    await t.step(
      "the pause warning: 125 paused days in the last 185, from the history of pauses",
      async () => {
        await clearMemberships(ctx);
        const previous = await seedMembership(ctx, member.id, { expire_at: addDays(today(ctx), -90) });
        const current = await seedMembership(ctx, member.id);
        // 100 days paused on the previous term, then 24 on the current one: 124, no warning.
        await db.insertInto("membership_pauses").values([
          {
            membership_id: previous,
            paused_at: daysAgo(ctx, 180),
            resumed_at: daysAgo(ctx, 80),
            reason: "Currently out of season",
          },
          {
            membership_id: current,
            paused_at: daysAgo(ctx, 30),
            resumed_at: daysAgo(ctx, 6),
            reason: "Currently out of season",
          },
        ]).execute();
        const before = await (await ctx.request("member", "GET", OWN)).json();
        assertEquals(before.data.attributes.pause_warning, null);
        // Paused again yesterday (open): 124 + 2 (yesterday and today) = 126.
        await db.insertInto("membership_pauses").values({
          membership_id: current,
          paused_at: daysAgo(ctx, 1),
          reason: "Currently out of season",
        }).execute();
        const after = await (await ctx.request("member", "GET", OWN)).json();
        const w = after.data.attributes.pause_warning;
        assertEquals([w.paused_days, w.window_days], [126, 185]);
        assertEquals(w.extra_test_due, addDays(today(ctx), -1));
        // The settings are the rule.
        await db.updateTable("settings").set({ pause_warning_days: 127 }).execute();
        assertEquals(
          (await (await ctx.request("member", "GET", OWN)).json()).data.attributes.pause_warning,
          null,
        );
        await db.updateTable("settings").set({ pause_warning_days: 125 }).execute();
      },
    );
  } finally {
    await ctx.close();
  }
});
