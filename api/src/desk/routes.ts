/**
 * The notification center's routes. Only administrators read or act on notifications (admin spec §6), so
 * everything lives in admin-routes.ts; this mounts it like every other domain.
 */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { adminNotificationRoutes } from "./admin-routes.ts";
import { employeeBatchRoutes } from "./employee-batch-routes.ts";

export const notificationsRoutes = new Hono<AppEnv>().route("/", adminNotificationRoutes)
  .route("/", employeeBatchRoutes);
