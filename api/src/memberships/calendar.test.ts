/**
 * The membership's date-sensitive behaviour at every instant of CALENDAR_INSTANTS (00:30, 11:59 and 23:30
 * UTC, New York's DST changes): expiry, history, the Letter of Compliance, a renewal by the member and by the
 * autorenewal job, and the pause warning. One database, one test clock moved from instant to instant; before
 * lib/dates.ts the autorenewal step failed between 00:00 and 12:00 UTC (the next term ended a day late).
 */
import { longDate } from "../compliance/letter-pdf.ts";
import { addDays, addYears } from "../lib/dates.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { CALENDAR_INSTANTS, testClock } from "../testing/clock.ts";
import { pdfText } from "../testing/pdf.ts";
import { runAutorenew } from "./autorenew.ts";
import { cardFor, clearMemberships, daysAgo, seedMembership, today } from "./test-helpers.ts";

const OWN = "/api/auth/account/membership";
const LETTER = "/api/auth/account/compliance-letter";

Deno.test("memberships: the calendar at every hour and across DST", async (t) => {
  const clock = testClock(CALENDAR_INSTANTS[0][1]);
  const ctx = await createTestContext({ now: clock.now });
  const { db } = ctx.database;
  const { member, otherMember, der } = ctx.users;
  try {
    const otherCard = await cardFor(ctx, "otherMember");
    await cardFor(ctx, "member");
    for (const [what, at, coverage, office] of CALENDAR_INSTANTS) {
      await t.step(what, async () => {
        clock.set(at);
        await clearMemberships(ctx);
        assertEquals(today(ctx), coverage);

        // Expiry: the expiry day is covered (record, history, letter); the day after it is not.
        const id = await seedMembership(ctx, otherMember.id, { expire_at: coverage });
        const state = async () => {
          const own = (await (await ctx.request("otherMember", "GET", OWN)).json()).data.attributes;
          const history = await (await ctx.request("otherMember", "GET", "/api/auth/account/memberships"))
            .json();
          const letter = await ctx.request("otherMember", "GET", LETTER);
          const text = letter.status === 200
            ? (await pdfText(new Uint8Array(await letter.arrayBuffer())))
            : [];
          if (letter.status !== 200) await letter.body?.cancel();
          return {
            status: own.status,
            expired: [own.expired, history.data[0].attributes.expired],
            letter: letter.status,
            text: text.join("\n"),
          };
        };
        const covered = await state();
        assertEquals([covered.status, covered.expired, covered.letter], ["active", [false, false], 200]);
        assertOk(covered.text.includes(longDate(coverage)), "the letter's expiry is the expiry date");
        assertOk(covered.text.includes(`Issued ${longDate(office)}`), "issued on the office's day");
        await db.updateTable("memberships").set({ expire_at: addDays(coverage, -1) }).where("id", "=", id)
          .execute();
        const lapsed = await state();
        assertEquals([lapsed.status, lapsed.expired, lapsed.letter], ["expired", [true, true], 403]);

        // A renewal by the member on the last covered day: the next term starts the day after it.
        await db.updateTable("memberships").set({ expire_at: coverage }).where("id", "=", id).execute();
        const renewed = await ctx.request("otherMember", "POST", OWN, {
          is_annual: true,
          payment_method_id: otherCard,
        });
        assertEquals(renewed.status, 200);
        assertEquals((await renewed.json()).data.attributes.expire_at, addYears(coverage, 1));

        // The autorenewal job on the last covered day: the same (this failed 00:00-12:00 UTC before).
        await seedMembership(ctx, member.id, { expire_at: coverage });
        assertEquals(await runAutorenew(ctx.deps), { renewed: 1, failed: 0, already_done: 0 });
        const next = await db.selectFrom("memberships").select("expire_at").where("user_id", "=", member.id)
          .orderBy("id", "desc").executeTakeFirstOrThrow();
        assertEquals(next.expire_at, addYears(coverage, 1));

        // The pause warning: paused 130 days ago and still paused is 131 coverage days (today included); the
        // 125th was 6 days ago.
        const paused = await seedMembership(ctx, der.id);
        await db.insertInto("membership_pauses")
          .values({ membership_id: paused, paused_at: daysAgo(ctx, 130), reason: "Medical" }).execute();
        const warning = (await (await ctx.request("der", "GET", OWN)).json()).data.attributes.pause_warning;
        assertEquals(warning, { paused_days: 131, window_days: 185, extra_test_due: addDays(coverage, -6) });
      });
    }
  } finally {
    await ctx.close();
  }
});
