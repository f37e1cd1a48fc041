/** The MIS report is for administrators only: every route is in admin-routes.ts. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { adminMisRoutes } from "./admin-routes.ts";

export const misRoutes = new Hono<AppEnv>().route("/", adminMisRoutes);
