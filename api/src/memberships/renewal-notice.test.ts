/**
 * The notice before an automatic renewal: sent on its office day (not the day before, even when the UTC day
 * has already turned), exactly once per term, with the date, the amount, the card and how to cancel.
 */
import { backgroundJobs } from "../background.ts";
import type { Mailer } from "../integrations/mail/mailer.ts";
import { HOUR } from "../lib/jobs.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext, type TestContext } from "../testing/app.ts";
import { RENEWAL_NOTICE_QUEUE, sendRenewalNotices } from "./renewal-notice.ts";
import { cardFor, seedMembership } from "./test-helpers.ts";

const notices = (ctx: TestContext, to?: string) => {
  let q = ctx.database.db.selectFrom("email_outbox").select(["to_address", "subject", "text_body"])
    .where("subject", "like", "Your APCA membership renews on %");
  if (to) q = q.where("to_address", "=", to);
  return q.orderBy("id").execute();
};

Deno.test("memberships: the renewal notice", async (t) => {
  // The office is in New York (the default zone): in February its day starts at 05:00 UTC.
  let clock = new Date("2027-01-10T15:00:00Z");
  const ctx = await createTestContext({ now: () => clock });
  const { db } = ctx.database;
  const { member, otherMember, der, otherDer } = ctx.users;
  try {
    await t.step("registered hourly in the background jobs", () => {
      const jobs = backgroundJobs(ctx.deps.config);
      assertOk(jobs.handlers[RENEWAL_NOTICE_QUEUE]);
      assertOk(jobs.schedules.some((s) => s.queue === RENEWAL_NOTICE_QUEUE && s.everyMs === HOUR));
    });

    await t.step("the setting: 30 days by default, 15 to 45 only", async () => {
      const row = await db.selectFrom("settings").select("renewal_notice_days").executeTakeFirstOrThrow();
      assertEquals(row.renewal_notice_days, 30);
      for (const bad of [14, 46]) {
        let refused = false;
        await db.updateTable("settings").set({ renewal_notice_days: bad }).execute().catch(() =>
          refused = true
        );
        assertOk(refused, `${bad} days is refused`);
      }
    });

    await cardFor(ctx, "member");
    // Renews on March 15, 2027: the notice day is February 13 (30 days before) in the office's zone.
    const term = await seedMembership(ctx, member.id, { expire_at: "2027-03-15" });
    // Others that are never noticed: no autorenew, cancelled, paused, one-time.
    await seedMembership(ctx, otherMember.id, { expire_at: "2027-03-15", autorenew: false });
    await seedMembership(ctx, der.id, { expire_at: "2027-03-15", cancelled_at: clock });
    const paused = await seedMembership(ctx, otherDer.id, { expire_at: "2027-03-15" });
    await db.insertInto("membership_pauses").values(
      { membership_id: paused, reason: "Off the water" } as never,
    )
      .execute();

    await t.step(
      "not the day before: neither the office's eve nor the UTC day that has already turned",
      async () => {
        clock = new Date("2027-02-12T12:00:00Z");
        assertEquals(await sendRenewalNotices(ctx.deps), 0);
        // 04:59 UTC on the 13th is still the 12th in New York.
        clock = new Date("2027-02-13T04:59:59Z");
        assertEquals(await sendRenewalNotices(ctx.deps), 0);
        assertEquals((await notices(ctx)).length, 0);
      },
    );

    await t.step(
      "on the office day: one notice with the date, the amount, the card and how to cancel",
      async () => {
        clock = new Date("2027-02-13T05:00:00Z");
        assertEquals(await sendRenewalNotices(ctx.deps), 1);
        const [mail] = await notices(ctx);
        assertEquals(mail.to_address, member.email);
        assertEquals(mail.subject, "Your APCA membership renews on March 15, 2027");
        for (const want of ["March 15, 2027", "$95.00", "ending 4242", "/app/account/membership", "Cancel"]) {
          assertOk(mail.text_body.includes(want), `the notice lacks ${want}:\n${mail.text_body}`);
        }
      },
    );

    await t.step("not twice: later runs that day and the days after send nothing", async () => {
      clock = new Date("2027-02-13T23:00:00Z");
      assertEquals(await sendRenewalNotices(ctx.deps), 0);
      clock = new Date("2027-03-01T12:00:00Z");
      assertEquals(await sendRenewalNotices(ctx.deps), 0);
      assertEquals((await notices(ctx)).length, 1);
      const row = await db.selectFrom("memberships").select("renewal_notice_sent_at").where("id", "=", term)
        .executeTakeFirstOrThrow();
      assertEquals(row.renewal_notice_sent_at, new Date("2027-02-13T05:00:00Z"));
    });

    await t.step("the next term gets its own notice a year later, once", async () => {
      await seedMembership(ctx, member.id, { expire_at: "2028-03-15" });
      // 2028 is a leap year: 30 days before March 15 is February 14.
      clock = new Date("2028-02-14T04:59:00Z"); // still February 13 in New York
      assertEquals(await sendRenewalNotices(ctx.deps), 0);
      clock = new Date("2028-02-14T05:00:00Z");
      assertEquals(await sendRenewalNotices(ctx.deps), 1);
      assertEquals(await sendRenewalNotices(ctx.deps), 0);
      assertEquals((await notices(ctx, member.email)).length, 2);
    });

    await t.step("a notice that cannot be handed to the outbox is sent at the next run, once", async () => {
      await db.updateTable("settings").set({ renewal_notice_days: 15 }).execute();
      await seedMembership(ctx, otherMember.id, { expire_at: "2028-07-20" });
      // Summer: New York is UTC-4; the notice day is July 5.
      clock = new Date("2028-07-05T03:59:00Z");
      assertEquals(await sendRenewalNotices(ctx.deps), 0);
      clock = new Date("2028-07-05T04:00:00Z");
      const broken: Mailer = { ...ctx.deps.mailer, send: () => Promise.reject(new Error("outbox down")) };
      let failed = false;
      await sendRenewalNotices({ ...ctx.deps, mailer: broken }).catch(() => failed = true);
      assertOk(failed);
      assertEquals(await sendRenewalNotices(ctx.deps), 1);
      assertEquals(await sendRenewalNotices(ctx.deps), 0);
      const mails = await notices(ctx, otherMember.email);
      assertEquals(mails.length, 1);
      assertOk(mails[0].text_body.includes("none on file"), "no card: the notice says so");
    });
  } finally {
    await ctx.close();
  }
});
