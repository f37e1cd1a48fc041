/** Settings the web app needs before anyone signs in: which captcha widget to render. */
import { Hono } from "hono";
import { allow } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { describe } from "../lib/route.ts";
import { PublicConfig } from "./schemas.ts";

export const publicConfigRoutes = new Hono<AppEnv>()
  .get(
    "/config/public",
    allow("public"),
    describe({
      summary: "Public settings for the web app (captcha widget, payments processor)",
      tags: ["Config"],
      response: PublicConfig,
    }),
    (c) => c.json({ captcha: c.var.deps.captcha.widget, payments: c.var.deps.payments.widget }, 200),
  );
