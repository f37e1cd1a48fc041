/** Imports are for administrators only: every route is in admin-routes.ts. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { adminImportRoutes } from "./admin-routes.ts";

export const importsRoutes = new Hono<AppEnv>().route("/", adminImportRoutes);
