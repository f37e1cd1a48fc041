/**
 * Exemptions and substitutions (docs/decisions/0033-random-pools.md). An exempt candidate stays selected and
 * counted in exempt_candidate_total, with the documented reason; its test (if one was placed) is cancelled.
 * A substituted candidate is replaced by the next alternate in draw order from the same seed, and the reason
 * is kept on the replaced candidate; verify still re-derives every position.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import { audit } from "../lib/audit.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { enqueue } from "../lib/jobs.ts";
import type { Actor, Deps } from "../lib/context.ts";
import {
  insertRandomTest,
  liveTestBusiness as candidateBusiness,
  setTestStatus,
} from "../drug-tests/random-tests.ts";
import { deleteDocument } from "../documents/store.ts";
import { drawIndices } from "./draw.ts";
import {
  detachNotice,
  findCandidate,
  lockPool,
  maxPosition,
  nextAlternate,
  type PoolRow,
  snapshotOf,
  testStatusOf,
  updateCandidate,
  writePositions,
} from "./queries.ts";

/**
 * Withdraws a candidate's notice (exempted or substituted after the PDFs were made): the document is deleted,
 * so neither the zip, the Downloads tab nor the DER's hand-out has it. Answers whether there was one.
 */
async function withdrawNotice(trx: Kysely<DB>, poolId: number, candidateId: number): Promise<boolean> {
  const documentId = await detachNotice(trx, poolId, candidateId);
  if (documentId === null) return false;
  await deleteDocument(trx, documentId);
  return true;
}

type Pool = Pick<PoolRow, "id" | "status" | "seed" | "selected_count" | "created_by_user_id">;

export const CHANGE_MESSAGES = {
  notSelected: "Only a selected candidate can be exempted or substituted.",
  alreadyExempt: "The candidate is already exempt.",
  notDrawn: "The pool has not been drawn yet.",
  resulted: "The candidate's test already has a result.",
  complete: "The pool is complete.",
  noAlternate: "No alternate is left in the pool.",
} as const;

/**
 * Replaces a selected candidate by the next unused alternate (extending the draw from the same seed when
 * the stored alternates are used up). Answers the alternate's candidate id.
 */
export async function substitute(
  trx: Kysely<DB>,
  pool: Pool,
  candidateId: number,
  reason: string,
  now: Date,
) {
  const c = await findCandidate(trx, pool.id, candidateId, true);
  if (!c) throw notFound("Candidate");
  if (c.drug_test_id !== null) {
    await setTestStatus(trx, c.drug_test_id, "cancelled", `Substituted: ${reason}`);
  }
  // A notice already made for them is withdrawn: nobody hands it out any more.
  await withdrawNotice(trx, pool.id, c.id);
  await updateCandidate(trx, c.id, {
    selected: false,
    drug_test_id: null,
    substitution_reason: reason,
    substituted_at: now,
  });
  let alternate = await nextAlternate(trx, pool.id, pool.selected_count);
  if (!alternate) {
    const { ids, businesses } = await snapshotOf(trx, pool.id);
    const next = (await maxPosition(trx, pool.id)) + 1;
    if (next >= ids.length) throw new AppError("CONFLICT", CHANGE_MESSAGES.noAlternate);
    const i = drawIndices(ids.length, pool.seed!, next + 1)[next];
    await writePositions(trx, pool.id, [{ user_id: ids[i], business_id: businesses[i] ?? null }], next, 0);
    alternate = await nextAlternate(trx, pool.id, pool.selected_count);
  }
  await updateCandidate(trx, alternate!.id, { selected: true, replaces_candidate_id: c.id });
  return alternate!.id;
}

type ChangeDeps = Pick<Deps, "database" | "now">;

async function selectedCandidate(trx: Kysely<DB>, poolId: number, candidateId: number) {
  const pool = await lockPool(trx, poolId);
  if (!pool) throw notFound("Random pool");
  if (!pool.drawn_at) throw new AppError("CONFLICT", CHANGE_MESSAGES.notDrawn);
  if (pool.status === "complete") throw new AppError("CONFLICT", CHANGE_MESSAGES.complete);
  const c = await findCandidate(trx, poolId, candidateId, true);
  if (!c) throw notFound("Candidate");
  if (c.exempt) throw new AppError("CONFLICT", CHANGE_MESSAGES.alreadyExempt);
  if (!c.selected) throw new AppError("CONFLICT", CHANGE_MESSAGES.notSelected);
  return { pool, c };
}

/** Exempts a selected candidate with its documented reason; a test placed for it is cancelled. */
export async function exemptCandidate(
  deps: ChangeDeps,
  actor: Actor,
  poolId: number,
  candidateId: number,
  reason: string,
): Promise<void> {
  await deps.database.db.transaction().execute(async (trx) => {
    const { c } = await selectedCandidate(trx, poolId, candidateId);
    if (c.drug_test_id !== null) await setTestStatus(trx, c.drug_test_id, "cancelled", `Exempt: ${reason}`);
    // Its notice (made if the PDFs were) is withdrawn: the zip and the Downloads tab hold the same set.
    const withdrawn = await withdrawNotice(trx, poolId, c.id);
    await updateCandidate(trx, c.id, {
      exempt: true,
      exempt_reason: reason,
      exempt_at: deps.now(),
      exempted_by_user_id: actor.user.user_id,
    });
    await audit(trx, {
      actor: actor.user.user_id,
      action: "random_pool.exempt",
      entity: "random_pool",
      entityId: poolId,
      detail: { candidate_id: c.id, reason, notice_withdrawn: withdrawn },
      ip: actor.ip,
    });
  });
}

/**
 * Replaces a selected candidate who cannot be tested by the next alternate, with the reason. After the
 * pre-order the alternate gets its test row at once, and after ordering the order and PDF jobs run again.
 */
export async function substituteCandidate(
  deps: ChangeDeps,
  actor: Actor,
  poolId: number,
  candidateId: number,
  reason: string,
): Promise<number> {
  return await deps.database.db.transaction().execute(async (trx) => {
    const { pool, c } = await selectedCandidate(trx, poolId, candidateId);
    if (c.drug_test_id !== null) {
      if ((await testStatusOf(trx, c.drug_test_id)) === "resulted") {
        throw new AppError("CONFLICT", CHANGE_MESSAGES.resulted);
      }
    }
    const alternateId = await substitute(trx, pool, c.id, reason, deps.now());
    if (pool.status !== "preordering") {
      const alt = (await findCandidate(trx, poolId, alternateId))!;
      const business = await candidateBusiness(trx, alt);
      const testId = await insertRandomTest(trx, {
        created_at: deps.now(),
        user_id: alt.user_id,
        business_id: business?.id ?? null,
        ordered_by: actor.user.user_id,
        error: business ? null : "The member has no business to order the test through.",
      });
      await updateCandidate(trx, alternateId, {
        drug_test_id: testId,
        ...(business && business.id !== alt.business_id ? { business_id: business.id } : {}),
      });
      // The order job places the substitute's test, then makes its notice (runOrder queues the PDFs).
      if (pool.status === "ordering" || pool.status === "built") {
        await enqueue(trx, "randoms.order", { pool_id: poolId }, { runAt: deps.now() });
      }
    }
    await audit(trx, {
      actor: actor.user.user_id,
      action: "random_pool.substitute",
      entity: "random_pool",
      entityId: poolId,
      detail: { candidate_id: c.id, alternate_id: alternateId, reason },
      ip: actor.ip,
    });
    return alternateId;
  });
}
