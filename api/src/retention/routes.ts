/** Retention (decision 0091): administrators only. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { adminRetentionRoutes } from "./admin-routes.ts";

export const retentionRoutes = new Hono<AppEnv>().route("/", adminRetentionRoutes);
