/** The administrators' Settings (decision 0075): prices and the renewal notice days, audited, one change at a time. */
import { Hono } from "hono";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { describe, validate } from "../lib/route.ts";
import { AdminSettingsBody, AdminSettingsChangeResponse, AdminSettingsResponse } from "./schemas.ts";
import { adminSettings, changeSettings } from "./service.ts";

const TAGS = ["Settings"];

export const adminSettingsRoutes = new Hono<AppEnv>()
  .get(
    "/auth/settings",
    allow("admin"),
    describe({
      summary: "The consortium's settings: prices, renewal notice days, pause thresholds",
      description: "Not in the specification (decision 0075). The pause thresholds are the regulation's " +
        "(46 CFR 16.210) and shown only.",
      tags: TAGS,
      response: AdminSettingsResponse,
    }),
    async (c) => c.json(await adminSettings(c.var.deps), 200),
  )
  .put(
    "/auth/settings",
    allow("admin"),
    describe({
      summary: "Change the prices and the renewal notice days",
      description: "Not in the specification (decision 0075). The whole form, with the `updated_at` it " +
        "was opened with; values the row already holds answer 'Nothing to save'. New prices apply to " +
        "orders placed from now on (paid orders keep theirs; the public price list may show the old ones for " +
        "up to a minute); new notice days to renewal notices not yet sent. Audited as settings_updated with " +
        "each changed value before and after.",
      tags: TAGS,
      response: AdminSettingsChangeResponse,
      errors: { 409: "Another administrator changed the settings since this form was opened" },
    }),
    validate("json", AdminSettingsBody),
    async (c) => c.json(await changeSettings(c.var.deps, c.req.valid("json"), caller(c).user_id), 200),
  );
