/** The audit domain's routes: all of them are administrators' (admin-routes.ts). */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { adminAuditRoutes } from "./admin-routes.ts";

export const auditRoutes = new Hono<AppEnv>().route("/", adminAuditRoutes);
