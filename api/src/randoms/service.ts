/**
 * Random pools (admin spec §4 "Random pool", docs/decisions/0033-random-pools.md): create (the seed's
 * commitment is fixed and shown), build (snapshot + draw, on the job queue), pre-order (each selected member
 * checked again and given a test row), order (through i3, on the job queue), candidate PDFs (a job), and the
 * completion once every candidate has a final outcome. Every step is idempotent, so a crash anywhere resumes
 * (the job queue runs the step again) without a second selection or a second order.
 */
import { resendPendingTest, retryDrugTest, setUpBusinessInI3, syncI3Results } from "../drug-tests/service.ts";
import {
  blockTest,
  insertRandomTest,
  liveTestBusiness as candidateBusiness,
  moveUnplacedTest,
  testBusinessFacts,
} from "../drug-tests/random-tests.ts";
import { audit } from "../lib/audit.ts";
import type { Actor, Deps } from "../lib/context.ts";
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
  insertPool,
  insertSnapshot,
  isCovered,
  lockPool,
  moveTestBusiness,
  poolExists,
  poolsAwaitingResults,
  rateOf,
  selectedCandidates,
  snapshotOf,
  testStatusOf,
  updateCandidate,
  updatePool,
  writePositions,
  yearFigures,
} from "./queries.ts";
import { substitute } from "./changes.ts";
import { tellSelected } from "./release.ts";

export type PoolDeps = Pick<Deps, "database" | "i3" | "now" | "config">;
export type { Actor };

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
  companyNotSetUp: (name: string) => `The business ${name} is not set up in i3.`,
  ownNotSetUp: (why: string) => `The member's own business could not be set up in i3: ${why}`,
  blocked: (n: number) =>
    `${n} selected member(s) cannot be ordered yet: each candidate shows why and what fixes it.`,
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
      by: actor.user.user_id,
    });
    if (!id) throw new AppError("CONFLICT", MESSAGES.exists);
    await audit(trx, {
      actor: actor.user.user_id,
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
    await enqueue(trx, QUEUES.build, { pool_id: id }, { runAt: deps.now(), uniqueKey: `pool-${id}` });
    await audit(trx, {
      actor: actor.user.user_id,
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
    await enqueue(trx, QUEUES.preorder, { pool_id: id }, { runAt: now, uniqueKey: `pool-${id}` });
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
        const business = await candidateBusiness(trx, c);
        const testId = await insertRandomTest(trx, {
          created_at: now,
          user_id: c.user_id,
          business_id: business?.id ?? null,
          ordered_by: pool.created_by_user_id,
          error: business ? null : MESSAGES.noBusiness,
        });
        await updateCandidate(trx, c.id, {
          drug_test_id: testId,
          ...(business && business.id !== c.business_id ? { business_id: business.id } : {}),
        });
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
    await enqueue(trx, QUEUES.order, { pool_id: id }, { runAt: deps.now() });
    await audit(trx, {
      actor: actor.user.user_id,
      action: "random_pool.order",
      entity: "random_pool",
      entityId: id,
      ip: actor.ip,
    });
  });
}

/**
 * Order: sends each pending (or failed) random test to i3 under its row's reference, so i3 answers an order
 * already placed instead of a second one. Each test goes through the candidate's business as it is now
 * (candidateBusiness: a pool built with no business for a self-paying member is repaired here); a member's own
 * business not yet set up in i3 is set up first (setUpBusinessInI3, as 'Resend to i3' does). A test i3 could
 * not take (or a set-up i3 refused) fails the job, which the queue retries with backoff; a test with no
 * business, or through a company not set up in i3, stays failed with its own reason for the administrators
 * (the pool screen shows it on the candidate with the action that fixes it). Once all are placed the pool is
 * built and its PDFs are made (again after a later order: a substitute's notice). In a pool already released,
 * the candidates whose tests this run placed (a substitute, a blocked candidate repaired) are told now, as the
 * release told the others (release.ts): the release tells only candidates whose tests were placed.
 */
export async function runOrder(
  deps: PoolDeps & Pick<Deps, "mailer">,
  id: number,
  hooks: CrashHooks = {},
): Promise<void> {
  const { db } = deps.database;
  let ordered = 0;
  const placed: number[] = [];
  let waiting = 0;
  let blocked = 0;
  for (const c of await selectedCandidates(db, id)) {
    if (c.drug_test_id === null || !c.test_status || !["pending", "failed"].includes(c.test_status)) continue;
    const business = await candidateBusiness(db, c);
    if (!business) {
      await blockTest(db, c.drug_test_id, null, MESSAGES.noBusiness);
      blocked++;
      continue;
    }
    if (business.id !== c.business_id || business.id !== c.test_business_id) {
      await moveTestBusiness(db, c.id, business.id);
      await moveUnplacedTest(db, c.drug_test_id, business.id);
    }
    if (!business.i3_location_code) {
      if (!business.is_individual) {
        // A company is set up by the office (Resend to i3 on the business); nothing to retry until then.
        await blockTest(db, c.drug_test_id, business.id, MESSAGES.companyNotSetUp(business.name));
        blocked++;
        continue;
      }
      try {
        await setUpBusinessInI3(deps, business.id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const why = (await testBusinessFacts(db, business.id))?.i3_setup_error ?? error.message;
        await blockTest(db, c.drug_test_id, business.id, MESSAGES.ownNotSetUp(why));
        waiting++;
        continue;
      }
    }
    const status = (await testStatusOf(db, c.drug_test_id))!;
    const result = status === "pending"
      ? await resendPendingTest(deps, c.drug_test_id)
      : await retryDrugTest(deps, c.drug_test_id);
    if (result.status === "failed") waiting++;
    else {
      ordered++;
      placed.push(c.id);
      hooks.afterOrder?.(ordered);
    }
  }
  if (waiting) {
    await updatePool(db, id, {
      error: `${waiting} test order(s) could not be placed yet; retrying. Each candidate shows why.`,
    });
    throw new Error(`${waiting} random test order(s) of pool ${id} failed at i3; the queue retries them`);
  }
  const released = await db.transaction().execute(async (trx) => {
    const pool = await lockPool(trx, id);
    if (!pool) return false;
    const error = blocked ? MESSAGES.blocked(blocked) : null;
    if (pool.status === "ordering") {
      await updatePool(trx, id, { status: "built", ordered_at: deps.now(), pdf_status: "building", error });
      await enqueue(trx, QUEUES.pdfs, { pool_id: id }, { runAt: deps.now(), uniqueKey: `pool-${id}` });
      return pool.released_at !== null;
    }
    await updatePool(trx, id, {
      error,
      ...(ordered && pool.status === "built" ? { pdf_status: "building" } : {}),
    });
    // Tests placed after the pool was built (a substitute, a repaired candidate) get their notices now.
    if (ordered && pool.status === "built") {
      await enqueue(trx, QUEUES.pdfs, { pool_id: id }, { runAt: deps.now() });
    }
    return pool.released_at !== null;
  });
  if (released && placed.length) await tellSelected(deps, id, placed);
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
