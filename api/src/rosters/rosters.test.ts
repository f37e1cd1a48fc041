/**
 * Rosters confirmed on a schedule (issue 36 item 3, decision 0087): the requests go out on the period's first
 * office day in New York (not UTC's), once per company and period; the due day and "overdue since" count office
 * days; the DER confirms once (audited), administrators see every company's state and remind (audited); the
 * schedule is a setting. Each route with its role matrix, on the injected clock.
 */
import { loadConfig, productionProblems } from "../config.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { testClock } from "../testing/clock.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";
import { ROSTER_MESSAGES as R } from "./schemas.ts";
import { periodStart, sendRosterRequests } from "./service.ts";

Deno.test("periods are counted from January 1 in months of the setting", () => {
  assertEquals(periodStart("2026-12-31", 3), "2026-10-01");
  assertEquals(periodStart("2027-01-01", 3), "2027-01-01");
  assertEquals(periodStart("2027-06-30", 6), "2027-01-01");
  assertEquals(periodStart("2027-07-01", 6), "2027-07-01");
  assertEquals(periodStart("2027-05-15", 1), "2027-05-01");
  assertEquals(periodStart("2027-11-30", 12), "2027-01-01");
});

Deno.test("roster confirmations: schedule, task, confirm, overview and reminders", async (t) => {
  // 23:30 on December 31 in New York, already January 1 in UTC.
  const clock = testClock("2027-01-01T04:30:00Z");
  const ctx = await createTestContext({ now: clock.now });
  const { db } = ctx.database;
  const A = ctx.users.der.businessId;
  const B = ctx.users.otherDer.businessId;
  const mail = async (subject: string) =>
    await db.selectFrom("email_outbox").select(["to_address", "text_body"]).where(
      "subject",
      "like",
      `%${subject}%`,
    )
      .execute();
  const rows = async () =>
    await db.selectFrom("roster_confirmations").select(["business_id", "period_start", "due_on"])
      .orderBy("period_start").orderBy("business_id").execute();
  try {
    await t.step("the last office day of a quarter asks about that quarter, once", async () => {
      assertEquals(await sendRosterRequests(ctx.deps), 2);
      assertEquals(await sendRosterRequests(ctx.deps), 0);
      assertEquals(await rows(), [
        { business_id: A, period_start: "2026-10-01", due_on: "2027-01-29" },
        { business_id: B, period_start: "2026-10-01", due_on: "2027-01-29" },
      ]);
    });

    await t.step("at New York's midnight the new quarter's requests go out, mailed to each DER", async () => {
      clock.set("2027-01-01T05:00:00Z");
      assertEquals(await sendRosterRequests(ctx.deps), 2);
      const sent = await mail(R.question);
      assertEquals(sent.length, 4);
      assertOk(
        sent.some((m) => m.to_address === "der@test.local" && m.text_body.includes("January 30, 2027")),
      );
      const [a] = (await rows()).filter((r) => r.business_id === A && r.period_start === "2027-01-01");
      assertEquals(a.due_on, "2027-01-30");
    });

    await t.step(
      "the task: its DER and administrators; another company's DER 404, its employee 403",
      async () => {
        await assertRoleAnswers(ctx, {
          method: "GET",
          path: `/api/auth/business/${A}/roster-confirmation`,
          expect: { anonymous: 401, member: 403, otherMember: 404, otherDer: 404, admin: 200, der: 200 },
        });
        const task =
          (await (await ctx.request("der", "GET", `/api/auth/business/${A}/roster-confirmation`)).json())
            .data;
        assertEquals(task.attributes.period_start, "2027-01-01");
        assertEquals(task.attributes.status, "waiting");
        assertEquals(task.attributes.employees.map((e: { user_id: number }) => e.user_id), [
          ctx.users.member.id,
        ]);
      },
    );

    await t.step("overdue from the office day after the due day, not UTC's", async () => {
      clock.set("2027-01-31T04:59:00Z"); // 23:59 on January 30 in New York: still the due day
      const before = await (await ctx.request("admin", "GET", "/api/auth/roster-confirmations")).json();
      assertEquals(before.meta, { today: "2027-01-30", confirmed: 0, waiting: 2, overdue: 0 });
      clock.set("2027-01-31T05:00:00Z");
      const after = await (await ctx.request("admin", "GET", "/api/auth/roster-confirmations?status=overdue"))
        .json();
      assertEquals(
        after.data.map((r: { attributes: { business_id: number; overdue_since: string } }) => [
          r.attributes.business_id,
          r.attributes.overdue_since,
        ]),
        [[A, "2027-01-31"], [B, "2027-01-31"]],
      );
    });

    await t.step("the overview and the sending: administrators only", async () => {
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: "/api/auth/roster-confirmations",
        expect: adminOnly(200),
      });
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: "/api/auth/roster-confirmations/send",
        expect: adminOnly(200),
      });
    });

    await t.step("a reminder: administrators only, mailed and audited", async () => {
      const { data } = await (await ctx.request("admin", "GET", "/api/auth/roster-confirmations")).json();
      const b = data.find((r: { attributes: { business_id: number } }) => r.attributes.business_id === B);
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: `/api/auth/roster-confirmations/${b.id}/remind`,
        expect: adminOnly(200),
      });
      assertEquals((await mail(`Reminder: ${R.question}`)).length, 1);
      const audits = await db.selectFrom("audit_log").select("action").where("action", "=", "roster.remind")
        .execute();
      assertEquals(audits.length, 1);
    });

    await t.step("one tap confirms: who and when, audited; the overview moves the company", async () => {
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: `/api/auth/business/${A}/roster-confirmation`,
        // The administrator confirms first (for the DER); the DER's tap then finds it done.
        expect: { anonymous: 401, member: 403, otherMember: 404, otherDer: 404, admin: 200, der: 409 },
      });
      const task =
        (await (await ctx.request("der", "GET", `/api/auth/business/${A}/roster-confirmation`)).json())
          .data;
      assertEquals(task.attributes.status, "confirmed");
      const row = await db.selectFrom("roster_confirmations").select([
        "confirmed_by_user_id",
        "confirmed_roster",
      ])
        .where("business_id", "=", A).where("period_start", "=", "2027-01-01").executeTakeFirstOrThrow();
      assertEquals(row.confirmed_by_user_id, ctx.users.admin.id);
      assertEquals((row.confirmed_roster as { user_id: number }[]).map((p) => p.user_id), [
        ctx.users.member.id,
      ]);
      const { meta } = await (await ctx.request("admin", "GET", "/api/auth/roster-confirmations")).json();
      assertEquals(meta, { today: "2027-01-31", confirmed: 1, waiting: 0, overdue: 1 });
      const audits = await db.selectFrom("audit_log").select("action").where("action", "=", "roster.confirm")
        .execute();
      assertEquals(audits.length, 1);
      const remindConfirmed = await ctx.request(
        "admin",
        "POST",
        `/api/auth/roster-confirmations/${task.id}/remind`,
      );
      assertEquals(remindConfirmed.status, 409);
    });

    await t.step("the schedule is a setting: monthly asks again on February's first office day", async () => {
      const { data } = await (await ctx.request("admin", "GET", "/api/auth/settings")).json();
      assertEquals(data.roster_confirmation_months, 3);
      const { roster_confirmation_months: _, pause_warning_days: _w, pause_window_days: _d, ...form } = data;
      const bad = await ctx.request("admin", "PUT", "/api/auth/settings", {
        ...form,
        roster_confirmation_months: 2,
      });
      assertEquals(bad.status, 422);
      const ok = await ctx.request("admin", "PUT", "/api/auth/settings", {
        ...form,
        roster_confirmation_months: 1,
      });
      assertEquals(ok.status, 200);
      clock.set("2027-02-01T04:59:00Z"); // still January 31 in New York: January's (monthly) period
      assertEquals(await sendRosterRequests(ctx.deps), 0); // the quarter's January 1 requests are January's
      clock.set("2027-02-01T05:00:00Z");
      assertEquals(await sendRosterRequests(ctx.deps), 2);
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("X-Test-Now: a request's clock only when TEST_CLOCK_HEADER is on, and production refuses it", async () => {
  const clock = testClock("2027-03-10T15:00:00Z");
  const ctx = await createTestContext({ now: clock.now });
  try {
    const today = async () =>
      (await (await ctx.request("admin", "GET", "/api/auth/roster-confirmations", undefined, {
        "X-Test-Now": "2027-03-11T14:00:00Z", // within the session's day
      })).json()).meta.today;
    assertEquals(await today(), "2027-03-10");
    (ctx.deps.config as { testClockHeader: boolean }).testClockHeader = true;
    assertEquals(await today(), "2027-03-11");
  } finally {
    await ctx.close();
  }
  const ready = {
    ...loadConfig(),
    production: true,
    publicUrl: "https://portal.example.org",
    publicUrlFromRequest: false,
    officePhone: "(985) 876-5432",
    officeEmail: "office@portal.example.org",
    sellerAddress: "APCA Consortium; 100 Harbor Way; Houma, LA 70360",
  };
  assertEquals(productionProblems({ ...ready, testClockHeader: false }), []);
  const problems = productionProblems({ ...ready, testClockHeader: true });
  assertEquals(problems.length, 1);
  assertOk(problems[0].startsWith("TEST_CLOCK_HEADER=1 is for end-to-end runs only"));
});
