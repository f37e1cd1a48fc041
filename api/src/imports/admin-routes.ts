/**
 * The administrators' imports (issue 36, decision 0084; not in the specification): upload a CSV file as the
 * request body (streamed to storage), map its columns and run the dry run, read its rows and download its
 * errors, apply, roll back, and send the claim e-mails.
 */
import { Hono } from "hono";
import { clientIp } from "../auth/sessions.ts";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { IdParam } from "../lib/params.ts";
import { describe, streamedBodyLimitOf, validate } from "../lib/route.ts";
import {
  CheckBody,
  ExportParam,
  IMPORT_MESSAGES as M,
  ImportAnswer,
  ImportList,
  MessageAnswer,
  RowsAnswer,
  RowsQuery,
  UploadAnswer,
  UploadQuery,
} from "./schemas.ts";
import {
  applyImport,
  checkImport,
  errorsFile,
  exportTemplate,
  importList,
  importRows,
  rollbackImport,
  sendClaimMails,
  showImport,
  uploadImport,
} from "./service.ts";

const TAGS = ["Imports"];
const NOT_FOUND = { 404: "No such import" };
/** The largest file taken (issue 36: files up to 200 MB). */
export const IMPORT_MAX_BYTES = 200 * 1024 * 1024;

export const adminImportRoutes = new Hono<AppEnv>()
  .post(
    "/auth/imports",
    allow("admin"),
    describe({
      summary: "Upload a CSV file to import (the request body is the file; not in the specification)",
      description:
        "The body is the file's bytes (text/csv), at most 200 MB, streamed to storage. Answers the " +
        "batch with the file's header, a suggested mapping (the one saved for this header, else from the " +
        "column names) and the first rows. A file that is not a CSV answers 422 on `file`.",
      tags: TAGS,
      status: 201,
      response: UploadAnswer,
      errors: { 413: "Larger than 200 MB", 422: "Unknown kind, empty file, or not a CSV file" },
    }),
    streamedBodyLimitOf(IMPORT_MAX_BYTES, "The file is larger than 200 MB."),
    validate("query", UploadQuery),
    async (c) => {
      const actor = { user: caller(c), ip: clientIp(c) };
      return c.json(await uploadImport(c.var.deps, actor, c.req.valid("query"), c.req.raw.body), 201);
    },
  )
  .get(
    "/auth/imports",
    allow("admin"),
    describe({ summary: "The latest import batches, newest first", tags: TAGS, response: ImportList }),
    async (c) => c.json(await importList(c.var.deps), 200),
  )
  .get(
    "/auth/imports/export/:kind",
    allow("admin"),
    describe({
      summary: "Everything of a kind in its import template (the same columns, words and formats); audited",
      description: "An export is an import file: imported into an empty database, it exports the same bytes.",
      tags: TAGS,
      produces: "text/csv",
      errors: { 422: "Unknown kind" },
    }),
    validate("param", ExportParam),
    async (c) => {
      const actor = { user: caller(c), ip: clientIp(c) };
      const { body, filename } = await exportTemplate(c.var.deps, actor, c.req.valid("param").kind);
      return new Response(body, {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="${filename}"`,
          "Cache-Control": "private, no-store",
        },
      });
    },
  )
  .get(
    "/auth/import/:id",
    allow("admin"),
    describe({
      summary: "One import batch with its mapping (or the suggested one) and sample rows",
      tags: TAGS,
      response: UploadAnswer,
      errors: NOT_FOUND,
    }),
    validate("param", IdParam),
    async (c) => c.json(await showImport(c.var.deps, c.req.valid("param").id), 200),
  )
  .post(
    "/auth/import/:id/check",
    allow("admin"),
    describe({
      summary: "Save the column mapping and formats, and queue the dry run (changes nothing)",
      tags: TAGS,
      response: ImportAnswer,
      errors: { ...NOT_FOUND, 409: M.notUploaded, 422: "A required field not mapped, a column twice" },
    }),
    validate("param", IdParam),
    validate("json", CheckBody),
    async (c) => {
      const actor = { user: caller(c), ip: clientIp(c) };
      const data = await checkImport(c.var.deps, actor, c.req.valid("param").id, c.req.valid("json"));
      return c.json({ data }, 200);
    },
  )
  .get(
    "/auth/import/:id/rows",
    allow("admin"),
    describe({
      summary: "The dry run's rows: row → will create / will update / unchanged / error with the reason",
      tags: TAGS,
      response: RowsAnswer,
      errors: NOT_FOUND,
    }),
    validate("param", IdParam),
    validate("query", RowsQuery),
    async (c) => c.json(await importRows(c.var.deps, c.req.valid("param").id, c.req.valid("query")), 200),
  )
  .get(
    "/auth/import/:id/errors",
    allow("admin"),
    describe({
      summary: "The error rows as CSV: row number, reason, then the original row; audited",
      tags: TAGS,
      produces: "text/csv",
      errors: NOT_FOUND,
    }),
    validate("param", IdParam),
    async (c) => {
      const actor = { user: caller(c), ip: clientIp(c) };
      const { body, filename } = await errorsFile(c.var.deps, actor, c.req.valid("param").id);
      return new Response(body, {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="${filename}"`,
          "Cache-Control": "private, no-store",
        },
      });
    },
  )
  .post(
    "/auth/import/:id/apply",
    allow("admin"),
    describe({
      summary: "Apply a checked batch (a job; progress in rows_done of rows_total)",
      tags: TAGS,
      response: ImportAnswer,
      errors: { ...NOT_FOUND, 409: M.notChecked },
    }),
    validate("param", IdParam),
    async (c) => {
      const actor = { user: caller(c), ip: clientIp(c) };
      return c.json({ data: await applyImport(c.var.deps, actor, c.req.valid("param").id) }, 200);
    },
  )
  .post(
    "/auth/import/:id/rollback",
    allow("admin"),
    describe({
      summary: "Roll an applied batch back, while nothing it wrote changed since",
      tags: TAGS,
      response: ImportAnswer,
      errors: { ...NOT_FOUND, 409: `${M.notApplied} / ${M.rollbackBlocked} (issues name the records)` },
    }),
    validate("param", IdParam),
    async (c) => {
      const actor = { user: caller(c), ip: clientIp(c) };
      return c.json({ data: await rollbackImport(c.var.deps, actor, c.req.valid("param").id) }, 200);
    },
  )
  .post(
    "/auth/import/:id/claim",
    allow("admin"),
    describe({
      summary: "Send the people this batch created a 'claim your account' e-mail (a password-set link), once",
      description:
        "Queues the e-mails for a background job (decision 0089) and answers at once: the batch's " +
        "claim_sent_count rises to claim_total as they go. People already sent one are not queued again.",
      tags: TAGS,
      response: MessageAnswer,
      errors: { ...NOT_FOUND, 409: `${M.notAppliedClaim} / ${M.claimRunning}` },
    }),
    validate("param", IdParam),
    async (c) => {
      const actor = { user: caller(c), ip: clientIp(c) };
      return c.json(await sendClaimMails(c.var.deps, actor, c.req.valid("param").id), 200);
    },
  );
