/**
 * Random pools: the administrators' calls (admin-routes.ts) and a DER's view of its own employees' selections
 * once the pool is released (der-routes.ts, filtered by the DER's company; 49 CFR 40.321), and an independent
 * mariner's own selection notice (member-routes.ts).
 */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { adminRandomRoutes } from "./admin-routes.ts";
import { derRandomRoutes } from "./der-routes.ts";
import { memberRandomRoutes } from "./member-routes.ts";

export const randomsRoutes = new Hono<AppEnv>().route("/", adminRandomRoutes).route("/", derRandomRoutes)
  .route("/", memberRandomRoutes);
