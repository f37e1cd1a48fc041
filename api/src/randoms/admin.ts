/**
 * What the administrators' random pool routes (admin-routes.ts) call beyond the pool's steps (service.ts): a
 * pool as the screens show it, the list with its pace monitor, the refresh, the candidates, the PDFs and their
 * zip, and the yearly rate. Each route handler calls one of these (decision 0052).
 */
import { syncI3Results } from "../drug-tests/service.ts";
import { audit, auditMemberViews, changedFields, MEMBER_VIEW_ACTIONS } from "../lib/audit.ts";
import type { Deps } from "../lib/context.ts";
import { officeDay, officeMonth } from "../lib/dates.ts";
import { AppError, notFound } from "../lib/errors.ts";
import {
  candidateList,
  coveredCount,
  documentBytes,
  findCandidate,
  findPool,
  listPools,
  lockPool,
  poolExists,
  poolPdfs,
  rateOf,
  setRate,
  updatePool,
  yearFigures,
} from "./queries.ts";
import { alternatesFor, monthlyCount } from "./draw.ts";
import { exemptCandidate } from "./changes.ts";
import { type Actor, completeIfDone, type PoolDeps, QUEUES } from "./service.ts";
import { enqueue } from "../lib/jobs.ts";
import { verifyDraw } from "./verify.ts";
import { candidateRecord, nextMonthWithoutPool, pace, poolRecord, zipExpired } from "./view.ts";
import { zipStream } from "../lib/zip.ts";

const PER_PAGE = 25;

/** A pool as the screens show it; 404 without it. */
export async function onePool(deps: Pick<Deps, "database" | "now">, id: number) {
  const pool = await findPool(deps.database.db, id);
  if (!pool) throw notFound("Random pool");
  return poolRecord(pool, deps.now());
}

/** One page of pools, newest month first, with the pace monitor of the year asked (this year by default). */
export async function poolPage(
  deps: Pick<Deps, "database" | "now" | "config">,
  q: { page: number; year?: number },
) {
  const [y, m] = officeMonth(deps.now(), deps.config.officeTimeZone).split("-").map(Number);
  const year = q.year ?? y;
  const { rows, total } = await listPools(deps.database.db, q.page, PER_PAGE, q.year);
  return {
    data: rows.map((p) => poolRecord(p, deps.now())),
    meta: { total, page: q.page, per_page: PER_PAGE },
    pace: await pace(
      deps.database.db,
      year,
      year === y ? m : year < y ? 12 : 1,
      year === y ? m : year < y ? 12 : 0,
    ),
  };
}

/**
 * What a new pool would be, before it is created (issue 24 item 7): for `year`-`month`, or by default the first
 * month from the office's current one on without a pool; the members covered now and how many a build now
 * would select (the same rule as the draw, draw.ts monthlyCount) with its alternates.
 */
export async function poolPreview(
  deps: Pick<Deps, "database" | "now" | "config">,
  q: { year?: number; month?: number },
) {
  const { db } = deps.database;
  const now = deps.now();
  const [y, m] = officeMonth(now, deps.config.officeTimeZone).split("-").map(Number);
  const at = q.year !== undefined && q.month !== undefined
    ? { year: q.year, month: q.month }
    : await nextMonthWithoutPool(db, y, m);
  const rate = await rateOf(db, at.year);
  const covered = await coveredCount(db, now, officeDay(now, deps.config.officeTimeZone));
  const before = await yearFigures(db, at.year, at.month);
  const toSelect = monthlyCount({
    ratePercent: rate,
    coveredCounts: [...before.coveredCounts, covered],
    counted: before.counted,
    month: at.month,
  });
  return {
    ...at,
    rate_percent: rate,
    covered_count: covered,
    to_select: toSelect,
    alternates: alternatesFor(toSelect, covered),
    exists: await poolExists(db, at.year, at.month),
  };
}

/** Pulls the i3 results now, completes the pool if every candidate is done, audits; answers the pool. */
export async function refreshPool(deps: PoolDeps, actor: Actor, id: number) {
  await onePool(deps, id);
  await syncI3Results(deps);
  await completeIfDone(deps, id);
  const pool = await onePool(deps, id);
  await audit(deps.database.db, {
    actor: actor.user.user_id,
    action: "random_pool.refresh",
    entity: "random_pool",
    entityId: id,
    detail: { status: pool.status },
  });
  return pool;
}

/** The draw re-derived from the stored snapshot and the revealed seed; 404 without the pool. */
export async function poolVerification(deps: Pick<Deps, "database">, id: number) {
  const report = await verifyDraw(deps.database.db, id);
  if (!report) throw notFound("Random pool");
  return report;
}

/** The drawn candidates in draw order; 404 without the pool. */
export async function poolCandidates(deps: Pick<Deps, "database" | "now">, id: number) {
  await onePool(deps, id);
  const rows = await candidateList(deps.database.db, id);
  return rows.map(candidateRecord);
}

/** One candidate's notice PDF, the download audited; 404 without the candidate or its PDF. */
export async function candidatePdf(
  deps: Pick<Deps, "database">,
  actor: Actor,
  id: number,
  candidateId: number,
) {
  const { db } = deps.database;
  const candidate = await findCandidate(db, id, candidateId);
  const doc = candidate?.pdf_document_id ? await documentBytes(db, candidate.pdf_document_id) : undefined;
  if (!doc) throw notFound("PDF");
  await audit(db, {
    actor: actor.user.user_id,
    action: "random_pool.download",
    entity: "random_pool",
    entityId: id,
  });
  await auditMemberViews(db, actor.user, {
    action: MEMBER_VIEW_ACTIONS.noticeDownload,
    members: [candidate!.user_id],
    detail: { pool_id: id, candidate_id: candidateId },
  });
  return doc;
}

/**
 * Every candidate PDF of the pool in one zip, streamed one PDF at a time, the download audited; 404 without the
 * pool, 409 once the zip has expired or while no PDF is ready.
 */
export async function poolZip(deps: Pick<Deps, "database" | "now">, actor: Actor, id: number) {
  const { db } = deps.database;
  const pool = await findPool(db, id);
  if (!pool) throw notFound("Random pool");
  if (zipExpired(pool.completed_at, deps.now())) {
    throw new AppError("CONFLICT", "The zip has expired.");
  }
  const pdfs = await poolPdfs(db, id);
  if (!pdfs.length) throw new AppError("CONFLICT", "No candidate PDF is ready yet.");
  await audit(db, {
    actor: actor.user.user_id,
    action: "random_pool.download",
    entity: "random_pool",
    entityId: id,
  });
  await auditMemberViews(db, actor.user, {
    action: MEMBER_VIEW_ACTIONS.noticeDownload,
    members: pdfs.map((p) => p.user_id),
    detail: { pool_id: id },
  });
  return zipStream(pdfs.map((p) => ({
    name: p.filename,
    bytes: async () => new Uint8Array((await documentBytes(db, p.id))!.bytes),
  })));
}

/**
 * Makes the candidate PDFs (again) for an ordered pool: the Downloads tab's Start or Retry when none are made
 * or some are missing (issue 24 item 7). The PDF job makes only the missing ones; audited. 409 before the
 * tests are ordered (the order makes them) or while they are being made.
 */
export async function startPdfs(deps: Pick<Deps, "database" | "now">, actor: Actor, id: number) {
  await deps.database.db.transaction().execute(async (trx) => {
    const pool = await lockPool(trx, id);
    if (!pool) throw notFound("Random pool");
    if (pool.status !== "built" && pool.status !== "complete") {
      throw new AppError("CONFLICT", PDF_MESSAGES.notOrdered);
    }
    if (pool.pdf_status === "building") throw new AppError("CONFLICT", PDF_MESSAGES.building);
    await updatePool(trx, id, { pdf_status: "building" });
    // No unique key: the first PDF job of the pool holds it for ever (lib/jobs.ts); 'building' guards twice.
    await enqueue(trx, QUEUES.pdfs, { pool_id: id }, { runAt: deps.now() });
    await audit(trx, {
      actor: actor.user.user_id,
      action: "random_pool.pdfs",
      entity: "random_pool",
      entityId: id,
      ip: actor.ip,
    });
  });
  return await onePool(deps, id);
}

export const PDF_MESSAGES = {
  notOrdered: "The candidate PDFs are made once the tests are ordered: Order Tests first.",
  building: "The candidate PDFs are being made already.",
} as const;

/** The year's minimum random rate (50 % unless set). */
export async function yearRate(deps: Pick<Deps, "database">, year: number) {
  return { year, rate_percent: await rateOf(deps.database.db, year) };
}

/** Sets the year's minimum random rate, audited in the same transaction. */
export async function setYearRate(
  deps: Pick<Deps, "database">,
  actor: Actor,
  year: number,
  ratePercent: number,
) {
  await deps.database.db.transaction().execute(async (trx) => {
    const before = await rateOf(trx, year);
    await setRate(trx, year, ratePercent);
    await audit(trx, {
      actor: actor.user.user_id,
      action: "random_rate.set",
      entity: "random_rate",
      entityId: year,
      detail: {
        rate_percent: ratePercent,
        changes: changedFields({ rate_percent: before }, { rate_percent: ratePercent }),
      },
      ip: actor.ip,
    });
  });
  return { year, rate_percent: ratePercent };
}

/** Exempts a selected candidate, then completes the pool if that was its last open candidate; answers the pool. */
export async function exemptAndComplete(
  deps: PoolDeps,
  actor: Actor,
  id: number,
  candidateId: number,
  reason: string,
) {
  await exemptCandidate(deps, actor, id, candidateId, reason);
  await completeIfDone(deps, id);
  return await onePool(deps, id);
}
