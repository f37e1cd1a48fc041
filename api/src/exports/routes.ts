/** Exports are for administrators only: every route is in admin-routes.ts. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { adminExportRoutes } from "./admin-routes.ts";

export const exportsRoutes = new Hono<AppEnv>().route("/", adminExportRoutes);
