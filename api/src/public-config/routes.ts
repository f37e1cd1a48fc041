/** Settings the web app needs before anyone signs in: which captcha widget to render, the office's contacts. */
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
    (c) => {
      const { captcha, payments, config } = c.var.deps;
      const office = { phone: config.officePhone, email: config.officeEmail };
      return c.json({ captcha: captcha.widget, payments: payments.widget, office }, 200);
    },
  );
