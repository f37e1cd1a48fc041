/** Settings the web app needs before anyone signs in: which captcha widget to render. */
import { Hono } from "hono";
import { z } from "zod";
import { allow } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { describe } from "../lib/route.ts";

const PublicConfig = z.object({
  captcha: z.discriminatedUnion("provider", [
    z.object({ provider: z.literal("recaptcha"), site_key: z.string() }),
    z.object({ provider: z.literal("development") })
      .describe("Render the development widget; its token is dev-captcha-ok."),
  ]),
  payments: z.discriminatedUnion("provider", [
    z.object({ provider: z.literal("sandbox") })
      .describe("Built-in sandbox: post the card to /api/payments/sandbox/setup-intents/confirm."),
    z.object({ provider: z.literal("stripe"), publishable_key: z.string() }),
  ]),
});

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
