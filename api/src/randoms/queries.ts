/**
 * The SQL of random pools: the pools, the snapshot of the covered population, the draw's positions, the
 * random tests of the selected candidates, their PDFs, exemptions and substitutions, and the year's figures
 * the rate is computed from. Writes take the caller's transaction.
 */
import { type Kysely, sql, type Updateable } from "kysely";
import type { DateString, DB, DrugTestStatus } from "../db/types.ts";
import { type ListParams, paginate } from "../lib/list.ts";
import { testBusiness } from "../drug-tests/random-tests.ts";

export type PoolRow = NonNullable<Awaited<ReturnType<typeof findPool>>>;

/** A pool with the counts its record shows. */
function pools(db: Kysely<DB>) {
  return db.selectFrom("random_pools as p").selectAll("p")
    .select((eb) => [
      eb.selectFrom("random_candidates as c").select(sql<number>`count(*)::int`.as("n"))
        .whereRef("c.pool_id", "=", "p.id").where("c.exempt", "=", true).as("exempt_count"),
      eb.selectFrom("random_candidates as c").innerJoin("drug_tests as t", "t.id", "c.drug_test_id")
        .select(sql<number>`count(*)::int`.as("n"))
        .whereRef("c.pool_id", "=", "p.id").where("c.selected", "=", true).where("c.exempt", "=", false)
        .where("t.status", "in", ["resulted", "cancelled"]).as("completed_count"),
      eb.selectFrom("random_candidates as c").select(sql<number>`count(*)::int`.as("n"))
        .whereRef("c.pool_id", "=", "p.id").where("c.selected", "=", true).where("c.exempt", "=", false)
        .where("c.pdf_document_id", "is not", null).as("pdf_ready"),
      eb.selectFrom("random_candidates as c").select(sql<number>`count(*)::int`.as("n"))
        .whereRef("c.pool_id", "=", "p.id").where("c.selected", "=", true).where("c.exempt", "=", false)
        .as("to_test"),
    ]);
}

export function findPool(db: Kysely<DB>, id: number) {
  return pools(db).where("p.id", "=", id).executeTakeFirst();
}

export async function lockPool(db: Kysely<DB>, id: number) {
  return await db.selectFrom("random_pools").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
}

export async function listPools(db: Kysely<DB>, page: number, perPage: number, year?: number) {
  let q = pools(db);
  if (year) q = q.where("p.year", "=", year);
  const rows = await q.orderBy("p.year", "desc").orderBy("p.month", "desc").orderBy("p.id", "desc")
    .limit(perPage).offset((page - 1) * perPage).execute();
  let c = db.selectFrom("random_pools").select(sql<number>`count(*)::int`.as("n"));
  if (year) c = c.where("year", "=", year);
  return { rows, total: (await c.executeTakeFirstOrThrow()).n };
}

export async function poolExists(db: Kysely<DB>, year: number, month: number): Promise<boolean> {
  return (await db.selectFrom("random_pools").select("id").where("year", "=", year).where("month", "=", month)
    .where("period", "=", "monthly").executeTakeFirst()) !== undefined;
}

export async function insertPool(
  db: Kysely<DB>,
  p: {
    year: number;
    month: number;
    rate: number;
    seed: string;
    commitment: string;
    algorithm: string;
    by: number;
  },
): Promise<number> {
  const row = await db.insertInto("random_pools").values({
    year: p.year,
    month: p.month,
    rate_percent: p.rate,
    seed: p.seed,
    commitment: p.commitment,
    algorithm: p.algorithm,
    created_by_user_id: p.by,
  }).onConflict((oc) => oc.columns(["year", "month", "period"]).doNothing()).returning("id")
    .executeTakeFirst();
  return row?.id ?? 0;
}

export async function updatePool(db: Kysely<DB>, id: number, change: Updateable<DB["random_pools"]>) {
  await db.updateTable("random_pools").set(change).where("id", "=", id).execute();
}

/** The year's rate (16.230(e)): the stored setting, else 50 %. */
export async function rateOf(db: Kysely<DB>, year: number): Promise<number> {
  const row = await db.selectFrom("random_rates").select("rate_percent").where("year", "=", year)
    .executeTakeFirst();
  return row?.rate_percent ?? 50;
}

export async function setRate(db: Kysely<DB>, year: number, rate: number) {
  await db.insertInto("random_rates").values({ year, rate_percent: rate })
    .onConflict((oc) => oc.column("year").doUpdateSet({ rate_percent: rate })).execute();
}

/**
 * Members covered at `now`: an annual membership that is paid (not pending, not failed), not cancelled,
 * started, not expired on `today`, with no open pause; accounts not deleted. One row per member, with the
 * business of their newest covering membership.
 */
function coveredMembers(db: Kysely<DB>, now: Date, today: DateString) {
  return db.selectFrom("memberships as m").innerJoin("users as u", "u.id", "m.user_id")
    .where("m.type", "=", "annual").where("m.pending", "=", false).where("m.failed", "=", false)
    .where("m.cancelled_at", "is", null).where("m.starts_at", "<=", now).where("u.deleted_at", "is", null)
    .where((eb) => eb.or([eb("m.expire_at", "is", null), eb("m.expire_at", ">=", today)]))
    .where((eb) =>
      eb.not(eb.exists(
        eb.selectFrom("membership_pauses as mp").select("mp.id").whereRef("mp.membership_id", "=", "m.id")
          .where("mp.paused_at", "<=", now).where("mp.resumed_at", "is", null),
      ))
    );
}

/**
 * Writes the snapshot of the covered population (ids ascending, with at the same index the business each is
 * tested through: business_rule 2, migration 0027) in one statement.
 */
export async function insertSnapshot(db: Kysely<DB>, poolId: number, now: Date, today: DateString) {
  const members = coveredMembers(db, now, today).distinctOn("m.user_id")
    // The business the member's tests go through: the paying company, else their own (test-business.ts).
    .select(["m.user_id", testBusiness("m.business_id", "m.user_id").as("business_id")])
    .orderBy("m.user_id").orderBy("m.starts_at", "desc").orderBy("m.id", "desc");
  await db.insertInto("random_snapshots").columns(["pool_id", "user_ids", "business_ids", "business_rule"])
    .expression(
      db.selectFrom(members.as("s")).select([
        sql<number>`${poolId}::int`.as("pool_id"),
        sql<number[]>`coalesce(array_agg(s.user_id order by s.user_id), '{}')`.as("user_ids"),
        // 0 for none: postgres.js reads a NULL inside an int[] as NaN.
        sql<number[]>`coalesce(array_agg(coalesce(s.business_id, 0) order by s.user_id), '{}')`.as(
          "business_ids",
        ),
        sql<number>`2::smallint`.as("business_rule"),
      ]),
    ).execute();
}

/** How many members are covered at `now` (the population a pool built now would snapshot). */
export async function coveredCount(db: Kysely<DB>, now: Date, today: DateString): Promise<number> {
  const row = await coveredMembers(db, now, today).select(sql<number>`count(distinct m.user_id)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Every pool of `year` and later, in month order: whether each is drawn (the pace flags months without one). */
export function poolMonthsFrom(db: Kysely<DB>, year: number) {
  return db.selectFrom("random_pools").select([
    "year",
    "month",
    sql<boolean>`drawn_at is not null`.as("drawn"),
  ])
    .where("year", ">=", year).orderBy("year").orderBy("month").execute();
}

/** Whether a member is still covered at `now` (pre-order checks each selected member again). */
export async function isCovered(db: Kysely<DB>, userId: number, now: Date, today: DateString) {
  return (await coveredMembers(db, now, today).select("m.id").where("m.user_id", "=", userId).limit(1)
    .executeTakeFirst()) !== undefined;
}

/** The snapshot: identifiers ascending (the draw's input) and their businesses at the same index. */
export async function snapshotOf(db: Kysely<DB>, poolId: number) {
  const row = await db.selectFrom("random_snapshots").select(["user_ids", "business_ids"])
    .where("pool_id", "=", poolId).executeTakeFirst();
  return {
    ids: (row?.user_ids ?? []).map(Number),
    businesses: (row?.business_ids ?? []).map((b) => (Number(b) > 0 ? Number(b) : null)),
  };
}

/** Candidates with a draw position, in draw order (what verify compares). */
export function positionedCandidates(db: Kysely<DB>, poolId: number) {
  return db.selectFrom("random_candidates")
    .select([
      "id",
      "user_id",
      "draw_position",
      "selected",
      "exempt",
      "substitution_reason",
      "replaces_candidate_id",
    ])
    .where("pool_id", "=", poolId).where("draw_position", "is not", null).orderBy("draw_position").execute();
}

/** Writes drawn positions as candidates (the first `selected` positions are the selection). */
export async function writePositions(
  db: Kysely<DB>,
  poolId: number,
  drawn: { user_id: number; business_id: number | null }[],
  from: number,
  selected: number,
) {
  for (let i = 0; i < drawn.length; i += 5000) {
    await db.insertInto("random_candidates").values(
      drawn.slice(i, i + 5000).map((d, k) => ({
        pool_id: poolId,
        user_id: d.user_id,
        business_id: d.business_id,
        draw_position: from + i + k,
        selected: from + i + k < selected,
      })),
    ).execute();
  }
}

/** This year's other pools: their covered counts (in month order) and the random tests that count. */
export async function yearFigures(db: Kysely<DB>, year: number, beforeMonth: number) {
  const pools = await db.selectFrom("random_pools").select(["covered_count"])
    .where("year", "=", year).where("month", "<", beforeMonth).where("drawn_at", "is not", null)
    .orderBy("month").execute();
  const counted = await countedTests(db, year, beforeMonth);
  return { coveredCounts: pools.map((p) => p.covered_count), counted };
}

/** Selected, not exempt, and not ended without a result (a cancelled test does not count toward the rate). */
async function countedTests(db: Kysely<DB>, year: number, beforeMonth = 13) {
  const row = await db.selectFrom("random_candidates as c").innerJoin(
    "random_pools as p",
    "p.id",
    "c.pool_id",
  )
    .leftJoin("drug_tests as t", "t.id", "c.drug_test_id")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("p.year", "=", year).where("p.month", "<", beforeMonth).where("c.selected", "=", true)
    .where("c.exempt", "=", false)
    .where((eb) =>
      eb.or([
        eb("t.id", "is", null),
        eb.and([eb("t.status", "<>", "cancelled"), eb("t.status", "<>", "failed")]),
      ])
    ).where((eb) => eb.or([eb("t.result", "is", null), eb("t.result", "<>", "cancelled")]))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The pace monitor's figures for a year. */
export async function paceFigures(db: Kysely<DB>, year: number) {
  const pools = await db.selectFrom("random_pools").select(["month", "covered_count", "target_count"])
    .where("year", "=", year).where("drawn_at", "is not", null).orderBy("month").execute();
  const tests = await db.selectFrom("random_candidates as c").innerJoin(
    "random_pools as p",
    "p.id",
    "c.pool_id",
  )
    .leftJoin("drug_tests as t", "t.id", "c.drug_test_id")
    .select([
      sql<number>`count(*) filter (where t.status = 'resulted' and t.result <> 'cancelled')::int`.as(
        "completed",
      ),
      sql<
        number
      >`count(*) filter (where t.id is null or t.status in ('pending', 'ordered', 'collected'))::int`
        .as("pending"),
    ])
    .where("p.year", "=", year).where("c.selected", "=", true).where("c.exempt", "=", false)
    .executeTakeFirstOrThrow();
  return { pools, ...tests };
}

/** The candidates of a pool with a draw position, with names (administrators only) and their test. */
export function candidateList(db: Kysely<DB>, poolId: number) {
  return db.selectFrom("random_candidates as c").innerJoin("users as u", "u.id", "c.user_id")
    .leftJoin("businesses as b", "b.id", "c.business_id").leftJoin(
      "drug_tests as t",
      "t.id",
      "c.drug_test_id",
    )
    .leftJoin("businesses as tb", "tb.id", "t.business_id")
    .select([
      "c.id",
      "c.user_id",
      "c.business_id",
      "c.draw_position",
      "c.selected",
      "c.exempt",
      "c.exempt_reason",
      "c.substitution_reason",
      "c.replaces_candidate_id",
      "c.pdf_document_id",
      "c.drug_test_id",
      "u.first_name",
      "u.last_name",
      "u.member_number",
      "b.name as business_name",
      "b.der_user_id",
      "t.status as test_status",
      "t.result as test_result",
      "t.i3_order_ref",
      "t.ordered_at",
      "t.error as test_error",
      "t.business_id as test_business_id",
      "tb.name as test_business_name",
      "tb.is_individual as test_business_individual",
      sql<boolean>`tb.i3_location_code is not null`.as("test_business_in_i3"),
      sql<boolean>`exists (select 1 from new_business_requests nbr
        where nbr.user_id = c.user_id and nbr.status = 'pending')`.as("company_request_pending"),
    ])
    .where("c.pool_id", "=", poolId).where("c.draw_position", "is not", null).orderBy("c.draw_position")
    .execute();
}

export async function findCandidate(db: Kysely<DB>, poolId: number, id: number, lock = false) {
  let q = db.selectFrom("random_candidates").selectAll().where("pool_id", "=", poolId).where("id", "=", id);
  if (lock) q = q.forUpdate();
  return await q.executeTakeFirst();
}

/** Selected candidates still to be tested (not exempt), in draw order. */
export function selectedCandidates(db: Kysely<DB>, poolId: number) {
  return db.selectFrom("random_candidates as c").leftJoin("drug_tests as t", "t.id", "c.drug_test_id")
    .select([
      "c.id",
      "c.user_id",
      "c.business_id",
      "c.drug_test_id",
      "c.pdf_document_id",
      "t.status as test_status",
      "t.result as test_result",
      "t.business_id as test_business_id",
    ])
    .where("c.pool_id", "=", poolId).where("c.selected", "=", true).where("c.exempt", "=", false)
    .orderBy("c.draw_position").execute();
}

/** The next alternate not yet used: after the selection, in draw order. */
export function nextAlternate(db: Kysely<DB>, poolId: number, afterPosition: number) {
  return db.selectFrom("random_candidates").select(["id", "user_id", "draw_position"])
    .where("pool_id", "=", poolId).where("draw_position", ">=", afterPosition).where("selected", "=", false)
    .where("substitution_reason", "is", null).where("replaces_candidate_id", "is", null)
    .orderBy("draw_position").limit(1).executeTakeFirst();
}

export async function maxPosition(db: Kysely<DB>, poolId: number): Promise<number> {
  const row = await db.selectFrom("random_candidates").select(sql<number | null>`max(draw_position)`.as("m"))
    .where("pool_id", "=", poolId).executeTakeFirstOrThrow();
  return row.m ?? -1;
}

export async function updateCandidate(
  db: Kysely<DB>,
  id: number,
  change: Updateable<DB["random_candidates"]>,
) {
  await db.updateTable("random_candidates").set(change).where("id", "=", id).execute();
}

/** What a candidate's PDF says: who, the business and its collection site, the i3 order. */
export function pdfFacts(db: Kysely<DB>, candidateId: number) {
  return db.selectFrom("random_candidates as c").innerJoin("users as u", "u.id", "c.user_id")
    .leftJoin("businesses as b", "b.id", "c.business_id").leftJoin(
      "drug_tests as t",
      "t.id",
      "c.drug_test_id",
    )
    .select([
      "c.id",
      "c.pool_id",
      "u.first_name",
      "u.last_name",
      "u.member_number",
      "b.name as business_name",
      "t.i3_location_code",
      "t.i3_order_ref",
      "t.ordered_at",
    ])
    .where("c.id", "=", candidateId).executeTakeFirstOrThrow();
}

/** The candidate's notice is filed (documents/store.ts): the candidate points at it and the pool counts it. */
export async function attachPoolPdf(
  db: Kysely<DB>,
  d: { poolId: number; candidateId: number; documentId: number },
) {
  await db.updateTable("random_candidates").set({ pdf_document_id: d.documentId }).where(
    "id",
    "=",
    d.candidateId,
  )
    .execute();
  await db.updateTable("random_pools").set((eb) => ({ pdf_ready_count: eb("pdf_ready_count", "+", 1) }))
    .where("id", "=", d.poolId).execute();
}

/**
 * Takes a candidate's notice back (exempted or substituted after the PDFs were made): the candidate no longer
 * points at it and the pool no longer counts it. Answers the notice's document id, which the caller deletes
 * (documents/store.ts), or null when there was none.
 */
export async function detachNotice(
  db: Kysely<DB>,
  poolId: number,
  candidateId: number,
): Promise<number | null> {
  const c = await db.selectFrom("random_candidates").select("pdf_document_id").where("id", "=", candidateId)
    .executeTakeFirst();
  if (!c?.pdf_document_id) return null;
  await db.updateTable("random_candidates").set({ pdf_document_id: null }).where("id", "=", candidateId)
    .execute();
  await db.updateTable("random_pools")
    .set({ pdf_ready_count: sql<number>`greatest(pdf_ready_count - 1, 0)` }).where("id", "=", poolId)
    .execute();
  return c.pdf_document_id;
}

/** Moves a candidate whose test is not placed yet to the business it goes through now (its test: drug-tests). */
export async function moveTestBusiness(
  db: Kysely<DB>,
  candidateId: number,
  businessId: number,
) {
  await db.updateTable("random_candidates").set({ business_id: businessId }).where("id", "=", candidateId)
    .execute();
}

/**
 * The pool's PDFs handed out (ids and names; bytes are read one at a time when streamed): the notices of the
 * candidates who are selected and not exempt, the same set the Downloads tab counts.
 */
export function poolPdfs(db: Kysely<DB>, poolId: number) {
  return db.selectFrom("random_candidates as c").innerJoin("documents as d", "d.id", "c.pdf_document_id")
    .select(["c.id as candidate_id", "c.user_id", "d.id", "d.filename"]).where("c.pool_id", "=", poolId)
    .where("c.selected", "=", true).where("c.exempt", "=", false).orderBy("c.draw_position").execute();
}

export function documentBytes(db: Kysely<DB>, id: number) {
  return db.selectFrom("documents").select(["filename", "bytes"]).where("id", "=", id).executeTakeFirst();
}

/** Pools waiting for results (built): the completion check looks at these. */
export async function poolsAwaitingResults(db: Kysely<DB>): Promise<number[]> {
  const rows = await db.selectFrom("random_pools").select("id").where("status", "=", "built").execute();
  return rows.map((r) => r.id);
}

export async function testStatusOf(db: Kysely<DB>, id: number): Promise<DrugTestStatus | undefined> {
  return (await db.selectFrom("drug_tests").select("status").where("id", "=", id).executeTakeFirst())?.status;
}

/** A company's selected candidates of released pools who are its business users (the DER's view). */
function selections(db: Kysely<DB>, businessId: number) {
  return db.selectFrom("random_candidates as c").innerJoin("random_pools as p", "p.id", "c.pool_id")
    .innerJoin("users as u", "u.id", "c.user_id").leftJoin("drug_tests as t", "t.id", "c.drug_test_id")
    .where("c.business_id", "=", businessId).where("c.selected", "=", true)
    .where("p.released_at", "is not", null)
    .where((eb) =>
      eb.exists(
        eb.selectFrom("business_users as bu").select("bu.id").whereRef("bu.user_id", "=", "c.user_id")
          .where("bu.business_id", "=", businessId),
      )
    )
    // The company's record of its random programme keeps a selection of someone who has since left; the DER
    // sees that they left (removed from the company, or the account deleted).
    .select((eb) =>
      eb.not(eb.exists(
        eb.selectFrom("business_users as now").select("now.id").whereRef("now.user_id", "=", "c.user_id")
          .where("now.business_id", "=", businessId).where("now.removed_at", "is", null)
          .where("u.deleted_at", "is", null),
      )).as("left_company")
    );
}

const COLUMNS = [
  "c.id",
  "c.pool_id",
  "c.user_id",
  "c.exempt",
  "c.pdf_document_id",
  "p.year",
  "p.month",
  "p.released_at",
  "u.first_name",
  "u.last_name",
  "u.member_number",
  "t.status as test_status",
  "t.result as test_result",
  "t.i3_order_ref",
  "t.i3_location_code",
  "t.ordered_at",
] as const;

/** One page of the company's released selections (the DER's view), newest pool first. */
export async function derSelectionRows(db: Kysely<DB>, businessId: number, params: ListParams) {
  const query = selections(db, businessId).select(COLUMNS)
    .select(sql<number>`p.year * 100 + p.month`.as("period"));
  return await paginate(query, params, { id: "c.id", month: "period" });
}

/** One released selection of the company (for its notice PDF), or undefined. */
export function findDerSelection(db: Kysely<DB>, businessId: number, candidateId: number) {
  return selections(db, businessId).select(COLUMNS).where("c.id", "=", candidateId).executeTakeFirst();
}

/**
 * Who a released pool tells (issue 25 item 4): its selected, not exempt candidates with an ordered test, each
 * with the business drawn through (its DER's address, or whether it is the mariner's own) and the order.
 */
export async function releaseRecipients(db: Kysely<DB>, poolId: number, candidateIds?: number[]) {
  return await db.selectFrom("random_candidates as c")
    .innerJoin("users as u", "u.id", "c.user_id")
    .innerJoin("drug_tests as t", "t.id", "c.drug_test_id")
    .leftJoin("businesses as b", "b.id", "c.business_id")
    .leftJoin("users as d", "d.id", "b.der_user_id")
    .select([
      "c.id",
      "c.business_id",
      "b.name as business_name",
      "b.is_individual",
      "d.email as der_email",
      "u.email",
      "u.first_name",
      "u.postal_code",
      "t.i3_order_ref",
      "t.i3_location_code",
      "t.ordered_at",
    ])
    .where("c.pool_id", "=", poolId).where("c.selected", "=", true).where("c.exempt", "=", false)
    .where("u.deleted_at", "is", null)
    // Placed at i3: a blocked candidate (its test failed or pending) has no order to report with yet.
    .where("t.status", "in", ["ordered", "collected", "resulted"])
    .$if(candidateIds !== undefined, (q) => q.where("c.id", "in", candidateIds!.length ? candidateIds! : [0]))
    .orderBy("c.id").execute();
}

/**
 * The member's open selection notices (decision 0071): selected and not exempt in a released pool, drawn
 * through their own (individual) business, with a test not yet collected, cancelled or failed. A
 * substitution unselects the candidate, so it is gone too. Newest first.
 */
export function memberSelections(db: Kysely<DB>, userId: number) {
  return db.selectFrom("random_candidates as c").innerJoin("random_pools as p", "p.id", "c.pool_id")
    .innerJoin("drug_tests as t", "t.id", "c.drug_test_id")
    .innerJoin("businesses as b", "b.id", "c.business_id")
    .innerJoin("users as u", "u.id", "c.user_id")
    .select([
      "c.id",
      "c.pool_id",
      "p.year",
      "p.month",
      "p.released_at",
      "t.i3_order_ref",
      "t.i3_location_code",
      "t.ordered_at",
      "u.postal_code",
    ])
    .where("c.user_id", "=", userId).where("c.selected", "=", true).where("c.exempt", "=", false)
    .where("p.released_at", "is not", null).where("b.is_individual", "=", true)
    .where("t.status", "in", ["pending", "ordered"]).where("u.deleted_at", "is", null)
    .orderBy("c.id", "desc").execute();
}

/**
 * How many random draws selected the user. An account merge (decision 0080) leaves them where they are: a draw
 * is verified against the ids it drew (randoms/verify.ts), so its candidates are never rewritten.
 */
export async function candidateCountOf(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db.selectFrom("random_candidates").select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId).executeTakeFirstOrThrow();
  return Number(row.n);
}
