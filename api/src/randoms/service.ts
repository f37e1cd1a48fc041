/**
 * Random pools (admin spec §4 "Random pool", docs/decisions/0033-random-pools.md): create (the seed's
 * commitment is fixed and shown), build (snapshot + draw, on the job queue), pre-order (each selected member
 * checked again and given a test row), order (through i3, on the job queue), candidate PDFs (a job), and the
 * completion once every candidate has a final outcome. Every step is idempotent, so a crash anywhere resumes
 * (the job queue runs the step again) without a second selection or a second order.
 */
import { resendPendingTest, retryDrugTest, syncI3Results } from "../drug-tests/service.ts";
import { audit } from "../lib/audit.ts";
import type { Deps } from "../lib/context.ts";
import { officeDay } from "../lib/dates.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { enqueue } from "../lib/jobs.ts";
import {
  ALGORITHM,
  alternatesFor,
  commitmentOf,
  drawIndices,
  monthlyCount,
  newSeed,
  snapshotFingerprint,
} from "./draw.ts";
import {
  businessLocation,
  insertPool,
  insertRandomTest,
  insertSnapshot,
  isCovered,
  lockPool,
  poolExists,
  poolsAwaitingResults,
  rateOf,
  selectedCandidates,
  snapshotOf,
  updateCandidate,
  updatePool,
  writePositions,
  yearFigures,
} from "./queries.ts";
import { substitute } from "./changes.ts";

export type PoolDeps = Pick<Deps, "database" | "i3" | "now" | "config">;
export interface Actor {
  userId: number;
  ip?: string | null;
}

export const QUEUES = {
  build: "randoms.build",
  preorder: "randoms.preorder",
  order: "randoms.order",
  pdfs: "randoms.pdfs",
  progress: "randoms.progress",
} as const;

export const MESSAGES = {
  exists: "A random pool for this month already exists.",
  notDraft: "Only a draft pool can be built.",
  notPreordered: "Tests can be ordered once the pool is pre-ordered.",
  noBusiness: "The member has no business to order the test through.",
  notSetUp: "The member's business is not set up in i3.",
  noLongerCovered: "No longer covered at pre-order (membership ended or paused after the snapshot).",
} as const;

/** Test hooks: an exception thrown here stands for a crash at that point. */
export interface CrashHooks {
  afterDraw?: () => void;
  afterOrder?: (ordered: number) => void;
}

/** Creates a draft pool for a month, with its seed drawn and committed now (only the commitment is shown). */
export async function createPool(deps: PoolDeps, actor: Actor, year: number, month: number): Promise<number> {
  const { db } = deps.database;
  return await db.transaction().execute(async (trx) => {
    if (await poolExists(trx, year, month)) throw new AppError("CONFLICT", MESSAGES.exists);
    const seed = newSeed();
    const id = await insertPool(trx, {
      year,
      month,
      rate: await rateOf(trx, year),
      seed,
      commitment: commitmentOf(seed),
      algorithm: ALGORITHM,
      by: actor.userId,
    });
    if (!id) throw new AppError("CONFLICT", MESSAGES.exists);
    await audit(trx, {
      actor: actor.userId,
      action: "random_pool.create",
      entity: "random_pool",
      entityId: id,
      ip: actor.ip,
    });
    return id;
  });
}

/** Starts building a draft pool: the build job takes the snapshot and draws. */
export async function startBuild(deps: PoolDeps, actor: Actor, id: number): Promise<void> {
  await deps.database.db.transaction().execute(async (trx) => {
    const pool = await lockPool(trx, id);
    if (!pool) throw notFound("Random pool");
    if (pool.status !== "draft") throw new AppError("CONFLICT", MESSAGES.notDraft);
    await updatePool(trx, id, { status: "building", error: null });
    await enqueue(trx, QUEUES.build, { pool_id: id }, { uniqueKey: `pool-${id}` });
    await audit(trx, {
      actor: actor.userId,
      action: "random_pool.build",
      entity: "random_pool",
      entityId: id,
      ip: actor.ip,
    });
  });
}

/**
 * The build: snapshot the covered population, compute this month's number from the yearly rate, draw
 * (selection and alternates) and reveal the seed, all in one transaction, so a crash leaves either nothing
 * or the whole draw; a pool already drawn is left as it is. Then the pre-order job is queued.
 */
export async function runBuild(deps: PoolDeps, id: number, hooks: CrashHooks = {}): Promise<void> {
  const { db } = deps.database;
  try {
    await drawInTransaction(deps, id);
  } catch (error) {
    // Shown on the pool screen while the queue retries the build.
    await updatePool(db, id, { error: `The build failed and is retried: ${String(error).slice(0, 300)}` });
    throw error;
  }
  hooks.afterDraw?.();
}

async function drawInTransaction(deps: PoolDeps, id: number): Promise<void> {
  const { db } = deps.database;
  await db.transaction().execute(async (trx) => {
    const pool = await lockPool(trx, id);
    if (!pool || pool.drawn_at) return;
    const now = deps.now();
    await insertSnapshot(trx, id, now, officeDay(now, deps.config.officeTimeZone));
    const { ids, businesses } = await snapshotOf(trx, id);
    const year = await yearFigures(trx, pool.year, pool.month);
    const target = monthlyCount({
      ratePercent: pool.rate_percent,
      coveredCounts: [...year.coveredCounts, ids.length],
      counted: year.counted,
      month: pool.month,
    });
    const order = drawIndices(ids.length, pool.seed!, target + alternatesFor(target, ids.length));
    const drawn = order.map((i) => ({ user_id: ids[i], business_id: businesses[i] ?? null }));
    await writePositions(trx, id, drawn, 0, target);
    await updatePool(trx, id, {
      status: "preordering",
      covered_count: ids.length,
      selected_count: target,
      target_count: target,
      snapshot_sha256: snapshotFingerprint(ids),
      snapshot_at: now,
      drawn_at: now,
      built_at: now,
      error: null,
    });
    await enqueue(trx, QUEUES.preorder, { pool_id: id }, { uniqueKey: `pool-${id}` });
  });
}

/**
 * Pre-order: each selected member is checked again (still covered, or replaced by the next alternate with
 * the reason) and gets its random test row, written once under the candidate's lock (the idempotency of the
 * order: one row per candidate and pool, sent to i3 under that row's reference).
 */
export async function runPreorder(deps: PoolDeps, id: number): Promise<void> {
  const { db } = deps.database;
  const now = deps.now();
  const today = officeDay(now, deps.config.officeTimeZone);
  for (;;) {
    const todo = (await selectedCandidates(db, id)).filter((c) => c.drug_test_id === null);
    if (!todo.length) break;
    for (const c of todo) {
      await db.transaction().execute(async (trx) => {
        const pool = await lockPool(trx, id);
        if (!pool) return;
        if (!(await isCovered(trx, c.user_id, now, today))) {
          await substitute(trx, pool, c.id, MESSAGES.noLongerCovered, now);
          return;
        }
        const business = await businessLocation(trx, c.business_id);
        const error = !business || business.deleted_at ? MESSAGES.noBusiness : null;
        const testId = await insertRandomTest(trx, {
          user_id: c.user_id,
          business_id: business && !business.deleted_at ? business.id : null,
          ordered_by: pool.created_by_user_id,
          error,
        });
        await updateCandidate(trx, c.id, { drug_test_id: testId });
      });
    }
  }
  await db.transaction().execute(async (trx) => {
    const pool = await lockPool(trx, id);
    if (pool?.status === "preordering") await updatePool(trx, id, { status: "preordered" });
  });
}

/** Starts ordering a pre-ordered pool (or orders again what failed); the order job places the orders. */
export async function startOrder(deps: PoolDeps, actor: Actor, id: number): Promise<void> {
  await deps.database.db.transaction().execute(async (trx) => {
    const pool = await lockPool(trx, id);
    if (!pool) throw notFound("Random pool");
    if (!["preordered", "ordering", "built"].includes(pool.status)) {
      throw new AppError("CONFLICT", MESSAGES.notPreordered);
    }
    if (pool.status === "preordered") await updatePool(trx, id, { status: "ordering" });
    await enqueue(trx, QUEUES.order, { pool_id: id });
    await audit(trx, {
      actor: actor.userId,
      action: "random_pool.order",
      entity: "random_pool",
      entityId: id,
      ip: actor.ip,
    });
  });
}

/**
 * Order: sends each pending (or failed) random test to i3 under its row's reference, so i3 answers an order
 * already placed instead of a second one. A test i3 could not take fails the job, which the queue retries with
 * backoff; a member with no business stays failed for the administrators (exempt or substitute). Once all are
 * placed the pool is built and its PDFs are queued.
 */
export async function runOrder(deps: PoolDeps, id: number, hooks: CrashHooks = {}): Promise<void> {
  const { db } = deps.database;
  let ordered = 0;
  let waiting = 0;
  let unorderable = 0;
  for (const c of await selectedCandidates(db, id)) {
    if (c.drug_test_id === null || !c.test_status || !["pending", "failed"].includes(c.test_status)) continue;
    const business = await businessLocation(db, c.business_id);
    if (!business?.i3_location_code) {
      // Nothing to retry until an administrator acts (sets the business up, exempts or substitutes).
      unorderable++;
      continue;
    }
    const result = c.test_status === "pending"
      ? await resendPendingTest(deps, c.drug_test_id)
      : await retryDrugTest(deps, c.drug_test_id);
    if (result.status === "failed") waiting++;
    else hooks.afterOrder?.(++ordered);
  }
  if (waiting) {
    await updatePool(db, id, { error: `${waiting} test order(s) could not be placed yet; retrying.` });
    throw new Error(`${waiting} random test order(s) of pool ${id} failed at i3; the queue retries them`);
  }
  await db.transaction().execute(async (trx) => {
    const pool = await lockPool(trx, id);
    if (!pool) return;
    const error = unorderable
      ? `${unorderable} selected member(s) cannot be ordered: ${MESSAGES.notSetUp}`
      : null;
    if (pool.status !== "ordering") return await updatePool(trx, id, { error });
    await updatePool(trx, id, { status: "built", ordered_at: deps.now(), pdf_status: "building", error });
    await enqueue(trx, QUEUES.pdfs, { pool_id: id }, { uniqueKey: `pool-${id}` });
  });
}

/** Whether every candidate has a final outcome (a result, a cancellation, or an exemption). */
export async function completeIfDone(deps: PoolDeps, id: number): Promise<boolean> {
  const { db } = deps.database;
  const open = (await selectedCandidates(db, id)).filter((c) =>
    !c.test_status || !["resulted", "cancelled"].includes(c.test_status)
  );
  if (open.length) return false;
  return await db.transaction().execute(async (trx) => {
    const pool = await lockPool(trx, id);
    if (pool?.status !== "built") return false;
    await updatePool(trx, id, { status: "complete", completed_at: deps.now() });
    return true;
  });
}

/** The progress job: pulls results through the drug-test sync, then completes the pools that are done. */
export async function runProgress(deps: PoolDeps): Promise<void> {
  const pools = await poolsAwaitingResults(deps.database.db);
  if (!pools.length) return;
  await syncI3Results(deps);
  for (const id of pools) await completeIfDone(deps, id);
}
