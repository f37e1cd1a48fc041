import { type Insertable, type Kysely, sql, type Updateable } from "kysely";
import type { DB, DrugTestResult } from "../db/types.ts";
import { isPassing } from "../integrations/i3/i3.ts";
import { type ListParams, paginate, record } from "../lib/list.ts";

/**
 * One page of a user's drug tests as summaries. The panel detail (drug_test_panels) is never read here:
 * a list shows whether a test passed, not what the laboratory found (49 CFR 40.321).
 */
export async function listTestsOf(db: Kysely<DB>, userId: number, params: ListParams) {
  const query = db.selectFrom("drug_tests")
    .select([
      "id",
      "reason",
      "status",
      "result",
      sql<Date>`coalesce(collected_at, ordered_at, created_at)`.as("date"),
    ])
    .where("user_id", "=", userId);
  const { rows, meta } = await paginate(query, params, {
    id: "id",
    date: "date",
    reason: "reason",
    status: "status",
  });
  return {
    data: rows.map((r) =>
      record("drug_test", r.id, {
        date: new Date(r.date).toISOString(),
        reason: r.reason,
        status: r.status,
        result: r.result,
        passed: isPassing(r.result),
      })
    ),
    meta,
  };
}

/** Whether `viewer` may see `userId`'s tests: themselves or an administrator (a DER's view comes later). */
export const maySeeTestsOf = (viewer: { user_id: number; is_admin: boolean }, userId: number) =>
  viewer.is_admin || viewer.user_id === userId;

/** A business as i3 needs it; `live` leaves deleted businesses out. */
export function findI3Business(db: Kysely<DB>, businessId: number, { live }: { live: boolean }) {
  return db.selectFrom("businesses").select(["id", "name", "i3_location_code"])
    .where("id", "=", businessId).$if(live, (q) => q.where("deleted_at", "is", null)).executeTakeFirst();
}

export async function markI3SetUp(db: Kysely<DB>, businessId: number, locationCode: string): Promise<void> {
  await db.updateTable("businesses").set({ is_i3_setup: true, i3_location_code: locationCode })
    .where("id", "=", businessId).execute();
}

/** The person to be tested, as i3 needs them (a live account only). */
export function findDonor(db: Kysely<DB>, userId: number) {
  return db.selectFrom("users").select(["id", "first_name", "last_name", "member_number"])
    .where("id", "=", userId).where("deleted_at", "is", null).executeTakeFirst();
}

/** Writes the test row before i3 is asked (pending); answers its id. */
export async function insertPendingTest(db: Kysely<DB>, row: Insertable<DB["drug_tests"]>): Promise<number> {
  const { id } = await db.insertInto("drug_tests").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
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
