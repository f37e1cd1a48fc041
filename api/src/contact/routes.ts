/** The public contact form (/contact-us and /contact). Captcha-checked, rate-limited per address. */
import { Hono } from "hono";
import { clientIp } from "../auth/sessions.ts";
import { allow } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { describe, validate } from "../lib/route.ts";
import { CONTACT_MESSAGES, ContactBody, ContactResponse } from "./schemas.ts";
import { contactOffice } from "./service.ts";

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
      const id = await contactOffice(c.var.deps, c.req.valid("json"), clientIp(c));
      return c.json({ id, message: CONTACT_MESSAGES.sent }, 201);
    },
  );
