/**
 * The administrators' exports (admin spec §2 "Export wizard", §7 "Analytics and exports"): create one (the
 * spec leaves the path open: POST /auth/exports), list them, read one with its progress, run a failed one
 * again, and download the built CSV as export-{id}.csv, streamed from storage.
 */
import { Hono } from "hono";
import { clientIp } from "../auth/sessions.ts";
import { allow, caller, requireRecentSecondFactor } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { idempotent } from "../lib/idempotency.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import {
  EXPORT_MESSAGES as M,
  ExportAnswer,
  ExportCreateBody,
  ExportListQuery,
  ExportPage,
} from "./schemas.ts";
import {
  createExport,
  exportPage,
  getExport,
  openDownload,
  retryExport,
  SIMULATE_STORAGE_FAILURE_HEADER,
} from "./service.ts";

const TAGS = ["Exports"];
const NOT_FOUND = { 404: "No such export" };

export const adminExportRoutes = new Hono<AppEnv>()
  .post(
    "/auth/exports",
    allow("admin"),
    requireRecentSecondFactor(),
    idempotent(),
    describe({
      summary: "Queue an export (BUILDING; a job builds it, then BUILT or FAILED)",
      description: "Types: users, transactions, i3_tests (filters reason, from, to), expired_memberships " +
        "(from, to), mis (year, business_id). A missing type answers 'Export type is required', an unknown " +
        "one 'Please select an export type'.",
      tags: TAGS,
      status: 201,
      response: ExportAnswer,
      errors: {
        429: "RATE_LIMITED: this administrator already has EXPORTS_PER_ADMIN exports BUILDING (Retry-After)",
      },
    }),
    validate("json", ExportCreateBody),
    async (c) => {
      const actor = { user: caller(c), ip: clientIp(c) };
      const hooks = { simulateStorageFailure: c.req.header(SIMULATE_STORAGE_FAILURE_HEADER) === "1" };
      return c.json({ data: await createExport(c.var.deps, actor, c.req.valid("json"), hooks) }, 201);
    },
  )
  .get(
    "/auth/exports",
    allow("admin"),
    describe({
      summary: "List exports (sort_by id, status, type, created_at or progress)",
      tags: TAGS,
      response: ExportPage,
    }),
    validate("query", ExportListQuery),
    async (c) => c.json(await exportPage(c.var.deps, c.req.valid("query")), 200),
  )
  .get(
    "/auth/export/:id",
    allow("admin"),
    describe({
      summary: "One export with its status and progress (rows_written of rows_total)",
      tags: TAGS,
      response: ExportAnswer,
      errors: NOT_FOUND,
    }),
    validate("param", IdParam),
    async (c) => c.json({ data: await getExport(c.var.deps, c.req.valid("param").id) }, 200),
  )
  .post(
    "/auth/export/:id/retry",
    allow("admin"),
    idempotent(),
    describe({
      summary: "Run a failed export again",
      tags: TAGS,
      response: ExportAnswer,
      errors: { ...NOT_FOUND, 409: M.notFailed },
    }),
    validate("param", IdParam),
    async (c) => {
      const actor = { user: caller(c), ip: clientIp(c) };
      return c.json({ data: await retryExport(c.var.deps, actor, c.req.valid("param").id) }, 200);
    },
  )
  .get(
    "/auth/export/:id/download",
    allow("admin"),
    describe({
      summary: "Download a built export as export-{id}.csv (RFC 4180, UTF-8 with BOM); audited",
      tags: TAGS,
      produces: "text/csv",
      errors: { ...NOT_FOUND, 409: `${M.notBuilt} / ${M.expired}` },
    }),
    validate("param", IdParam),
    async (c) => {
      const actor = { user: caller(c), ip: clientIp(c) };
      const { file, filename } = await openDownload(c.var.deps, actor, c.req.valid("param").id);
      return new Response(file.body, {
        status: 200,
        headers: {
          "Content-Type": file.contentType,
          "Content-Length": String(file.size),
          "Content-Disposition": `attachment; filename="${filename}"`,
          "Cache-Control": "private, no-store",
        },
      });
    },
  );
