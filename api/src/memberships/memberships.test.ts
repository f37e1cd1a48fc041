/** The member's own membership calls: roles, start/renew with prices and declines, idempotency, history. */
import { TEST_CARDS } from "../integrations/payments/sandbox.ts";
import { REPLAYED_HEADER } from "../lib/idempotency.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { assertRoleAnswers } from "../testing/roles.ts";
import { MEMBERSHIP_MESSAGES } from "./schemas.ts";
import {
  addDays,
  addYears,
  cardFor,
  clearMemberships,
  count,
  officeToday,
  seedMembership,
  today,
} from "./test-helpers.ts";

const OWN = "/api/auth/account/membership";

Deno.test("memberships: the member's own calls", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const { member, otherMember } = ctx.users;
  try {
    const memberCard = await cardFor(ctx, "member");

    await t.step(
      "role answers: every own route needs a session and answers only for the caller",
      async () => {
        const all = { anonymous: 401, member: 200, otherMember: 200, otherDer: 200, admin: 200 };
        await assertRoleAnswers(ctx, { method: "GET", path: OWN, expect: all });
        await assertRoleAnswers(ctx, { method: "GET", path: "/api/auth/account/memberships", expect: all });
        // Nobody has a membership yet: the changes answer 404, and a card id of someone else is unknown.
        const missing = { anonymous: 401, member: 404, otherMember: 404, otherDer: 404, admin: 404 };
        await assertRoleAnswers(ctx, {
          method: "POST",
          path: OWN,
          body: () => ({ is_annual: true, payment_method_id: memberCard }),
          expect: { ...missing, member: 200 },
        });
        await assertRoleAnswers(ctx, {
          method: "POST",
          path: `${OWN}/pause`,
          body: () => ({ reason: "Currently out of season" }),
          expect: { ...missing, member: 200 },
        });
        await assertRoleAnswers(ctx, {
          method: "POST",
          path: `${OWN}/resume`,
          expect: { ...missing, member: 200 },
        });
        await assertRoleAnswers(ctx, {
          method: "DELETE",
          path: `${OWN}/cancel`,
          expect: { ...missing, member: 200 },
        });
        await clearMemberships(ctx);
      },
    );

    await t.step("GET without a membership answers data null", async () => {
      const res = await ctx.request("member", "GET", OWN);
      assertEquals(await res.json(), { data: null });
    });

    await t.step(
      "start annual: the new-member price, an order, the record with its flags and toast",
      async () => {
        const res = await ctx.request("member", "POST", OWN, {
          is_annual: true,
          payment_method_id: memberCard,
        });
        assertEquals(res.status, 200);
        const body = await res.json();
        assertEquals(body.message, "Your Membership Has Been Started");
        const a = body.data.attributes;
        assertEquals(
          [a.type, a.expire_at, a.status, a.autorenew, a.price_cents, a.is_renewal],
          ["annual", addYears(officeToday(ctx), 1), "active", true, 10500, false],
        );
        assertEquals(
          [a.can_renew, a.can_pause, a.can_resume, a.can_cancel, a.can_update, a.is_renewable, a.expired],
          [false, true, false, true, true, false, false],
        );
        assertEquals(a.pause_warning, null);
        // Before pausing, what a pause begun today would lead to (decision 0071): no pause yet, so 125 days.
        assertEquals(
          [a.pause_outlook.paused_days, a.pause_outlook.days_to_reach, a.pause_outlook.warning_days],
          [0, 125, 125],
        );
        assertEquals(a.renewable_from, addDays(addYears(officeToday(ctx), 1), -30));
        const order = await db.selectFrom("orders").selectAll().where(
          "id",
          "=",
          body.data.relationships.order.data.id,
        )
          .executeTakeFirstOrThrow();
        assertEquals([order.kind, order.status, order.total_cents, order.user_id], [
          "membership",
          "completed",
          10500,
          member.id,
        ]);
        const audit = await db.selectFrom("audit_log").select(["actor_user_id", "action"])
          .where("action", "=", "membership_started").where("entity_id", "=", String(body.data.id)).execute();
        assertEquals(audit, [{ actor_user_id: member.id, action: "membership_started" }]);
        const got = await (await ctx.request("member", "GET", OWN)).json();
        assertEquals(got.data, body.data);
        // Another member sees only their own (none).
        assertEquals(await (await ctx.request("otherMember", "GET", OWN)).json(), { data: null });
      },
    );

    await t.step("a second start outside the renewal window is a 409 saying when renewal opens", async () => {
      const expire = addYears(officeToday(ctx), 1);
      const res = await ctx.request("member", "POST", OWN, {
        is_annual: true,
        payment_method_id: memberCard,
      });
      assertEquals(res.status, 409);
      assertEquals(await res.json(), {
        code: "MEMBERSHIP_CONFLICT",
        error: `Your membership runs until ${expire}. It can be renewed from ${addDays(expire, -30)}.`,
      });
    });

    await t.step(
      "an early renewal within 30 days: renewal price, the term follows on from the current one",
      async () => {
        const expire = addDays(officeToday(ctx), 10);
        await db.updateTable("memberships").set({ expire_at: expire }).where("user_id", "=", member.id)
          .execute();
        const res = await ctx.request("member", "POST", OWN, {
          is_annual: true,
          payment_method_id: memberCard,
        });
        assertEquals(res.status, 200);
        const a = (await res.json()).data.attributes;
        assertEquals([a.expire_at, a.price_cents, a.is_renewal], [addYears(expire, 1), 9500, true]);
      },
    );

    await t.step("validation: is_annual and payment_method_id are required", async () => {
      const res = await ctx.request("otherMember", "POST", OWN, {});
      assertEquals(res.status, 422);
      const body = await res.json();
      assertEquals(body.issues.map((i: { path: string }) => i.path).sort(), [
        "is_annual",
        "payment_method_id",
      ]);
    });

    await t.step(
      "a declined card: 402 with the processor's message, a failed order, no membership",
      async () => {
        const card = await cardFor(ctx, "otherMember", TEST_CARDS.insufficientFunds);
        const res = await ctx.request("otherMember", "POST", OWN, {
          is_annual: true,
          payment_method_id: card,
        });
        assertEquals(res.status, 402);
        assertEquals(await res.json(), {
          code: "PAYMENT_DECLINED",
          error: "Your card has insufficient funds.",
        });
        const orders = await db.selectFrom("orders").select(["status", "failure_reason"])
          .where("user_id", "=", otherMember.id).execute();
        assertEquals(orders, [{ status: "failed", failure_reason: "Your card has insufficient funds." }]);
        assertEquals(await (await ctx.request("otherMember", "GET", OWN)).json(), { data: null });
        // Retrying with a good card is a new attempt, not the declined one replayed.
        const good = await cardFor(ctx, "otherMember");
        const retry = await ctx.request("otherMember", "POST", OWN, {
          is_annual: false,
          payment_method_id: good,
        });
        assertEquals(retry.status, 200);
        const a = (await retry.json()).data.attributes;
        assertEquals([a.type, a.expire_at, a.price_cents, a.autorenew, a.can_pause], [
          "one_time",
          null,
          7500,
          false,
          false,
        ]);
      },
    );

    await t.step("idempotency: the same key twice charges once and answers the same", async () => {
      await clearMemberships(ctx);
      const before = await count(ctx, "sandbox_charges");
      const headers = { "Idempotency-Key": "start-1" };
      const body = { is_annual: true, payment_method_id: memberCard };
      const first = await ctx.request("member", "POST", OWN, body, headers);
      const second = await ctx.request("member", "POST", OWN, body, headers);
      assertEquals([first.status, second.status], [200, 200]);
      assertEquals(second.headers.get(REPLAYED_HEADER), "true");
      assertEquals((await second.json()).data.id, (await first.json()).data.id);
      assertEquals(await count(ctx, "sandbox_charges"), before + 1);
    });

    await t.step("idempotency: two concurrent purchases with one key charge once", async () => {
      await clearMemberships(ctx);
      const before = await count(ctx, "sandbox_charges");
      const headers = { "Idempotency-Key": "start-concurrent" };
      const body = { is_annual: true, payment_method_id: memberCard };
      const answers = await Promise.all([
        ctx.request("member", "POST", OWN, body, headers),
        ctx.request("member", "POST", OWN, body, headers),
      ]);
      const statuses = answers.map((r) => r.status).sort();
      await Promise.all(answers.map((r) => r.body?.cancel()));
      assertOk(statuses[0] === 200 && (statuses[1] === 200 || statuses[1] === 409), `statuses ${statuses}`);
      assertEquals(await count(ctx, "sandbox_charges"), before + 1);
      assertEquals(await count(ctx, "memberships"), 1);
    });

    await t.step("without a key, a double submit still charges once", async () => {
      await clearMemberships(ctx);
      const before = await count(ctx, "sandbox_charges");
      const body = { is_annual: true, payment_method_id: memberCard };
      const answers = await Promise.all([
        ctx.request("member", "POST", OWN, body),
        ctx.request("member", "POST", OWN, body),
      ]);
      await Promise.all(answers.map((r) => r.body?.cancel()));
      assertEquals(await count(ctx, "sandbox_charges"), before + 1);
      assertEquals(await count(ctx, "memberships"), 1);
    });

    await t.step("history: newest first, paginated, with the table's columns", async () => {
      await clearMemberships(ctx);
      const old = await seedMembership(ctx, member.id, {
        expire_at: addDays(today(ctx), -400),
        failed: true,
        autorenew: false,
      });
      const cancelled = await seedMembership(ctx, member.id, {
        cancelled_at: ctx.deps.now(),
        autorenew: false,
      });
      const current = await seedMembership(ctx, member.id);
      const res = await ctx.request("member", "GET", "/api/auth/account/memberships?per_page=2");
      assertEquals(res.status, 200);
      const page = await res.json();
      assertEquals(page.meta, { total: 3, page: 1, per_page: 2 });
      assertEquals(page.data.map((r: { id: number }) => r.id), [current, cancelled]);
      assertEquals(
        page.data.map((r: { attributes: { status: string; cancelled: boolean; failed: boolean } }) => [
          r.attributes.status,
          r.attributes.cancelled,
          r.attributes.failed,
        ]),
        [["active", false, false], ["cancelled", true, false]],
      );
      const next =
        await (await ctx.request("member", "GET", "/api/auth/account/memberships?page=2&per_page=2")).json();
      assertEquals(
        next.data.map((r: { id: number; attributes: { failed: boolean } }) => [r.id, r.attributes.failed]),
        [[old, true]],
      );
      const asc = await (await ctx.request(
        "member",
        "GET",
        "/api/auth/account/memberships?sort_by=expire_at&sort_dir=asc",
      )).json();
      assertEquals(asc.data[0].id, old);
      assertEquals(
        (await ctx.request("member", "GET", "/api/auth/account/memberships?sort_by=price")).status,
        422,
      );
      // Someone else's history is not in the caller's list.
      assertEquals(
        (await (await ctx.request("otherMember", "GET", "/api/auth/account/memberships")).json()).meta.total,
        0,
      );
    });

    await t.step("the messages the web shares", () => {
      assertEquals(MEMBERSHIP_MESSAGES.started, "Your Membership Has Been Started");
      assertEquals(MEMBERSHIP_MESSAGES.cancelled, "Membership has been cancelled successfully");
    });
  } finally {
    await ctx.close();
  }
});
