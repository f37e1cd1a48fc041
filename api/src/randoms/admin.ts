/**
 * What the administrators' random pool routes (admin-routes.ts) call beyond the pool's steps (service.ts): a
 * pool as the screens show it, the list with its pace monitor, the refresh, the candidates, the PDFs and their
 * zip, and the yearly rate. Each route handler calls one of these (decision 0052).
 */
import { syncI3Results } from "../drug-tests/service.ts";
import { audit } from "../lib/audit.ts";
import type { Deps } from "../lib/context.ts";
import { officeMonth } from "../lib/dates.ts";
import { AppError, notFound } from "../lib/errors.ts";
import {
  candidateList,
  documentBytes,
  findCandidate,
  findPool,
  listPools,
  poolPdfs,
  rateOf,
  setRate,
} from "./queries.ts";
import { exemptCandidate } from "./changes.ts";
import { type Actor, completeIfDone, type PoolDeps } from "./service.ts";
import { verifyDraw } from "./verify.ts";
import { candidateRecord, pace, poolRecord, zipExpired } from "./view.ts";
import { zipStream } from "./zip.ts";

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
  const { rows, total } = await listPools(deps.database.db, q.page, PER_PAGE, q.year);
  return {
    data: rows.map((p) => poolRecord(p, deps.now())),
    meta: { total, page: q.page, per_page: PER_PAGE },
    pace: await pace(deps.database.db, q.year ?? y, q.year && q.year !== y ? 1 : m),
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
  return zipStream(pdfs.map((p) => ({
    name: p.filename,
    bytes: async () => new Uint8Array((await documentBytes(db, p.id))!.bytes),
  })));
}

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
    await setRate(trx, year, ratePercent);
    await audit(trx, {
      actor: actor.user.user_id,
      action: "random_rate.set",
      entity: "random_rate",
      entityId: year,
      detail: { rate_percent: ratePercent },
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
