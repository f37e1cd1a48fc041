/**
 * The release of a random pool (docs/decisions/0033-random-pools.md, 46 CFR 16.230(g): selections unannounced).
 * Until an administrator releases it, a pool's selections are seen by administrators only: its DERs do not see
 * their employees' selections or notices, and a selected member does not see the random test in their own list.
 * A pool can be released once its tests are ordered and its candidate PDFs are ready (built or complete), since
 * what the DER hands to the mariner names the i3 order and the collection site. Released once and never taken
 * back: the same administrator asking again changes nothing; another administrator's release answers 409.
 */
import { audit } from "../lib/audit.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { lockPool, updatePool } from "./queries.ts";
import type { Actor, PoolDeps } from "./service.ts";

export const RELEASE_MESSAGES = {
  notOrdered: "The pool can be released once its tests are ordered.",
  pdfsNotReady: "The pool can be released once its candidate PDFs are ready.",
  releasedByOther: "Another administrator already released this pool.",
} as const;

/** Releases an ordered pool to the DERs; answers whether this call released it (false: it already was). */
export async function releasePool(
  deps: Pick<PoolDeps, "database" | "now">,
  actor: Actor,
  id: number,
): Promise<boolean> {
  return await deps.database.db.transaction().execute(async (trx) => {
    const pool = await lockPool(trx, id);
    if (!pool) throw notFound("Random pool");
    if (pool.released_at) {
      if (pool.released_by_user_id === actor.user.user_id) return false;
      throw new AppError("CONFLICT", RELEASE_MESSAGES.releasedByOther);
    }
    if (pool.status !== "built" && pool.status !== "complete") {
      throw new AppError("CONFLICT", RELEASE_MESSAGES.notOrdered);
    }
    if (pool.pdf_status !== "ready") throw new AppError("CONFLICT", RELEASE_MESSAGES.pdfsNotReady);
    await updatePool(trx, id, { released_at: deps.now(), released_by_user_id: actor.user.user_id });
    await audit(trx, {
      actor: actor.user.user_id,
      action: "random_pool.release",
      entity: "random_pool",
      entityId: id,
      ip: actor.ip,
    });
    return true;
  });
}
