/**
 * Refunding a membership charge (issue 37, decision 0081): through the sandbox processor, in parts, never more
 * than what is left, idempotent, the term kept by a part refund and ended by a whole one, a refund receipt
 * e-mailed with its PDF, audited with before → after, the role matrix and the refusals.
 */
import { assertEquals, assertOk as assert } from "../testing/assert.ts";
import { createTestContext, type TestContext } from "../testing/app.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";
import { cardFor } from "./test-helpers.ts";
import { MembershipRefundAnswer, MembershipRefundDone } from "./refund-schemas.ts";
import { REFUND_WORDS } from "./refund.ts";
import { REFUND_MESSAGES } from "../orders/refund.ts";
import { PaymentsUnavailableError } from "../integrations/payments/payments.ts";

const refund = (ctx: TestContext, userId: number, body: unknown, key?: string) =>
  ctx.request(
    "admin",
    "POST",
    `/api/auth/user/${userId}/membership/refund`,
    body,
    key ? { "Idempotency-Key": key } : undefined,
  );

const refundMails = (ctx: TestContext) =>
  ctx.database.db.selectFrom("email_outbox").select(["id", "to_address", "subject", "text_body"])
    .where("subject", "like", "Your APCA refund%").orderBy("id").execute();

async function charged(ctx: TestContext) {
  const { db } = ctx.database;
  return await db.selectFrom("sandbox_charges").select(["amount_cents", "refunded_cents"])
    .executeTakeFirstOrThrow();
}

Deno.test("membership refunds", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const member = ctx.users.member.id;
  try {
    await t.step("no membership: nothing to refund", async () => {
      const res = await ctx.request("admin", "GET", `/api/auth/user/${member}/membership/refund`);
      assertEquals(MembershipRefundAnswer.parse(await res.json()).data, null);
      const none = await refund(ctx, member, { amount_cents: 100 }, "none");
      assertEquals(none.status, 404);
      await none.body?.cancel();
    });

    // An annual membership paid with the member's card, by the administrator.
    const card = await cardFor(ctx, "member");
    const started = await ctx.request("admin", "POST", `/api/auth/user/${member}/membership`, {
      type: "card",
      payment_method_id: card,
      membership_type: "annual",
    });
    assertEquals(started.status, 200, await started.clone().text());
    await started.body?.cancel();
    const total = (await charged(ctx)).amount_cents;

    await t.step("roles: only an administrator reads or refunds", async () => {
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `/api/auth/user/${member}/membership/refund`,
        expect: adminOnly(200),
      });
      // An amount of 0 is refused for the administrator (422) after the role checks; nothing is refunded.
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: `/api/auth/user/${member}/membership/refund`,
        body: () => ({ amount_cents: 0 }),
        expect: adminOnly(422),
      });
      assertEquals((await charged(ctx)).refunded_cents, 0);
    });

    await t.step("what is refundable: the whole charge at first", async () => {
      const res = await ctx.request("admin", "GET", `/api/auth/user/${member}/membership/refund`);
      const info = MembershipRefundAnswer.parse(await res.json()).data!;
      assertEquals([info.charged_cents, info.refunded_cents, info.refundable_cents, info.refusal], [
        total,
        0,
        total,
        null,
      ]);
    });

    await t.step("a part refund keeps the term, mails a receipt and is audited", async () => {
      const res = await refund(ctx, member, { amount_cents: 2000, reason: "Goodwill" }, "part-1");
      assertEquals(res.status, 200, await res.clone().text());
      const done = MembershipRefundDone.parse(await res.json());
      assertEquals(done.message, REFUND_WORDS.refunded);
      assertEquals([done.data.refunded_cents, done.data.refundable_cents], [2000, total - 2000]);
      assertEquals(await charged(ctx), { amount_cents: total, refunded_cents: 2000 });
      const m = await db.selectFrom("memberships").select(["cancelled_at", "autorenew"]).where(
        "user_id",
        "=",
        member,
      )
        .executeTakeFirstOrThrow();
      assertEquals(m, { cancelled_at: null, autorenew: true }, "the term runs on");
      const mails = await refundMails(ctx);
      assertEquals(mails.length, 1);
      assertEquals(mails[0].to_address, ctx.users.member.email);
      assert(mails[0].text_body.includes("We have refunded $20.00"), mails[0].text_body);
      assert(mails[0].text_body.includes("term is unchanged"), mails[0].text_body);
      const pdf = await db.selectFrom("email_attachments").select(["filename", "content_type", "bytes"])
        .where("email_id", "=", mails[0].id).executeTakeFirstOrThrow();
      assertEquals(pdf.content_type, "application/pdf");
      assertEquals(new TextDecoder().decode(pdf.bytes.slice(0, 5)), "%PDF-");
      const row = await db.selectFrom("audit_log").select(["actor_user_id", "detail"])
        .where("action", "=", "membership_refunded").executeTakeFirstOrThrow();
      assertEquals(row.actor_user_id, ctx.users.admin.id);
      assertEquals((row.detail as { changes: unknown }).changes, { refunded_cents: [0, 2000] });
    });

    await t.step("the same request again refunds nothing more", async () => {
      const again = await refund(ctx, member, { amount_cents: 2000, reason: "Goodwill" }, "part-1");
      assertEquals(again.status, 200);
      await again.body?.cancel();
      // A double submit with one key refunds once (the second waits its turn or replays the first's answer).
      const both = await Promise.all([
        refund(ctx, member, { amount_cents: 500 }, "double"),
        refund(ctx, member, { amount_cents: 500 }, "double"),
      ]);
      for (const r of both) {
        assert(r.status === 200 || r.status === 409, String(r.status));
        await r.body?.cancel();
      }
      const late = await refund(ctx, member, { amount_cents: 500 }, "double");
      assertEquals(late.status, 200, "a late repeat replays the answer");
      await late.body?.cancel();
      // Without a key a repeat could not be told from a second part refund: refused.
      const keyless = await refund(ctx, member, { amount_cents: 500 });
      assertEquals(keyless.status, 422);
      assertEquals((await keyless.json()).error, REFUND_WORDS.keyRequired);
      assertEquals((await charged(ctx)).refunded_cents, 2500);
      assertEquals((await refundMails(ctx)).length, 2);
    });

    await t.step("more than what is left is refused with the amount left", async () => {
      const res = await refund(ctx, member, { amount_cents: total }, "too-much");
      assertEquals(res.status, 422);
      const body = await res.json();
      assertEquals(body.error, REFUND_MESSAGES.tooMuch(total - 2500));
      assertEquals(body.issues[0].path, "amount_cents");
      assertEquals((await charged(ctx)).refunded_cents, 2500);
    });

    await t.step(
      "a processor that refuses answers 402 with its words, one that is down 502; nothing recorded",
      async () => {
        const real = ctx.deps.payments.refund;
        try {
          ctx.deps.payments.refund = () =>
            Promise.resolve({ ok: false, message: "Charge ch_1 has been disputed." });
          const refused = await refund(ctx, member, { amount_cents: 100 }, "refused");
          assertEquals(refused.status, 402);
          assertEquals(await refused.json(), {
            error: "Charge ch_1 has been disputed.",
            code: "PAYMENT_DECLINED",
          });
          ctx.deps.payments.refund = () => Promise.reject(new PaymentsUnavailableError("down"));
          const down = await refund(ctx, member, { amount_cents: 100 }, "down");
          assertEquals(down.status, 502);
          assertEquals((await down.json()).error, REFUND_MESSAGES.unavailable);
        } finally {
          ctx.deps.payments.refund = real;
        }
        const rows = await db.selectFrom("order_refunds").select("amount_cents").execute();
        assertEquals(rows.map((r) => r.amount_cents).reduce((a, b) => a + b, 0), 2500);
      },
    );

    await t.step("refunding what is left ends the term now", async () => {
      const res = await refund(ctx, member, { amount_cents: total - 2500 }, "rest");
      assertEquals(res.status, 200, await res.clone().text());
      const done = MembershipRefundDone.parse(await res.json()).data;
      assertEquals([done.refundable_cents, done.refusal], [0, REFUND_MESSAGES.nothingLeft]);
      assertEquals(done.refunds.map((r) => r.ends_term), [false, false, true]);
      const m = await db.selectFrom("memberships").select(["autorenew"])
        .select((eb) => eb("cancelled_at", "is not", null).as("cancelled")).where("user_id", "=", member)
        .executeTakeFirstOrThrow();
      assertEquals(m.cancelled, true);
      const mails = await refundMails(ctx);
      assert(mails.at(-1)!.text_body.includes(REFUND_WORDS.ended), mails.at(-1)!.text_body);
      const row = await db.selectFrom("audit_log").select("detail").where(
        "action",
        "=",
        "membership_refunded",
      )
        .orderBy("id", "desc").executeTakeFirstOrThrow();
      assertEquals((row.detail as { changes: unknown }).changes, {
        refunded_cents: [2500, total],
        status: ["running", "cancelled"],
      });
      const more = await refund(ctx, member, { amount_cents: 1 }, "after-all");
      assertEquals(more.status, 409);
      assertEquals((await more.json()).error, REFUND_MESSAGES.nothingLeft);
    });

    await t.step("a manual payment is refunded where it was paid", async () => {
      const other = ctx.users.otherMember.id;
      const manual = await ctx.request("admin", "POST", `/api/auth/user/${other}/membership`, {
        type: "manual",
        payment_medium: "Check Received",
        payment_date: "2026-01-05",
        membership_type: "annual",
      });
      assertEquals(manual.status, 200, await manual.clone().text());
      await manual.body?.cancel();
      const res = await refund(ctx, other, { amount_cents: 100 }, "manual");
      assertEquals(res.status, 409);
      assertEquals((await res.json()).error, REFUND_MESSAGES.notCard);
    });
  } finally {
    await ctx.close();
  }
});
