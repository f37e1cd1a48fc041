/**
 * The administrators' random pool calls (admin spec §2 "Random pool screens", §4 "Random pool"): the list
 * with the pace monitor, create, build (snapshot and draw), order, the candidates, exempt and substitute,
 * verify, the PDFs and their zip, and the yearly rate. Administrators only: selected names are never shown to
 * anyone else before the pool is released (46 CFR 16.230: unannounced). Each action is audited.
 */
import { Hono } from "hono";
import { clientIp } from "../auth/sessions.ts";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { officeMonth } from "../lib/dates.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { idempotent } from "../lib/idempotency.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { exemptCandidate, substituteCandidate } from "./changes.ts";
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
import {
  CandidateListAnswer,
  CandidateParam,
  CreatePoolBody,
  PoolAnswer,
  PoolListAnswer,
  PoolListQuery,
  RateAnswer,
  RateBody,
  ReasonBody,
  VerifyAnswer,
  YearParam,
} from "./schemas.ts";
import { completeIfDone, createPool, startBuild, startOrder } from "./service.ts";
import { syncI3Results } from "../drug-tests/service.ts";
import { releasePool } from "./release.ts";
import { verifyDraw } from "./verify.ts";
import { candidateRecord, pace, poolRecord, zipExpired } from "./view.ts";
import { zipStream } from "./zip.ts";
import { audit } from "../lib/audit.ts";

const TAGS = ["Random pools"];
const NOT_FOUND = { 404: "No such pool" };
const PER_PAGE = 25;

const onePool = async (c: { var: AppEnv["Variables"] }, id: number) => {
  const pool = await findPool(c.var.deps.database.db, id);
  if (!pool) throw notFound("Random pool");
  return poolRecord(pool, c.var.deps.now());
};
const actorOf = (c: Parameters<typeof clientIp>[0]) => ({
  userId: caller(c as never).user_id,
  ip: clientIp(c),
});

export const adminRandomRoutes = new Hono<AppEnv>()
  .get(
    "/auth/randoms",
    allow("admin"),
    describe({
      summary: "Random pools, newest month first, with the year's pace monitor",
      tags: TAGS,
      response: PoolListAnswer,
    }),
    validate("query", PoolListQuery),
    async (c) => {
      const { deps } = c.var;
      const q = c.req.valid("query");
      const [y, m] = officeMonth(deps.now(), deps.config.officeTimeZone).split("-").map(Number);
      const { rows, total } = await listPools(deps.database.db, q.page, PER_PAGE, q.year);
      return c.json({
        data: rows.map((p) => poolRecord(p, deps.now())),
        meta: { total, page: q.page, per_page: PER_PAGE },
        pace: await pace(deps.database.db, q.year ?? y, q.year && q.year !== y ? 1 : m),
      }, 200);
    },
  )
  .post(
    "/auth/randoms",
    allow("admin"),
    idempotent(),
    describe({
      summary: "Create a draft pool for a month; its seed's SHA-256 commitment is fixed and shown now",
      tags: TAGS,
      status: 201,
      response: PoolAnswer,
      errors: { 409: "A pool for this month already exists" },
    }),
    validate("json", CreatePoolBody),
    async (c) => {
      const { year, month } = c.req.valid("json");
      const id = await createPool(c.var.deps, actorOf(c), year, month);
      return c.json({ data: await onePool(c, id), message: "Random pool created" }, 201);
    },
  )
  .get(
    "/auth/randoms/:id",
    allow("admin"),
    describe({ summary: "A random pool", tags: TAGS, response: PoolAnswer, errors: NOT_FOUND }),
    validate("param", IdParam),
    async (c) => c.json({ data: await onePool(c, c.req.valid("param").id) }, 200),
  )
  .post(
    "/auth/randoms/:id/build",
    allow("admin"),
    idempotent(),
    describe({
      summary: "Build a draft pool: a job snapshots the covered population and draws (status building)",
      tags: TAGS,
      response: PoolAnswer,
      errors: { ...NOT_FOUND, 409: "Not a draft" },
    }),
    validate("param", IdParam),
    async (c) => {
      const { id } = c.req.valid("param");
      await startBuild(c.var.deps, actorOf(c), id);
      return c.json({ data: await onePool(c, id) }, 200);
    },
  )
  .post(
    "/auth/randoms/:id/order",
    allow("admin"),
    idempotent(),
    describe({
      summary: "Order the pre-ordered tests through i3 (a job; also sends again the orders that failed)",
      tags: TAGS,
      response: PoolAnswer,
      errors: { ...NOT_FOUND, 409: "Not pre-ordered yet" },
    }),
    validate("param", IdParam),
    async (c) => {
      const { id } = c.req.valid("param");
      await startOrder(c.var.deps, actorOf(c), id);
      return c.json({ data: await onePool(c, id) }, 200);
    },
  )
  .post(
    "/auth/randoms/:id/release",
    allow("admin"),
    idempotent(),
    describe({
      summary: "Release an ordered pool to the DERs: each DER then sees its own employees' selections",
      description: "Until released, a pool's selections are seen by administrators only (46 CFR 16.230(g): " +
        "unannounced). Allowed once the tests are ordered and the candidate PDFs are ready (built or " +
        "complete). The same administrator again changes nothing; never taken back.",
      tags: TAGS,
      response: PoolAnswer,
      errors: {
        ...NOT_FOUND,
        409: "Not ordered yet, PDFs not ready, or already released by another administrator",
      },
    }),
    validate("param", IdParam),
    async (c) => {
      const { id } = c.req.valid("param");
      const released = await releasePool(c.var.deps, actorOf(c), id);
      return c.json({
        data: await onePool(c, id),
        message: released ? "Random pool released" : "The pool was already released",
      }, 200);
    },
  )
  .post(
    "/auth/randoms/:id/refresh",
    allow("admin"),
    describe({
      summary:
        "Pull the i3 results now (the drug-test sync) and complete the pool if every candidate is done",
      tags: TAGS,
      response: PoolAnswer,
      errors: NOT_FOUND,
    }),
    validate("param", IdParam),
    async (c) => {
      const { id } = c.req.valid("param");
      await onePool(c, id);
      await syncI3Results(c.var.deps);
      await completeIfDone(c.var.deps, id);
      const pool = await onePool(c, id);
      await audit(c.var.deps.database.db, {
        actor: caller(c).user_id,
        action: "random_pool.refresh",
        entity: "random_pool",
        entityId: id,
        detail: { status: pool.status },
      });
      return c.json({ data: pool }, 200);
    },
  )
  .get(
    "/auth/randoms/:id/candidates",
    allow("admin"),
    describe({
      summary: "The drawn candidates in draw order: selected, alternates, substituted and exempt",
      tags: TAGS,
      response: CandidateListAnswer,
      errors: NOT_FOUND,
    }),
    validate("param", IdParam),
    async (c) => {
      const { id } = c.req.valid("param");
      await onePool(c, id);
      const rows = await candidateList(c.var.deps.database.db, id);
      return c.json({ data: rows.map(candidateRecord) }, 200);
    },
  )
  .post(
    "/auth/randoms/:id/candidates/:candidateId/exempt",
    allow("admin"),
    idempotent(),
    describe({
      summary: "Exempt a selected candidate with a documented reason (its test, if placed, is cancelled)",
      tags: TAGS,
      response: PoolAnswer,
      errors: { 404: "No such pool or candidate", 409: "Not selected, already exempt, or pool complete" },
    }),
    validate("param", CandidateParam),
    validate("json", ReasonBody),
    async (c) => {
      const { id, candidateId } = c.req.valid("param");
      await exemptCandidate(c.var.deps, actorOf(c), id, candidateId, c.req.valid("json").reason);
      await completeIfDone(c.var.deps, id);
      return c.json({ data: await onePool(c, id), message: "Candidate exempted" }, 200);
    },
  )
  .post(
    "/auth/randoms/:id/candidates/:candidateId/substitute",
    allow("admin"),
    idempotent(),
    describe({
      summary: "Replace a selected candidate who cannot be tested by the next alternate, with the reason",
      tags: TAGS,
      response: PoolAnswer,
      errors: { 404: "No such pool or candidate", 409: "Not selected, resulted, or no alternate left" },
    }),
    validate("param", CandidateParam),
    validate("json", ReasonBody),
    async (c) => {
      const { id, candidateId } = c.req.valid("param");
      await substituteCandidate(c.var.deps, actorOf(c), id, candidateId, c.req.valid("json").reason);
      return c.json({ data: await onePool(c, id), message: "Candidate substituted" }, 200);
    },
  )
  .get(
    "/auth/randoms/:id/verify",
    allow("admin"),
    describe({
      summary: "Re-derive the draw from the stored snapshot and the revealed seed: match or mismatch",
      tags: TAGS,
      response: VerifyAnswer,
      errors: NOT_FOUND,
    }),
    validate("param", IdParam),
    async (c) => {
      const report = await verifyDraw(c.var.deps.database.db, c.req.valid("param").id);
      if (!report) throw notFound("Random pool");
      return c.json({ data: report }, 200);
    },
  )
  .get(
    "/auth/randoms/:id/candidates/:candidateId/pdf",
    allow("admin"),
    describe({
      summary: "One candidate's notice PDF",
      tags: TAGS,
      produces: "application/pdf",
      errors: { 404: "No such pool, candidate or PDF" },
    }),
    validate("param", CandidateParam),
    async (c) => {
      const { id, candidateId } = c.req.valid("param");
      const { db } = c.var.deps.database;
      const candidate = await findCandidate(db, id, candidateId);
      const doc = candidate?.pdf_document_id ? await documentBytes(db, candidate.pdf_document_id) : undefined;
      if (!doc) throw notFound("PDF");
      await audit(db, {
        actor: caller(c).user_id,
        action: "random_pool.download",
        entity: "random_pool",
        entityId: id,
      });
      return new Response(doc.bytes as Uint8Array<ArrayBuffer>, {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="${doc.filename}"`,
          "Cache-Control": "private, no-store",
        },
      });
    },
  )
  .get(
    "/auth/randoms/:id/zip",
    allow("admin"),
    describe({
      summary: "Every candidate PDF in one zip, streamed one PDF at a time",
      tags: TAGS,
      produces: "application/zip",
      errors: { ...NOT_FOUND, 409: "No PDF is ready, or the zip has expired" },
    }),
    validate("param", IdParam),
    async (c) => {
      const { id } = c.req.valid("param");
      const { db } = c.var.deps.database;
      const pool = await findPool(db, id);
      if (!pool) throw notFound("Random pool");
      if (zipExpired(pool.completed_at, c.var.deps.now())) {
        throw new AppError("CONFLICT", "The zip has expired.");
      }
      const pdfs = await poolPdfs(db, id);
      if (!pdfs.length) throw new AppError("CONFLICT", "No candidate PDF is ready yet.");
      await audit(db, {
        actor: caller(c).user_id,
        action: "random_pool.download",
        entity: "random_pool",
        entityId: id,
      });
      const stream = zipStream(pdfs.map((p) => ({
        name: p.filename,
        bytes: async () => new Uint8Array((await documentBytes(db, p.id))!.bytes),
      })));
      return new Response(stream, {
        headers: {
          "Content-Type": "application/zip",
          "Content-Disposition": `attachment; filename="random-pool-${id}.zip"`,
          "Cache-Control": "private, no-store",
        },
      });
    },
  )
  .get(
    "/auth/random-rates/:year",
    allow("admin"),
    describe({
      summary: "The year's minimum random rate (50 % unless set)",
      tags: TAGS,
      response: RateAnswer,
    }),
    validate("param", YearParam),
    async (c) => {
      const { year } = c.req.valid("param");
      return c.json({ data: { year, rate_percent: await rateOf(c.var.deps.database.db, year) } }, 200);
    },
  )
  .put(
    "/auth/random-rates/:year",
    allow("admin"),
    describe({
      summary: "Set the year's minimum random rate (16.230(e): 50 %, or 25 % when the Coast Guard lowers it)",
      tags: TAGS,
      response: RateAnswer,
    }),
    validate("param", YearParam),
    validate("json", RateBody),
    async (c) => {
      const { year } = c.req.valid("param");
      const { rate_percent } = c.req.valid("json");
      const { db } = c.var.deps.database;
      await db.transaction().execute(async (trx) => {
        await setRate(trx, year, rate_percent);
        await audit(trx, {
          actor: caller(c).user_id,
          action: "random_rate.set",
          entity: "random_rate",
          entityId: year,
          detail: { rate_percent },
          ip: clientIp(c),
        });
      });
      return c.json({ data: { year, rate_percent } }, 200);
    },
  );
