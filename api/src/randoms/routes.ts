/**
 * Random pools: administrators only for now (admin-routes.ts). A DER's view of its own employees' selections
 * after release is not built yet; any such route must filter by the DER's businesses (49 CFR 40.321).
 */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { adminRandomRoutes } from "./admin-routes.ts";

export const randomsRoutes = new Hono<AppEnv>().route("/", adminRandomRoutes);
