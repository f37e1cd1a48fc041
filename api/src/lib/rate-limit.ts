/**
 * Fixed-window rate limits kept in PostgreSQL (table rate_limits), so that any number of API processes on one
 * database enforce one limit rather than one each (docs/decisions/0025-replicas-and-operations.md). A hit is
 * one atomic upsert: it starts a new window when the row's window has ended, else counts one more, and answers
 * the count, so two processes hitting the same key at once never both see the last free slot.
 *
 * A limit is plain data (`fixedWindow`), and `hit` reads the database and the clock from the deps it is given,
 * so tests swap a limit without building a store. The bucket names the limit and its numbers: a changed limit
 * starts its counts afresh instead of judging old counts by a new rule.
 */
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/types.ts";

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

export const fixedWindow = (limit: number, windowSeconds: number): RateLimit => ({ limit, windowSeconds });

export type LimitName =
  | "loginPerIp"
  | "loginPerEmail"
  | "passwordForgotPerIp"
  | "passwordForgotPerEmail"
  | "passwordResetPerIp"
  | "contactPerIp"
  | "collectionSitesPerIp"
  | "secondFactorPerIp"
  | "secondFactorPerUser";

export interface LimitDeps {
  database: { db: Kysely<DB> };
  limits: Record<LimitName, RateLimit>;
  now: () => Date;
}

const bucketOf = (name: LimitName, rule: RateLimit) => `${name}:${rule.limit}/${rule.windowSeconds}s`;

/** Counts one attempt for `key`; answers the seconds to wait when the limit is exceeded, else 0. */
export async function hit(deps: LimitDeps, name: LimitName, key: string): Promise<number> {
  const rule = deps.limits[name];
  const now = deps.now();
  const ends = new Date(now.getTime() + rule.windowSeconds * 1000);
  const ended = sql<boolean>`rate_limits.expires_at <= ${now}`;
  const row = await deps.database.db.insertInto("rate_limits")
    .values({ bucket: bucketOf(name, rule), key, window_start: now, hits: 1, expires_at: ends })
    .onConflict((oc) =>
      oc.columns(["bucket", "key"]).doUpdateSet({
        window_start: sql`case when ${ended} then excluded.window_start else rate_limits.window_start end`,
        hits: sql`case when ${ended} then 1 else rate_limits.hits + 1 end`,
        expires_at: sql`case when ${ended} then excluded.expires_at else rate_limits.expires_at end`,
      })
    )
    .returning(["hits", "expires_at"])
    .executeTakeFirstOrThrow();
  return row.hits > rule.limit
    ? Math.max(1, Math.ceil((row.expires_at.getTime() - now.getTime()) / 1000))
    : 0;
}

/** Forgets the attempts counted for `key` (a successful sign-in clears its account's count). */
export async function resetLimit(deps: LimitDeps, name: LimitName, key: string): Promise<void> {
  await deps.database.db.deleteFrom("rate_limits")
    .where("bucket", "=", bucketOf(name, deps.limits[name])).where("key", "=", key).execute();
}

/** Deletes the rows whose window has ended (run by the daily maintenance job). */
export async function deleteExpiredRateLimits(db: Kysely<DB>, now: Date): Promise<number> {
  const result = await db.deleteFrom("rate_limits").where("expires_at", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
