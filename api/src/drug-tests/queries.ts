import { type Kysely, sql } from "kysely";
import type { DB } from "../db/types.ts";
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
