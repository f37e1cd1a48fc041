/**
 * The administrators' random pool calls (admin spec §2 "Random pool screens", §4 "Random pool"): the list
 * with the pace monitor, the new pool's preview, create, build (snapshot and draw), order, the candidates, exempt and substitute,
 * verify, the PDFs and their zip, and the yearly rate. Administrators only: selected names are never shown to
 * anyone else before the pool is released (46 CFR 16.230: unannounced). Each action is audited.
 */
import { Hono } from "hono";
import { actorOf, allow } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { idempotent } from "../lib/idempotency.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { substituteCandidate } from "./changes.ts";
import {
  CandidateListAnswer,
  CandidateParam,
  CreatePoolBody,
  PoolAnswer,
  PoolListAnswer,
  PoolListQuery,
  PreviewAnswer,
  PreviewQuery,
  RateAnswer,
  RateBody,
  ReasonBody,
  VerifyAnswer,
  YearParam,
} from "./schemas.ts";
import {
  candidatePdf,
  exemptAndComplete,
  onePool as poolOf,
  poolCandidates,
  poolPage,
  poolPreview,
  poolVerification,
  poolZip,
  refreshPool,
  setYearRate,
  startPdfs,
  yearRate,
} from "./admin.ts";
import { createPool, startBuild, startOrder } from "./service.ts";
import { releasePool } from "./release.ts";

const TAGS = ["Random pools"];
const NOT_FOUND = { 404: "No such pool" };

const onePool = (c: { var: AppEnv["Variables"] }, id: number) => poolOf(c.var.deps, id);

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
    async (c) => c.json(await poolPage(c.var.deps, c.req.valid("query")), 200),
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
    "/auth/randoms/preview",
    allow("admin"),
    describe({
      summary:
        "Preview a new pool before it is created: its month, the covered population, the number to select",
      description: "Without year and month: the first month from the office's current month on that has no " +
        "pool (the new-pool form's default). The figures are those a build now would use (the members " +
        "covered now; the year's remainder at its rate over the months left, at least one). Nothing is " +
        "written; exists says the month already has a pool.",
      tags: TAGS,
      response: PreviewAnswer,
    }),
    validate("query", PreviewQuery),
    async (c) => c.json({ data: await poolPreview(c.var.deps, c.req.valid("query")) }, 200),
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
    async (c) => c.json({ data: await refreshPool(c.var.deps, actorOf(c), c.req.valid("param").id) }, 200),
  )
  .post(
    "/auth/randoms/:id/pdfs",
    allow("admin"),
    idempotent(),
    describe({
      summary: "Make the candidate PDFs of an ordered pool: the missing ones (Downloads: Start or Retry)",
      description: "A job makes the notice of every selected candidate whose test is ordered and has none " +
        "yet; pdf_download_status is 'building' until it ends. The order makes them the first time.",
      tags: TAGS,
      response: PoolAnswer,
      errors: { ...NOT_FOUND, 409: "Not ordered yet, or the PDFs are being made already" },
    }),
    validate("param", IdParam),
    async (c) =>
      c.json({
        data: await startPdfs(c.var.deps, actorOf(c), c.req.valid("param").id),
        message: "Making the candidate PDFs",
      }, 200),
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
    async (c) => c.json({ data: await poolCandidates(c.var.deps, c.req.valid("param").id) }, 200),
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
      const pool = await exemptAndComplete(
        c.var.deps,
        actorOf(c),
        id,
        candidateId,
        c.req.valid("json").reason,
      );
      return c.json({ data: pool, message: "Candidate exempted" }, 200);
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
    async (c) => c.json({ data: await poolVerification(c.var.deps, c.req.valid("param").id) }, 200),
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
      const doc = await candidatePdf(c.var.deps, actorOf(c), id, candidateId);
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
      const stream = await poolZip(c.var.deps, actorOf(c), id);
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
    async (c) => c.json({ data: await yearRate(c.var.deps, c.req.valid("param").year) }, 200),
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
      const { rate_percent } = c.req.valid("json");
      return c.json({
        data: await setYearRate(c.var.deps, actorOf(c), c.req.valid("param").year, rate_percent),
      }, 200);
    },
  );
