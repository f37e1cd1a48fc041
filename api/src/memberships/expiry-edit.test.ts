/**
 * Decision 0041: an administrator's expiry edit never leads to a renewal charge by itself, the form can ask what
 * an edit will do before saving, and a term that really ends under autorenew is still renewed, at the edges of
 * the day in UTC, in the office's zone (New York) and on the coverage day (UTC-12). One test clock.
 */
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { testClock } from "../testing/clock.ts";
import { runAutorenew } from "./autorenew.ts";
import { formatDay } from "../lib/dates.ts";
import { addDays, cardFor, clearMemberships, count, officeToday, seedMembership } from "./test-helpers.ts";

const NOTHING = { renewed: 0, failed: 0, already_done: 0 };

Deno.test("memberships: an expiry edit never charges; a real term end does", async (t) => {
  const clock = testClock("2026-11-23T15:00:00Z");
  const ctx = await createTestContext({ now: clock.now });
  const { db } = ctx.database;
  const { member } = ctx.users;
  const base = `/api/auth/user/${member.id}/membership`;
  const preview = async (query: string) => {
    const res = await ctx.request("admin", "GET", `${base}/update-preview?${query}`);
    return { status: res.status, body: await res.json() };
  };
  const update = (body: object) => ctx.request("admin", "PUT", base, body);
  const autorenew = async () =>
    (await db.selectFrom("memberships").select("autorenew").where("user_id", "=", member.id)
      .orderBy("id", "desc").executeTakeFirstOrThrow()).autorenew;
  try {
    await cardFor(ctx, "member");

    await t.step("an expiry moved 20 days into the past: told before saving, never charged", async () => {
      await clearMemberships(ctx);
      await seedMembership(ctx, member.id, { expire_at: addDays(officeToday(ctx), 200) });
      const past = addDays(officeToday(ctx), -20);

      const asked = await preview(`has_expiration=true&date=${past}`);
      assertEquals(asked.status, 200);
      assertEquals(
        [asked.body.data.ends_now, asked.body.data.autorenew, asked.body.data.renewal_charge_on],
        [true, false, null],
      );
      assertEquals(
        asked.body.data.message,
        `The membership ended on ${
          formatDay(past)
        } (a day in the past) and will not be renewed: autorenewal will be ` +
          "turned off, so this change charges nothing. The member can start a new membership by hand.",
      );
      assertEquals(await autorenew(), true, "the preview writes nothing");

      assertEquals((await update({ has_expiration: true, date: past })).status, 200);
      assertEquals(await autorenew(), false);
      const record = (await (await ctx.request("admin", "GET", base)).json()).data.attributes;
      assertEquals([record.status, record.autorenew, record.expire_at], ["expired", false, past]);
      const audit = await db.selectFrom("audit_log").select("detail")
        .where("action", "=", "membership_updated").executeTakeFirstOrThrow();
      assertEquals((audit.detail as { after: { autorenew: boolean } }).after.autorenew, false);

      // The hourly job on the following hours and days (its 30-day window included) charges nothing.
      for (const hours of [0, 1, 9, 21, 24, 24 * 5, 24 * 12]) {
        clock.set(new Date(Date.parse("2026-11-23T15:00:00Z") + hours * 3_600_000));
        assertEquals(await runAutorenew(ctx.deps), NOTHING, `${hours} h after the edit`);
      }
      assertEquals([await count(ctx, "sandbox_charges"), await count(ctx, "orders")], [0, 0]);
    });

    await t.step(
      "the edge is the office day: today or earlier ends the term, tomorrow keeps autorenew",
      async () => {
        await clearMemberships(ctx);
        await seedMembership(ctx, member.id, { expire_at: "2027-06-01" });
        // 04:59 UTC is still 22 November in New York (EST, UTC-5); 05:00 is the 23rd.
        clock.set("2026-11-23T04:59:00Z");
        assertEquals((await preview("date=2026-11-22")).body.data.ends_now, true);
        const late = (await preview("date=2026-11-23")).body.data;
        assertEquals([late.ends_now, late.autorenew, late.renewal_charge_on], [false, true, "2026-11-23"]);
        assertOk(late.message.includes("the member's default card will be charged the renewal price"));
        clock.set("2026-11-23T05:00:00Z");
        const today = (await preview("date=2026-11-23")).body.data;
        assertEquals([today.ends_now, today.autorenew, today.renewal_charge_on], [true, false, null]);
        // The day in the product's one style, not 'YYYY-MM-DD' (issue 37).
        assertOk(
          today.message.startsWith("The membership ends today (Nov 23, 2026) and will not be renewed"),
        );
        assertEquals((await preview("date=2026-11-24")).body.data.renewal_charge_on, "2026-11-24");

        // Saved at 05:00 UTC as "ends today": not charged when the coverage day reaches it at 12:00 UTC.
        assertEquals((await update({ has_expiration: true, date: "2026-11-23" })).status, 200);
        assertEquals(await autorenew(), false);
        for (const at of ["2026-11-23T12:00:00Z", "2026-11-24T12:00:00Z"]) {
          clock.set(at);
          assertEquals(await runAutorenew(ctx.deps), NOTHING, at);
        }
        assertEquals(await count(ctx, "sandbox_charges"), 0);

        // Without an expiry nothing is renewed either.
        clock.set("2026-11-23T15:00:00Z");
        const none = (await preview("has_expiration=false")).body.data;
        assertEquals([none.expire_at, none.autorenew, none.renewal_charge_on], [null, false, null]);
      },
    );

    await t.step(
      "a term that really ends under autorenew is renewed once its last day has come everywhere",
      async () => {
        await clearMemberships(ctx);
        // Set on 22 November by an administrator to end on the 23rd: a future day, so autorenew stays on.
        clock.set("2026-11-22T15:00:00Z");
        await seedMembership(ctx, member.id, { expire_at: "2027-06-01" });
        assertEquals((await update({ has_expiration: true, date: "2026-11-23" })).status, 200);
        assertEquals(await autorenew(), true);
        // The UTC day has begun (00:00), then the office day (05:00), but the coverage day is still the 22nd.
        for (const at of ["2026-11-23T00:00:00Z", "2026-11-23T05:00:00Z", "2026-11-23T11:59:00Z"]) {
          clock.set(at);
          assertEquals(await runAutorenew(ctx.deps), NOTHING, at);
        }
        // 12:00 UTC: the 23rd has begun everywhere (UTC-12): the term's own end, charged once.
        clock.set("2026-11-23T12:00:00Z");
        assertEquals(await runAutorenew(ctx.deps), { renewed: 1, failed: 0, already_done: 0 });
        clock.set("2026-11-23T13:00:00Z");
        assertEquals(await runAutorenew(ctx.deps), NOTHING);
        assertEquals(await count(ctx, "sandbox_charges"), 1);
        const next = await db.selectFrom("memberships").select(["expire_at", "autorenew"])
          .where("user_id", "=", member.id).orderBy("id", "desc").executeTakeFirstOrThrow();
        assertEquals(next, { expire_at: "2027-11-23", autorenew: true });
      },
    );

    await t.step(
      "the preview is for administrators, validates its input and needs a membership",
      async () => {
        clock.set("2026-11-23T15:00:00Z");
        assertEquals(
          (await ctx.request("member", "GET", `${base}/update-preview?date=2027-01-01`)).status,
          403,
        );
        const bad = await preview("has_expiration=true&date=2026-02-30");
        assertEquals([bad.status, bad.body.issues], [422, [{
          path: "date",
          message: "Enter the date as YYYY-MM-DD",
        }]]);
        const missing = await preview("has_expiration=true");
        assertEquals([missing.status, missing.body.issues], [
          422,
          [{ path: "date", message: "Expiration Date is required" }],
        ]);
        await clearMemberships(ctx);
        assertEquals((await preview("date=2027-01-01")).status, 404);
      },
    );
  } finally {
    await ctx.close();
  }
});
