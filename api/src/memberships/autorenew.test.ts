/** The autorenewal job: success, decline, no card, a crash after the charge, two runners, and what it skips. */
import { backgroundJobs } from "../background.ts";
import type { Payments } from "../integrations/payments/payments.ts";
import { TEST_CARDS } from "../integrations/payments/sandbox.ts";
import { HOUR } from "../lib/jobs.ts";
import { assertEquals, assertOk, assertRejects } from "../testing/assert.ts";
import { createTestContext, type TestContext } from "../testing/app.ts";
import { AUTORENEW_QUEUE, renewalKey, runAutorenew } from "./autorenew.ts";
import {
  addDays,
  addYears,
  cardFor,
  clearMemberships,
  count,
  seedMembership,
  today,
} from "./test-helpers.ts";

async function memberships(ctx: TestContext, userId: number) {
  return await ctx.database.db.selectFrom("memberships")
    .select(["id", "failed", "failure_reason", "expire_at", "autorenew", "is_renewal", "price_cents"])
    .where("user_id", "=", userId).orderBy("id").execute();
}

Deno.test("memberships: autorenewal", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const { member, otherMember, der } = ctx.users;
  try {
    await t.step("registered hourly in the background jobs", () => {
      assertOk(backgroundJobs(ctx.deps.config).handlers[AUTORENEW_QUEUE]);
      assertOk(
        backgroundJobs(ctx.deps.config).schedules.some((s) =>
          s.queue === AUTORENEW_QUEUE && s.everyMs === HOUR
        ),
      );
    });

    await t.step("success: the default card is charged the renewal price with the term's key", async () => {
      await cardFor(ctx, "member");
      const expire = today(ctx);
      const id = await seedMembership(ctx, member.id, { expire_at: expire });
      const result = await runAutorenew(ctx.deps);
      assertEquals(result, { renewed: 1, failed: 0, already_done: 0 });
      const rows = await memberships(ctx, member.id);
      assertEquals(rows.length, 2);
      assertEquals(
        [rows[1].failed, rows[1].expire_at, rows[1].autorenew, rows[1].is_renewal, rows[1].price_cents],
        [false, addYears(expire, 1), true, true, 9500],
      );
      const order = await db.selectFrom("orders").selectAll().executeTakeFirstOrThrow();
      assertEquals([order.status, order.idempotency_key, order.kind], [
        "completed",
        renewalKey(id, expire),
        "membership",
      ]);
      // The processor is charged with the order's own key (written before the charge).
      const charge = await db.selectFrom("sandbox_charges").selectAll().executeTakeFirstOrThrow();
      assertEquals([charge.idempotency_key, charge.amount_cents, charge.id], [
        order.processor_key,
        9500,
        order.processor_charge_id,
      ]);
      // Run again: nothing is due any more.
      assertEquals(await runAutorenew(ctx.deps), { renewed: 0, failed: 0, already_done: 0 });
      assertEquals(await count(ctx, "sandbox_charges"), 1);
    });

    await t.step(
      "decline: a failed order and a failed renewal row, the paid term untouched, a mail",
      async () => {
        await clearMemberships(ctx);
        await cardFor(ctx, "otherMember", TEST_CARDS.insufficientFunds);
        const paid = await seedMembership(ctx, otherMember.id, { expire_at: today(ctx) });
        assertEquals(await runAutorenew(ctx.deps), { renewed: 0, failed: 1, already_done: 0 });
        const rows = await memberships(ctx, otherMember.id);
        assertEquals(rows.map((r) => [r.id === paid, r.failed, r.failure_reason]), [
          [true, false, null],
          [false, true, "Your card has insufficient funds."],
        ]);
        const order = await db.selectFrom("orders").select(["status", "failure_reason"])
          .executeTakeFirstOrThrow();
        assertEquals(order, { status: "failed", failure_reason: "Your card has insufficient funds." });
        await ctx.deps.mailer.idle();
        const mail = await db.selectFrom("email_outbox").select(["subject", "text_body"])
          .where("to_address", "=", otherMember.email).execute();
        assertEquals(mail.map((m) => m.subject), ["Your APCA membership could not be renewed"]);
        assertOk(mail[0].text_body.includes("Your card has insufficient funds."));
        // Not retried: the term is dealt with.
        assertEquals(await runAutorenew(ctx.deps), { renewed: 0, failed: 0, already_done: 0 });
        const record = await (await ctx.request("otherMember", "GET", "/api/auth/account/membership")).json();
        assertEquals([record.data.attributes.status, record.data.attributes.can_renew], ["failed", true]);
      },
    );

    await t.step("no default card: recorded as a failed renewal without a charge", async () => {
      await clearMemberships(ctx);
      await seedMembership(ctx, der.id, { expire_at: addDays(today(ctx), -3) });
      assertEquals(await runAutorenew(ctx.deps), { renewed: 0, failed: 1, already_done: 0 });
      assertEquals(await count(ctx, "sandbox_charges"), 0);
      const rows = await memberships(ctx, der.id);
      assertEquals(rows[1].failure_reason, "No default card is on file.");
    });

    await t.step(
      "skipped: not due, cancelled, paused, one-time, autorenew off, lapsed beyond 30 days",
      async () => {
        await clearMemberships(ctx);
        await seedMembership(ctx, member.id, { expire_at: addDays(today(ctx), 1) });
        await seedMembership(ctx, otherMember.id, {
          expire_at: today(ctx),
          cancelled_at: ctx.deps.now(),
          autorenew: false,
        });
        const paused = await seedMembership(ctx, der.id, { expire_at: today(ctx) });
        await db.insertInto("membership_pauses").values({
          membership_id: paused,
          reason: "Currently out of season",
        })
          .execute();
        await seedMembership(ctx, ctx.users.otherDer.id, { expire_at: today(ctx), autorenew: false });
        await seedMembership(ctx, ctx.users.admin.id, { expire_at: addDays(today(ctx), -31) });
        assertEquals(await runAutorenew(ctx.deps), { renewed: 0, failed: 0, already_done: 0 });
        assertEquals(await count(ctx, "sandbox_charges"), 0);
      },
    );

    await t.step("a crash between the charge and the commit: the next run charges nothing new", async () => {
      await clearMemberships(ctx);
      const expire = today(ctx);
      await seedMembership(ctx, member.id, { expire_at: expire });
      const real = ctx.deps.payments;
      const crashing: Payments = {
        ...real,
        charge: async (request) => {
          await real.charge(request);
          throw new Error("process died after the charge");
        },
      };
      await assertRejects(() => runAutorenew({ ...ctx.deps, payments: crashing }));
      assertEquals(await count(ctx, "sandbox_charges"), 1);
      assertEquals((await memberships(ctx, member.id)).length, 1);
      assertEquals(await runAutorenew(ctx.deps), { renewed: 1, failed: 0, already_done: 0 });
      assertEquals(await count(ctx, "sandbox_charges"), 1);
      assertEquals((await memberships(ctx, member.id)).length, 2);
      assertEquals(await count(ctx, "orders"), 1);
    });

    await t.step("two runners at once: one charge, one new membership", async () => {
      await clearMemberships(ctx);
      await seedMembership(ctx, member.id, { expire_at: today(ctx) });
      const results = await Promise.all([runAutorenew(ctx.deps), runAutorenew(ctx.deps)]);
      assertEquals(results.reduce((n, r) => n + r.renewed, 0), 1);
      assertEquals(await count(ctx, "sandbox_charges"), 1);
      assertEquals((await memberships(ctx, member.id)).length, 2);
      assertEquals(await count(ctx, "orders"), 1);
    });
  } finally {
    await ctx.close();
  }
});
