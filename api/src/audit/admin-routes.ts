/**
 * The Audit screen and every record's History (issue 24 item 6, decision 0062): administrators only. Reading
 * the record is itself audited (lib/audit-guard.ts: every administrator route leaves a row).
 */
import { Hono } from "hono";
import { allow } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { describe, validate } from "../lib/route.ts";
import { auditCsv, CSV_LIMIT, listAudit } from "./service.ts";
import { AuditFilterSchema, AuditList, AuditQuery } from "./schemas.ts";

const TAGS = ["Audit"];

export const adminAuditRoutes = new Hono<AppEnv>()
  .get(
    "/auth/audit",
    allow("admin"),
    describe({
      summary: "The audit record, newest first: filter by actor, action, subject (a record's History), days",
      tags: TAGS,
      response: AuditList,
    }),
    validate("query", AuditQuery),
    async (c) => c.json(await listAudit(c.var.deps, c.req.valid("query")), 200),
  )
  .get(
    "/auth/audit/export",
    allow("admin"),
    describe({
      summary: "The filtered audit record as CSV",
      description: `Newest first, at most ${CSV_LIMIT} rows (narrow by date for more).`,
      tags: TAGS,
      produces: "text/csv",
    }),
    validate("query", AuditFilterSchema),
    async (c) => {
      const csv = await auditCsv(c.var.deps, c.req.valid("query"));
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="audit.csv"',
      });
    },
  );
