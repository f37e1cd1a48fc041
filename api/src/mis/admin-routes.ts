/**
 * The MIS report for administrators: its counts as JSON and as a PDF, per employer (business_id) or for the
 * consortium. Every PDF download is audited (the counts are aggregates, yet an employer with few employees
 * could be identified). The per-employer CSV is the 'mis' export type (exports/kinds.ts).
 */
import { Hono } from "hono";
import { clientIp } from "../auth/sessions.ts";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { describe, validate } from "../lib/route.ts";
import { MisAnswer, MisParams, MisQuery } from "./schemas.ts";
import { misPdfDownload } from "./download.ts";
import { misReport } from "./service.ts";

const TAGS = ["MIS report"];

export const adminMisRoutes = new Hono<AppEnv>()
  .get(
    "/auth/mis/:year",
    allow("admin"),
    describe({
      summary: "MIS report counts for a calendar year (49 CFR 40 Appendix H), per employer or consortium",
      tags: TAGS,
      response: MisAnswer,
      errors: { 404: "No such business" },
    }),
    validate("param", MisParams),
    validate("query", MisQuery),
    async (c) => {
      const { deps } = c.var;
      const report = await misReport(
        deps.database.db,
        deps.config.officeTimeZone,
        c.req.valid("param").year,
        c.req.valid("query").business_id ?? null,
      );
      return c.json({ data: report }, 200);
    },
  )
  .get(
    "/auth/mis/:year/pdf",
    allow("admin"),
    describe({
      summary: "The MIS report as a PDF; audited",
      tags: TAGS,
      produces: "application/pdf",
      errors: { 404: "No such business" },
    }),
    validate("param", MisParams),
    validate("query", MisQuery),
    async (c) => {
      const actor = { user: caller(c), ip: clientIp(c) };
      const businessId = c.req.valid("query").business_id ?? null;
      return await misPdfDownload(c.var.deps, actor, c.req.valid("param").year, businessId);
    },
  );
