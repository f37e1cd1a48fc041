/** The public contact form (/contact-us and /contact). Captcha-checked, rate-limited per address. */
import { Hono } from "hono";
import { clientIp } from "../auth/sessions.ts";
import { requireCaptcha } from "../integrations/captcha/captcha.ts";
import { allow } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { hit } from "../lib/rate-limit.ts";
import { describe, validate } from "../lib/route.ts";
import { CONTACT_MESSAGES, ContactBody, ContactResponse } from "./schemas.ts";
import { submitContactMessage } from "./service.ts";

export const contactRoutes = new Hono<AppEnv>()
  .post(
    "/contact",
    allow("public"),
    describe({
      summary: "Send a message to the office",
      description: "Stored, and mailed to the office address (OFFICE_EMAIL).",
      tags: ["Contact"],
      status: 201,
      response: ContactResponse,
      errors: { 429: "Too many messages from this address" },
    }),
    validate("json", ContactBody),
    async (c) => {
      const { recaptcha, ...message } = c.req.valid("json");
      const { deps } = c.var;
      const ip = clientIp(c);
      const wait = await hit(deps, "contactPerIp", ip);
      if (wait > 0) {
        throw new AppError(
          "RATE_LIMITED",
          "Too many messages from this address. Please wait a while, or call the office.",
          [],
          { "Retry-After": String(wait) },
        );
      }
      await requireCaptcha(deps.captcha, recaptcha, ip);
      const id = await submitContactMessage(deps, message);
      return c.json({ id, message: CONTACT_MESSAGES.sent }, 201);
    },
  );
