/** The search domain's routes: all of them are administrators' (admin-routes.ts). */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { adminSearchRoutes } from "./admin-routes.ts";

export const searchRoutes = new Hono<AppEnv>().route("/", adminSearchRoutes);
