/**
 * Retention (issue 38 item 1, decision 0091), on the injected clock: each kind of record goes on the job's
 * first run after its period (counted from its own day in New York, not UTC's), not a day earlier; a member's
 * or a company's hold keeps theirs until lifted; the due list names exactly what the job then takes; the
 * period never goes below the legal minimum; an account deletion keeps what the legal minimum still requires.
 * Every route with its role matrix.
 */
import type { Kysely } from "kysely";
import { backgroundJobs } from "../background.ts";
import { loadConfig } from "../config.ts";
import type { DB } from "../db/types.ts";
import { addDays, startOfDayIn } from "../lib/dates.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { testClock } from "../testing/clock.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";
import { RETENTION_MESSAGES as M } from "./schemas.ts";
import { RETENTION_QUEUE, runRetention } from "./service.ts";

const TZ = "America/New_York";
const HOUR = 3_600_000;

/** `day` less `months` calendar months (days of month up to 28 only). */
function monthsBefore(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number);
  assertOk(d <= 28);
  return new Date(Date.UTC(y, m - 1 - months, d)).toISOString().slice(0, 10);
}

/** 23:30 in New York on `day`: already the next day in UTC. */
const lateOn = (day: string) => new Date(startOfDayIn(day, TZ).getTime() + 23.5 * HOUR);

/** The record's day for a removal on `removal` with a period of `months`. */
const dayFor = (removal: string, months: number) => monthsBefore(addDays(removal, -1), months);

async function addTest(
  db: Kysely<DB>,
  userId: number | null,
  businessId: number | null,
  result: "negative" | "positive" | null,
  at: Date,
  reason: "random" | "follow_up" = "random",
) {
  const resulted = result !== null;
  return (await db.insertInto("drug_tests").values({
    user_id: userId,
    business_id: businessId,
    reason,
    status: resulted ? "resulted" : "ordered",
    result,
    ordered_at: at,
    collected_at: resulted ? at : null,
    resulted_at: resulted ? at : null,
    created_at: at,
  }).returning("id").executeTakeFirstOrThrow()).id;
}

Deno.test("the daily job is scheduled", () => {
  const jobs = backgroundJobs(loadConfig());
  assertOk(RETENTION_QUEUE in jobs.handlers);
  assertOk(jobs.schedules.some((s) => JSON.stringify(s).includes(RETENTION_QUEUE)));
});

Deno.test("retention: each kind on its day, holds, the due list, the periods", async (t) => {
  const clock = testClock("2027-01-04T17:00:00Z");
  const ctx = await createTestContext({ now: clock.now });
  const { db } = ctx.database;
  const member = ctx.users.member;
  const other = ctx.users.otherMember;
  const companyB = ctx.users.otherDer.businessId;
  // Removal days, one per kind, and the record made on the day that gives it (at 23:30 in New York).
  const R = {
    oneYear: "2027-02-21",
    fiveYears: "2027-02-23",
    collection: "2027-02-25",
    pool: "2027-03-22",
    order: "2027-03-24",
    audit: "2027-03-26",
    mis: "2027-04-01",
    email: "2027-05-21",
  };
  const negative = await addTest(db, member.id, member.businessId, "negative", lateOn(dayFor(R.oneYear, 15)));
  const heldNegative = await addTest(
    db,
    other.id,
    null,
    "negative",
    lateOn(dayFor(R.oneYear, 15)),
  );
  // A follow-up test is kept five years whatever its result; a positive is too.
  const positive = await addTest(
    db,
    member.id,
    member.businessId,
    "positive",
    lateOn(dayFor(R.fiveYears, 63)),
  );
  const followUp = await addTest(
    db,
    member.id,
    member.businessId,
    "negative",
    lateOn(dayFor(R.fiveYears, 63)),
    "follow_up",
  );
  await db.insertInto("drug_test_panels").values([
    { drug_test_id: positive, detail: { analytes: [] } },
    { drug_test_id: negative, detail: { analytes: [] } },
  ]).execute();
  const ordered = await addTest(db, member.id, member.businessId, null, lateOn(dayFor(R.collection, 27)));
  // An anonymised result of December 31, 2021 in New York (January 1, 2022 in UTC): MIS data of 2021.
  const mis = await addTest(db, null, member.businessId, "negative", lateOn("2021-12-31"));
  const pool = (await db.insertInto("random_pools").values({
    year: 2024,
    month: 12,
    rate_percent: 50,
    status: "complete",
    created_at: lateOn(dayFor(R.pool, 27)),
    completed_at: lateOn(dayFor(R.pool, 27)),
  }).returning("id").executeTakeFirstOrThrow()).id;
  const order = async (userId: number | null, businessId: number | null) =>
    (await db.insertInto("orders").values({
      user_id: userId,
      business_id: businessId,
      total_cents: 9900,
      status: "completed",
      completed_at: lateOn(dayFor(R.order, 87)),
      created_at: lateOn(dayFor(R.order, 87)),
    }).returning("id").executeTakeFirstOrThrow()).id;
  const memberOrder = await order(member.id, null);
  const heldOrder = await order(null, companyB);
  const auditRow = async () =>
    (await db.selectFrom("audit_log").select("id").where("action", "=", "test.old_entry").executeTakeFirst())
      ?.id;
  await db.insertInto("audit_log").values({
    action: "test.old_entry",
    entity: "order",
    entity_id: "1",
    actor_user_id: null,
    created_at: lateOn(dayFor(R.audit, 63)),
  }).execute();
  const oldAudit = (await auditRow())!;
  const email = (await db.insertInto("email_outbox").values({
    to_address: "someone@test.local",
    subject: "Old receipt",
    text_body: "x",
    status: "sent",
    sent_at: lateOn(dayFor(R.email, 12)),
    created_at: lateOn(dayFor(R.email, 12)),
  }).returning("id").executeTakeFirstOrThrow()).id;

  const test = (id: number) =>
    db.selectFrom("drug_tests").select(["user_id", "i3_order_ref"]).where("id", "=", id).executeTakeFirst();
  const exists = async (table: "drug_tests" | "random_pools" | "email_outbox", id: number) =>
    !!(await db.selectFrom(table).select("id").where("id", "=", id).executeTakeFirst());
  const anonymisedOrder = async (id: number) =>
    (await db.selectFrom("orders").select("anonymised_at").where("id", "=", id).executeTakeFirstOrThrow())
      .anonymised_at !== null;
  /** 23:30 in New York on the eve of `removal`, then 00:30 on the day itself. */
  const eve = (removal: string) => clock.set(lateOn(addDays(removal, -1)));
  const onDay = (removal: string) => clock.set(new Date(startOfDayIn(removal, TZ).getTime() + HOUR / 2));
  const due = async () => {
    const res = await ctx.request("admin", "GET", "/api/auth/retention/due");
    assertEquals(res.status, 200);
    return (await res.json()).data as {
      from: string;
      until: string;
      kinds: { kind: string; count: number; records: { id: number; removal_on: string }[] }[];
    };
  };
  const listed = (d: Awaited<ReturnType<typeof due>>, kind: string) =>
    d.kinds.find((k) => k.kind === kind)!.records.map((r) => [r.id, r.removal_on]);

  try {
    let memberHold = 0;
    let companyHold = 0;
    await t.step("holds: placed on a member and on a company with a reason, audited", async () => {
      const res = await ctx.request("admin", "POST", "/api/auth/legal-holds", {
        user_id: other.id,
        reason: "USCG investigation 2027-114",
      });
      assertEquals(res.status, 201);
      memberHold = (await res.json()).id;
      const company = await ctx.request("admin", "POST", "/api/auth/legal-holds", {
        business_id: companyB,
        reason: "Subpoena in Doe v. Harbor Tugs",
      });
      assertEquals(company.status, 201);
      companyHold = (await company.json()).id;
      const twice = await ctx.request("admin", "POST", "/api/auth/legal-holds", {
        user_id: other.id,
        reason: "x",
      });
      assertEquals([twice.status, (await twice.json()).error], [409, M.alreadyHeld]);
      const both = await ctx.request("admin", "POST", "/api/auth/legal-holds", {
        user_id: other.id,
        business_id: companyB,
        reason: "x",
      });
      assertEquals([both.status, (await both.json()).code], [422, "VALIDATION_FAILED"]);
      const blank = await ctx.request("admin", "POST", "/api/auth/legal-holds", {
        user_id: member.id,
        reason: " ",
      });
      assertEquals(blank.status, 422);
      const rows = await db.selectFrom("audit_log").select(["action", "entity", "entity_id", "actor_user_id"])
        .where("action", "=", "legal_hold.place").orderBy("id").execute();
      assertEquals(rows, [
        {
          action: "legal_hold.place",
          entity: "user",
          entity_id: String(other.id),
          actor_user_id: ctx.users.admin.id,
        },
        {
          action: "legal_hold.place",
          entity: "business",
          entity_id: String(companyB),
          actor_user_id: ctx.users.admin.id,
        },
      ]);
      const list = (await (await ctx.request("admin", "GET", "/api/auth/legal-holds")).json()).data;
      assertEquals(list.map((h: { subject: string; lifted_at: null }) => [h.subject, h.lifted_at]), [
        ["company", null],
        ["member", null],
      ]);
    });

    await t.step("the due list looks 30 days ahead, and never at held records", async () => {
      clock.set("2027-01-21T17:00:00Z");
      assertEquals(listed(await due(), "results_one_year"), []);
      clock.set("2027-01-22T17:00:00Z");
      const d = await due();
      assertEquals([d.from, d.until], ["2027-01-22", "2027-02-21"]);
      assertEquals(listed(d, "results_one_year"), [[negative, R.oneYear]]);
      assertEquals(listed(d, "results_five_years"), []);
    });

    await t.step(
      "negative results: kept through the eve, anonymised on the day; held ones stay",
      async () => {
        eve(R.oneYear);
        await runRetention(ctx.deps);
        assertEquals((await test(negative))?.user_id, member.id);
        onDay(R.oneYear);
        assertEquals(await runRetention(ctx.deps), { results_one_year: 1 });
        assertEquals(await test(negative), { user_id: null, i3_order_ref: null });
        assertOk(
          !await db.selectFrom("drug_test_panels").select("drug_test_id").where("drug_test_id", "=", negative)
            .executeTakeFirst(),
        );
        assertEquals((await test(heldNegative))?.user_id, other.id);
        const sweep = await db.selectFrom("audit_log").select("detail").where(
          "action",
          "=",
          "retention.sweep",
        )
          .orderBy("id", "desc").executeTakeFirstOrThrow();
        assertEquals(sweep.detail, { day: R.oneYear, counts: { results_one_year: 1 } });
      },
    );

    await t.step("lifting the hold lets the next run take it (audited)", async () => {
      const res = await ctx.request("admin", "POST", `/api/auth/legal-holds/${memberHold}/lift`, {
        reason: "Investigation closed",
      });
      assertEquals(res.status, 200);
      const again = await ctx.request("admin", "POST", `/api/auth/legal-holds/${memberHold}/lift`, {});
      assertEquals([again.status, (await again.json()).error], [409, M.liftedAlready]);
      assertEquals(await runRetention(ctx.deps), { results_one_year: 1 });
      assertEquals((await test(heldNegative))?.user_id, null);
      assertOk(
        await db.selectFrom("audit_log").select("id").where("action", "=", "legal_hold.lift")
          .where("entity_id", "=", String(other.id)).executeTakeFirst(),
      );
    });

    await t.step("positives and follow-ups: five years; a positive keeps its panel for the MIS", async () => {
      eve(R.fiveYears);
      await runRetention(ctx.deps);
      assertEquals((await test(positive))?.user_id, member.id);
      assertEquals((await test(followUp))?.user_id, member.id);
      onDay(R.fiveYears);
      assertEquals(await runRetention(ctx.deps), { results_five_years: 2 });
      assertEquals((await test(positive))?.user_id, null);
      assertEquals((await test(followUp))?.user_id, null);
      assertOk(
        await db.selectFrom("drug_test_panels").select("drug_test_id").where("drug_test_id", "=", positive)
          .executeTakeFirst(),
      );
    });

    await t.step("a test that never reported a result: removed after two years", async () => {
      eve(R.collection);
      await runRetention(ctx.deps);
      assertOk(await exists("drug_tests", ordered));
      onDay(R.collection);
      assertEquals(await runRetention(ctx.deps), { collection_records: 1 });
      assertOk(!await exists("drug_tests", ordered));
    });

    await t.step("the due list matches what the job then takes", async () => {
      clock.set("2027-02-24T17:00:00Z");
      const d = await due();
      assertEquals(listed(d, "random_selections"), [[pool, R.pool]]);
      // The company's order is under a hold: not listed.
      assertEquals(listed(d, "orders"), [[memberOrder, R.order]]);
      assertEquals(listed(d, "audit_entries"), [[oldAudit, R.audit]]);
      assertEquals(listed(d, "mis_data"), []);
      const expected = Object.fromEntries(d.kinds.filter((k) => k.count).map((k) => [k.kind, k.count]));
      const taken: Record<string, number> = {};
      const run = async () => {
        for (const [k, n] of Object.entries(await runRetention(ctx.deps))) taken[k] = (taken[k] ?? 0) + n;
      };
      for (
        const [removal, gone] of [
          [R.pool, async () => !await exists("random_pools", pool)],
          [R.order, () => anonymisedOrder(memberOrder)],
          [R.audit, async () => !await auditRow()],
        ] as const
      ) {
        eve(removal);
        await run();
        assertEquals(await gone(), false, `kept on the eve of ${removal}`);
        onDay(removal);
        await run();
        assertEquals(await gone(), true, `taken on ${removal}`);
      }
      assertEquals(taken, expected);
      assertEquals(await anonymisedOrder(heldOrder), false);
      const o = await db.selectFrom("orders").select(["user_id", "number", "total_cents"]).where(
        "id",
        "=",
        memberOrder,
      )
        .executeTakeFirstOrThrow();
      assertEquals([o.user_id, o.total_cents], [null, 9900]);
    });

    await t.step("the company's hold lifted, its order goes on the next run", async () => {
      const res = await ctx.request("admin", "POST", `/api/auth/legal-holds/${companyHold}/lift`, {});
      assertEquals(res.status, 200);
      assertEquals(await runRetention(ctx.deps), { orders: 1 });
      assertEquals(await anonymisedOrder(heldOrder), true);
    });

    await t.step("MIS data: five years from the end of the year it counts in (New York's year)", async () => {
      eve(R.mis);
      await runRetention(ctx.deps);
      assertOk(await exists("drug_tests", mis));
      onDay(R.mis);
      const counts = await runRetention(ctx.deps);
      // Its own row and the two five-year results anonymised in November 2021.
      assertEquals(counts, { mis_data: 3 });
      assertOk(!await exists("drug_tests", mis));
      assertOk(!await exists("drug_tests", positive));
    });

    await t.step("e-mails: a year", async () => {
      eve(R.email);
      await runRetention(ctx.deps);
      assertOk(await exists("email_outbox", email));
      onDay(R.email);
      assertEquals((await runRetention(ctx.deps)).emails, 1);
      assertOk(!await exists("email_outbox", email));
    });

    await t.step("the period: set before → after, never below the minimum (API and database)", async () => {
      const low = await ctx.request("admin", "PUT", "/api/auth/retention/schedule/results_one_year", {
        period_months: 11,
      });
      const body = await low.json();
      assertEquals([low.status, body.code, body.error], [422, "VALIDATION_FAILED", M.belowMinimum(12)]);
      const bad = await ctx.request("admin", "PUT", "/api/auth/retention/schedule/results_one_year", {
        period_months: "twelve",
      });
      assertEquals(bad.status, 422);
      const none = await ctx.request("admin", "PUT", "/api/auth/retention/schedule/no_such_kind", {
        period_months: 12,
      });
      assertEquals(none.status, 404);
      const ok = await ctx.request("admin", "PUT", "/api/auth/retention/schedule/results_one_year", {
        period_months: 12,
      });
      assertEquals(ok.status, 200);
      const row = (await ok.json()).data.find((r: { kind: string }) => r.kind === "results_one_year");
      assertEquals([row.minimum_months, row.period_months], [12, 12]);
      const audit = await db.selectFrom("audit_log").select(["detail", "entity_id"])
        .where("action", "=", "retention.set_period").executeTakeFirstOrThrow();
      assertEquals(audit, {
        entity_id: "results_one_year",
        detail: { changes: { period_months: [15, 12] } },
      });
      let refused = "";
      try {
        await db.updateTable("retention_schedule").set({ period_months: 59 }).where(
          "kind",
          "=",
          "audit_entries",
        )
          .execute();
      } catch (error) {
        refused = String((error as { code?: string }).code);
      }
      assertEquals(refused, "23514");
    });

    await t.step("every route is the administrators' alone", async () => {
      for (
        const [method, path, body, status] of [
          ["GET", "/api/auth/retention/schedule", undefined, 200],
          ["PUT", "/api/auth/retention/schedule/emails", { period_months: 13 }, 200],
          ["GET", "/api/auth/retention/due", undefined, 200],
          ["GET", "/api/auth/legal-holds", undefined, 200],
          ["POST", "/api/auth/legal-holds", { user_id: member.id, reason: "Audit" }, 201],
          ["POST", `/api/auth/legal-holds/${memberHold}/lift`, {}, 409],
        ] as const
      ) {
        await assertRoleAnswers(ctx, { method, path, body: () => body, expect: adminOnly(status) });
      }
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("an account deletion keeps what the legal minimum still requires, the rest goes", async () => {
  const clock = testClock("2027-06-01T17:00:00Z");
  const ctx = await createTestContext({ now: clock.now });
  const { db } = ctx.database;
  const other = ctx.users.otherMember;
  try {
    // 13 months old: past the one-year minimum, within the consortium's 15 months.
    const negative = await addTest(db, other.id, other.businessId, "negative", lateOn("2026-05-01"));
    const positive = await addTest(db, other.id, other.businessId, "positive", lateOn("2025-05-01"));
    await db.insertInto("email_outbox").values({
      to_address: other.email,
      subject: "Your receipt",
      text_body: "x",
      status: "sent",
      sent_at: lateOn("2027-05-01"),
      created_at: lateOn("2027-05-01"),
    }).execute();
    await db.updateTable("business_users").set({ removed_at: clock.now() }).where("user_id", "=", other.id)
      .where("is_owner", "=", true).execute();
    const res = await ctx.request("admin", "DELETE", `/api/auth/user/${other.id}`);
    assertEquals(res.status, 200);
    const owner = async (id: number) =>
      (await db.selectFrom("drug_tests").select("user_id").where("id", "=", id).executeTakeFirstOrThrow())
        .user_id;
    assertEquals(await owner(negative), null);
    assertEquals(await owner(positive), other.id);
    assertEquals(
      (await db.selectFrom("email_outbox").select("id").where("to_address", "=", other.email).execute())
        .length,
      0,
    );
    const audit = await db.selectFrom("audit_log").select("detail").where("action", "=", "account_deleted")
      .where("entity_id", "=", String(other.id)).executeTakeFirstOrThrow();
    assertEquals((audit.detail as { removed: unknown }).removed, { results_one_year: 1, emails: 1 });
  } finally {
    await ctx.close();
  }
});
