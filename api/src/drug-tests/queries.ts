import { type Insertable, type Kysely, sql, type Updateable } from "kysely";
import type { DB, DrugTestReason, DrugTestResult, DrugTestStatus } from "../db/types.ts";
import { isPassing } from "../integrations/i3/i3.ts";
import { type ListParams, paginate, record } from "../lib/list.ts";
import {
  isDue,
  notHeld,
  officeDayOf,
  onlyUser,
  retentionDays,
  type RetentionRow,
  type RetentionWindow,
} from "../lib/retention-window.ts";
import { insertWithIds, updateAll } from "../lib/bulk.ts";

/**
 * One page of a user's drug tests as summaries. The panel detail (drug_test_panels) is never read here:
 * a list shows whether a test passed, not what the laboratory found (49 CFR 40.321).
 */
export async function listTestsOf(
  db: Kysely<DB>,
  userId: number,
  params: ListParams,
  { unreleasedRandoms = false }: { unreleasedRandoms?: boolean } = {},
) {
  const query = db.selectFrom("drug_tests")
    .select([
      "id",
      "reason",
      "status",
      "result",
      sql<Date>`coalesce(collected_at, ordered_at, created_at)`.as("date"),
    ])
    .where("user_id", "=", userId)
    // A random test of a pool not released yet is not announced, not even to its member (decision 0033):
    // administrators only.
    .$if(!unreleasedRandoms, (q) => q.where(notUnreleasedRandom("drug_tests.id")));
  const { rows, meta } = await paginate(query, params, {
    id: "id",
    date: "date",
    reason: "reason",
    status: "status",
  });
  return { data: rows.map((r) => testSummary(r)), meta };
}

/**
 * A member's results (resulted or cancelled tests, summaries only) dated within [from, to) or all of them, newest
 * first: what a consent releases (decision 0092). Unreleased random selections are never results yet.
 */
export async function listResultsWithin(
  db: Kysely<DB>,
  userId: number,
  range: { from: Date; to: Date } | null,
) {
  const date = sql<Date>`coalesce(collected_at, ordered_at, created_at)`;
  const rows = await db.selectFrom("drug_tests")
    .select(["id", "reason", "status", "result", date.as("date")])
    .where("user_id", "=", userId)
    .where("status", "in", ["resulted", "cancelled"])
    .where(notUnreleasedRandom("drug_tests.id"))
    .$if(range !== null, (q) => q.where(date, ">=", range!.from).where(date, "<", range!.to))
    .orderBy("date", "desc").orderBy("id", "desc")
    .execute();
  return rows.map((r) => testSummary(r));
}

/**
 * One page of the tests taken under this company by its employees (present or past), as summaries: the panel
 * detail is never read (49 CFR 40.321). A member of two companies is two relationships: a test ordered under
 * company B never shows for company A, whoever the member is.
 */
export async function listBusinessTests(
  db: Kysely<DB>,
  businessId: number,
  params: ListParams & { user_id?: number },
  { unreleasedRandoms = false }: { unreleasedRandoms?: boolean } = {},
) {
  const query = db.selectFrom("drug_tests as t").innerJoin("users as u", "u.id", "t.user_id")
    .select([
      "t.id",
      "t.reason",
      "t.status",
      "t.result",
      "t.user_id",
      "u.first_name",
      "u.last_name",
      sql<Date>`coalesce(t.collected_at, t.ordered_at, t.created_at)`.as("date"),
    ])
    .where("t.business_id", "=", businessId)
    // A random test of a pool not released yet is not announced (46 CFR 16.230(g); decision 0033): shown to
    // administrators only.
    .$if(!unreleasedRandoms, (q) => q.where(notUnreleasedRandom("t.id")))
    .where((eb) =>
      eb.exists(
        eb.selectFrom("business_users as bu").select("bu.id")
          .whereRef("bu.user_id", "=", "t.user_id").where("bu.business_id", "=", businessId),
      )
    )
    .$if(params.user_id !== undefined, (q) => q.where("t.user_id", "=", params.user_id!));
  const { rows, meta } = await paginate(query, params, {
    id: "t.id",
    date: "date",
  });
  return {
    data: rows.map((r) =>
      testSummary(r, { user_id: r.user_id, user_full_name: `${r.first_name} ${r.last_name}` })
    ),
    meta,
  };
}

/**
 * Whether the drug test `testId` (a column reference) is not a random test of a pool still unreleased: members'
 * and DERs' lists of tests leave those out until the administrator releases the pool (unannounced). It reads
 * the random programme's tables; the lists of tests are drug-tests' own.
 */
export const notUnreleasedRandom = (testId: string) =>
  sql<boolean>`not exists (select 1 from random_candidates rc join random_pools rp on rp.id = rc.pool_id
    where rc.drug_test_id = ${sql.ref(testId)} and rp.released_at is null)`;

/** What a list reads of a test: when (collected, else ordered, else created), why, and where it stands. */
export interface TestSummaryRow {
  id: number;
  date: Date;
  reason: DrugTestReason;
  status: DrugTestStatus;
  result: DrugTestResult | null;
}

/**
 * The `drug_test` summary record of every list of tests (a member's, a company's), with the list's `extra`
 * attributes after its own: whether the test passed, never what the laboratory found (49 CFR 40.321).
 */
export function testSummary<E extends object = Record<never, never>>(r: TestSummaryRow, extra = {} as E) {
  return record("drug_test", r.id, {
    date: new Date(r.date).toISOString(),
    reason: r.reason,
    status: r.status,
    result: r.result,
    passed: isPassing(r.result),
    ...extra,
  });
}

/** Whether `viewer` may see `userId`'s tests: themselves or an administrator (a DER's view comes later). */
export const maySeeTestsOf = (viewer: { user_id: number; is_admin: boolean }, userId: number) =>
  viewer.is_admin || viewer.user_id === userId;

/** A business as i3 needs it; `live` leaves deleted businesses out. */
export function findI3Business(db: Kysely<DB>, businessId: number, { live }: { live: boolean }) {
  return db.selectFrom("businesses").select(["id", "name", "i3_location_code"])
    .where("id", "=", businessId).$if(live, (q) => q.where("deleted_at", "is", null)).executeTakeFirst();
}

/** The person to be tested, as i3 needs them (a live account only). */
export function findDonor(db: Kysely<DB>, userId: number) {
  return db.selectFrom("users").select(["id", "first_name", "last_name", "member_number"])
    .where("id", "=", userId).where("deleted_at", "is", null).executeTakeFirst();
}

/**
 * Writes the test row before i3 is asked (pending); answers its id, or null when the membership it is for
 * already has its test (one per membership).
 */
export async function insertPendingTest(
  db: Kysely<DB>,
  row: Insertable<DB["drug_tests"]>,
): Promise<number | null> {
  const inserted = await db.insertInto("drug_tests").values(row)
    .onConflict((oc) => oc.column("membership_id").where("membership_id", "is not", null).doNothing())
    .returning("id").executeTakeFirst();
  return inserted?.id ?? null;
}

/** The test a membership's drug testing rule ordered. */
export function testOfMembership(db: Kysely<DB>, membershipId: number) {
  return db.selectFrom("drug_tests").select(["id", "status", "i3_order_ref", "error"])
    .where("membership_id", "=", membershipId).executeTakeFirstOrThrow();
}

/** A test row with what i3 needs to order it: the donor and the business as it is now. */
export function testToSend(db: Kysely<DB>, id: number) {
  return db.selectFrom("drug_tests as t").innerJoin("users as u", "u.id", "t.user_id")
    .innerJoin("businesses as b", "b.id", "t.business_id")
    .select([
      "t.id",
      "t.reason",
      "u.id as user_id",
      "u.first_name",
      "u.last_name",
      "u.member_number",
      "b.id as business_id",
      "b.name as business_name",
      "b.i3_location_code",
    ])
    .where("t.id", "=", id).executeTakeFirstOrThrow();
}

/** Puts a failed order back to pending for a retry; false when the test is not a failed order. */
export async function reopenFailedTest(db: Kysely<DB>, id: number): Promise<boolean> {
  const { numUpdatedRows } = await db.updateTable("drug_tests").set({ status: "pending" })
    .where("id", "=", id).where("status", "=", "failed").where("i3_order_ref", "is", null)
    .where("business_id", "is not", null).executeTakeFirst();
  return numUpdatedRows > 0n;
}

export async function testExists(db: Kysely<DB>, id: number): Promise<boolean> {
  return (await db.selectFrom("drug_tests").select("id").where("id", "=", id).executeTakeFirst()) !==
    undefined;
}

export async function updateTest(db: Kysely<DB>, id: number, change: Updateable<DB["drug_tests"]>) {
  await db.updateTable("drug_tests").set(change).where("id", "=", id).execute();
}

/** When the oldest test still waiting for i3 was ordered; null when none waits. */
export async function oldestOpenOrder(db: Kysely<DB>): Promise<Date | null> {
  const oldest = await db.selectFrom("drug_tests").select((eb) => eb.fn.min("ordered_at").as("at"))
    .where("status", "in", ["ordered", "collected"]).where("i3_order_ref", "is not", null)
    .executeTakeFirst();
  return oldest?.at ? new Date(oldest.at) : null;
}

/** An ordered test's specimen was collected; false when it was not waiting for that. */
export async function markCollected(db: Kysely<DB>, orderRef: string, collectedAt: Date): Promise<boolean> {
  const { numUpdatedRows } = await db.updateTable("drug_tests")
    .set({ status: "collected", collected_at: collectedAt })
    .where("i3_order_ref", "=", orderRef).where("status", "=", "ordered").executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** Locks the open test with this i3 reference (none when it is not ours or already resulted). */
export function lockOpenTest(db: Kysely<DB>, orderRef: string) {
  return db.selectFrom("drug_tests").select(["id", "reason"]).where("i3_order_ref", "=", orderRef)
    .where("status", "in", ["ordered", "collected"]).forUpdate().executeTakeFirst();
}

export async function recordTestResult(
  db: Kysely<DB>,
  id: number,
  r: { result: DrugTestResult; resultedAt: Date; collectedAt: Date | null; retentionUntil: string },
): Promise<void> {
  await db.updateTable("drug_tests").set((eb) => ({
    status: "resulted",
    result: r.result,
    resulted_at: r.resultedAt,
    collected_at: r.collectedAt ?? eb.ref("collected_at"),
    retention_until: r.retentionUntil,
    error: null,
  })).where("id", "=", id).execute();
}

/** Keeps the laboratory's panel detail once (a repeated sync leaves the first). */
export async function keepPanel(db: Kysely<DB>, testId: number, detail: Record<string, unknown>) {
  await db.insertInto("drug_test_panels").values({ drug_test_id: testId, detail })
    .onConflict((oc) => oc.column("drug_test_id").doNothing()).execute();
}

/** Test rows written but never answered by i3 before `before` (a process stopped in between). */
export async function stalePendingTests(db: Kysely<DB>, before: Date): Promise<number[]> {
  const rows = await db.selectFrom("drug_tests").select("id").where("status", "=", "pending")
    .where("business_id", "is not", null).where("created_at", "<", before).orderBy("id").execute();
  return rows.map((r) => r.id);
}

/**
 * The member's own business, as a scalar subquery on the member id column `userRef` (e.g. "m.user_id"): their
 * primary business, else their oldest current link; live businesses only.
 */
export const ownBusiness = (userRef: string) =>
  sql<number | null>`(select obu.business_id from business_users obu
    join businesses ob on ob.id = obu.business_id
    where obu.user_id = ${sql.ref(userRef)} and obu.removed_at is null and ob.deleted_at is null
    order by obu.is_primary desc, obu.id limit 1)`;

/**
 * The one rule for the business a member's drug tests go through (i3 orders a test under a business's
 * location): the company paying for the membership (the column `payingRef`, e.g. "m.business_id"), else the
 * member's own business (ownBusiness). Membership tests (jobs.ts), registration orders, the random pool
 * snapshot and the random orders (randoms/) all use it, so a member paying for themselves (an independent, or
 * an employee paying their own membership) is tested through their own business everywhere.
 */
export const testBusiness = (payingRef: string, userRef: string) =>
  sql<number | null>`coalesce(${sql.ref(payingRef)}, ${ownBusiness(userRef)})`;

/**
 * The business a member's tests go through now: the paying company of their newest paid, not cancelled
 * membership (none when they pay themselves or the company was deleted), else their own business; null when
 * they have none. For records that hold none (a random pool built before migration 0027 stored 0 for a member
 * paying for themselves).
 */
export async function currentTestBusiness(db: Kysely<DB>, userId: number): Promise<number | null> {
  const row = await db.selectFrom("users as u")
    .select(
      sql<number | null>`coalesce((select case when pb.deleted_at is null then m.business_id end
        from memberships m left join businesses pb on pb.id = m.business_id
        where m.user_id = u.id and not m.failed and not m.pending and m.cancelled_at is null
        order by m.starts_at desc, m.id desc limit 1), ${ownBusiness("u.id")})`.as("business_id"),
    )
    .where("u.id", "=", userId).executeTakeFirst();
  return row?.business_id ?? null;
}

/** What ordering needs to know about a business: its i3 set-up and whether it is a member's own. */
export async function testBusinessFacts(db: Kysely<DB>, businessId: number | null) {
  if (businessId === null) return undefined;
  return await db.selectFrom("businesses")
    .select(["id", "name", "is_individual", "i3_location_code", "i3_setup_error", "deleted_at"])
    .where("id", "=", businessId).executeTakeFirst();
}

/**
 * A membership as its drug testing rule needs it, with the business to order through: the company that pays
 * for it, else the member's primary business, else their first current one (the one rule, testBusiness).
 */
export function membershipForTest(db: Kysely<DB>, membershipId: number) {
  return db.selectFrom("memberships as m")
    .select([
      "m.id",
      "m.user_id",
      "m.order_test",
      "m.is_renewal",
      "m.created_by_user_id",
      testBusiness("m.business_id", "m.user_id").as("business_id"),
    ])
    .where("m.id", "=", membershipId).where("m.failed", "=", false).executeTakeFirst();
}

/** Whether the user has a passed (negative or negative dilute) result since `since`. */
export async function passedTestSince(db: Kysely<DB>, userId: number, since: Date): Promise<boolean> {
  const row = await db.selectFrom("drug_tests").select("id").where("user_id", "=", userId)
    .where("result", "in", ["negative", "negative_dilute"]).where("resulted_at", ">=", since)
    .executeTakeFirst();
  return row !== undefined;
}

/** A test that was due but could not be sent anywhere: kept as failed with why (once per membership). */
export async function recordUnorderableTest(
  db: Kysely<DB>,
  row: Insertable<DB["drug_tests"]>,
): Promise<void> {
  await db.insertInto("drug_tests").values({ ...row, status: "failed" })
    .onConflict((oc) => oc.column("membership_id").where("membership_id", "is not", null).doNothing())
    .execute();
}

/** What failed between us and i3, for the administrators: set-ups, orders, and the results sync. */
export async function i3Problems(db: Kysely<DB>, syncQueue: string) {
  const [businesses, tests, sync] = await Promise.all([
    db.selectFrom("businesses").select(["id", "name", "i3_setup_error", "i3_setup_attempted_at"])
      .where("is_i3_setup", "=", false).where("i3_setup_error", "is not", null).where(
        "deleted_at",
        "is",
        null,
      )
      .orderBy("i3_setup_attempted_at", "desc").execute(),
    db.selectFrom("drug_tests as t").innerJoin("users as u", "u.id", "t.user_id")
      .leftJoin("businesses as b", "b.id", "t.business_id")
      .select([
        "t.id",
        "t.user_id",
        "u.first_name",
        "u.last_name",
        "t.business_id",
        "b.name as business_name",
        "t.reason",
        "t.error",
        "t.updated_at",
        "t.membership_id",
      ])
      .where("t.status", "=", "failed").orderBy("t.updated_at", "desc").limit(200).execute(),
    db.selectFrom("jobs").select(["id", "attempts", "max_attempts", "failed", "last_error", "run_at"])
      .where("queue", "=", syncQueue).where("last_error", "is not", null)
      .where((eb) => eb.or([eb("finished_at", "is", null), eb("failed", "=", true)]))
      .orderBy("id", "desc").limit(1).executeTakeFirst(),
  ]);
  return { businesses, tests, sync };
}

/** A random candidate's test row (written once: the caller, randoms/, holds the candidate's lock). */
export async function insertRandomTest(
  db: Kysely<DB>,
  t: {
    user_id: number;
    business_id: number | null;
    ordered_by: number | null;
    error: string | null;
    created_at: Date;
  },
): Promise<number> {
  const row = await db.insertInto("drug_tests").values({
    created_at: t.created_at,
    user_id: t.user_id,
    business_id: t.business_id,
    reason: "random",
    status: t.error ? "failed" : "pending",
    error: t.error,
    ordered_by_user_id: t.ordered_by,
  }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** Sets a test not yet resulted to `status` (a random candidate exempted or substituted: cancelled). */
export async function setTestStatus(
  db: Kysely<DB>,
  id: number,
  status: DrugTestStatus,
  error: string | null,
) {
  await db.updateTable("drug_tests").set({ status, error }).where("id", "=", id)
    .where("status", "in", ["pending", "ordered", "failed"]).execute();
}

/**
 * A random test that cannot be sent yet, with the business it goes through (null for none) and the reason
 * the pool screen shows on the candidate; a test already placed is left as it is.
 */
export async function blockTest(db: Kysely<DB>, id: number, businessId: number | null, reason: string) {
  await db.updateTable("drug_tests").set({ status: "failed", business_id: businessId, error: reason })
    .where("id", "=", id).where("status", "in", ["pending", "failed"]).where("i3_order_ref", "is", null)
    .execute();
}

/** Moves a test not yet placed to the business it goes through now; a test already placed is left. */
export async function moveUnplacedTest(db: Kysely<DB>, id: number, businessId: number) {
  await db.updateTable("drug_tests").set({ business_id: businessId }).where("id", "=", id)
    .where("status", "in", ["pending", "failed"]).where("i3_order_ref", "is", null).execute();
}

/**
 * A member moved from company `from` to `to` (decision 0065): tests not yet placed with i3 go through `to`;
 * orders already placed stay at `from`'s i3 location (the order exists there). Answers both lists of ids.
 */
export async function moveUnplacedTests(db: Kysely<DB>, userId: number, from: number, to: number) {
  const moved = await db.updateTable("drug_tests").set({ business_id: to })
    .where("user_id", "=", userId).where("business_id", "=", from).where("status", "=", "pending")
    .where("i3_order_ref", "is", null).returning("id").execute();
  const placed = await db.selectFrom("drug_tests").select(["id", "i3_order_ref"])
    .where("user_id", "=", userId).where("business_id", "=", from).where("status", "=", "ordered")
    .orderBy("id").execute();
  return { moved: moved.map((r) => r.id), placed: placed.map((r) => r.i3_order_ref ?? String(r.id)) };
}

/** An account merge (decision 0080): the tests of `from` become `to`'s; answers how many moved. */
export async function moveDrugTestsOfUser(db: Kysely<DB>, from: number, to: number): Promise<number> {
  const moved = await db.updateTable("drug_tests").set({ user_id: to }).where("user_id", "=", from)
    .returning("id").execute();
  return moved.length;
}

// ---- For the administrators' import (api/src/imports/, decision 0084). ----

/** The import's chunks, set-based (decision 0089): answers the new ids in the rows' order. */
export const insertImportedTests = (db: Kysely<DB>, rows: Insertable<DB["drug_tests"]>[]) =>
  insertWithIds(db, "drug_tests", rows);
export const updateImportedTests = (
  db: Kysely<DB>,
  rows: { id: number; change: Updateable<DB["drug_tests"]> }[],
) => updateAll(db, "drug_tests", rows);

export async function updateImportedTest(db: Kysely<DB>, id: number, change: Updateable<DB["drug_tests"]>) {
  if (Object.keys(change).length === 0) return;
  await db.updateTable("drug_tests").set(change).where("id", "=", id).execute();
}

export async function deleteImportedTest(db: Kysely<DB>, id: number) {
  await db.deleteFrom("drug_tests").where("id", "=", id).execute();
}

/** The drug-test kinds of the retention schedule (decision 0091). */
export type DrugTestRetentionKind =
  | "results_five_years"
  | "results_one_year"
  | "collection_records"
  | "mis_data";

/** Each kind's rows and the date its period runs from (the record's own date, in the office's zone). */
function drugTestKind(kind: DrugTestRetentionKind, w: RetentionWindow) {
  const fiveYears = sql`(t.result in ('positive', 'refusal') or t.reason = 'follow_up')`;
  const reported = officeDayOf(sql`t.resulted_at`, w);
  switch (kind) {
    case "results_five_years":
      return { where: sql`t.user_id is not null and t.result is not null and ${fiveYears}`, day: reported };
    case "results_one_year":
      return {
        where: sql`t.user_id is not null and t.result is not null and not ${fiveYears}`,
        day: reported,
      };
    case "collection_records":
      return {
        where: sql`t.result is null`,
        day: officeDayOf(sql`coalesce(t.collected_at, t.ordered_at, t.created_at)`, w),
      };
    case "mis_data":
      return {
        where: sql`t.user_id is null and t.result is not null`,
        day: sql`make_date(extract(year from ${reported})::int, 12, 31)`,
      };
  }
}

/** The kind's rows past their period (oldest first), as the due list shows them and the job takes them. */
export async function dueDrugTests(
  db: Kysely<DB>,
  kind: DrugTestRetentionKind,
  w: RetentionWindow,
): Promise<RetentionRow[]> {
  const { where, day } = drugTestKind(kind, w);
  const { rows } = await sql<RetentionRow>`
    select t.id, ${retentionDays(day, w)}, t.user_id, t.business_id,
      coalesce(u.first_name || ' ' || u.last_name || coalesce(' (' || u.member_number || ')', ''), 'No person')
        || ': ' || replace(t.reason, '_', '-') || ' test' || coalesce(', ' || b.name, '') as label
    from drug_tests t left join users u on u.id = t.user_id left join businesses b on b.id = t.business_id
    where ${where} and ${isDue(day, w)} and ${notHeld(sql`t.user_id`, sql`t.business_id`, w)}
      and ${onlyUser(sql`t.user_id`, w)}
    order by ${day}, t.id limit ${w.limit}`.execute(db);
  return rows;
}

/**
 * Anonymises results: the person, the i3 references and the order's links go; the reason, result, day and
 * employer stay for the MIS report, with a positive's panel (the drugs it counts). Answers how many changed.
 */
export async function anonymiseDrugTests(db: Kysely<DB>, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const run = async (trx: Kysely<DB>) => {
    await trx.deleteFrom("drug_test_panels").where("drug_test_id", "in", ids)
      .where((eb) =>
        eb.not(eb.exists(
          eb.selectFrom("drug_tests as t").whereRef("t.id", "=", "drug_test_panels.drug_test_id")
            .where("t.result", "=", "positive").select("t.id"),
        ))
      ).execute();
    const { numUpdatedRows } = await trx.updateTable("drug_tests").set({
      user_id: null,
      i3_order_ref: null,
      i3_location_code: null,
      ordered_by_user_id: null,
      membership_id: null,
      error: null,
    }).where("id", "in", ids).where("user_id", "is not", null).executeTakeFirst();
    return Number(numUpdatedRows);
  };
  return db.isTransaction ? await run(db) : await db.transaction().execute(run);
}

/** Removes tests and their panels; answers how many went. */
export async function removeDrugTests(db: Kysely<DB>, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const { numDeletedRows } = await db.deleteFrom("drug_tests").where("id", "in", ids).executeTakeFirst();
  return Number(numDeletedRows);
}
