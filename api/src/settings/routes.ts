/** Public prices (every page of the public site and the registration wizard reads them here), and Settings. */
import { Hono } from "hono";
import { allow } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { describe } from "../lib/route.ts";
import { adminSettingsRoutes } from "./admin-routes.ts";
import { PricesResponse } from "./schemas.ts";
import { currentPrices } from "./service.ts";

const pricesRoutes = new Hono<AppEnv>()
  .get(
    "/prices",
    allow("public"),
    describe({
      summary: "Current membership and compliance kit prices",
      tags: ["Settings"],
      response: PricesResponse,
    }),
    async (c) => {
      const prices = await currentPrices(c.var.deps);
      // Short and shared: a price change shows within a minute, and most page views cost no query.
      c.header("Cache-Control", "public, max-age=60");
      return c.json(prices, 200);
    },
  );

export const settingsRoutes = new Hono<AppEnv>().route("/", pricesRoutes).route("/", adminSettingsRoutes);
