/** Analytics are administrators' only: this mounts admin-routes.ts (decision 0020). */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { adminStatsRoutes } from "./admin-routes.ts";

export const statsRoutes = new Hono<AppEnv>().route("/", adminStatsRoutes);
