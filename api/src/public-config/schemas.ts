/** Settings the web app needs before anyone signs in: which captcha widget and which card form to render. */
import { z } from "zod";

export const PublicConfig = z.object({
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
  office: z.object({
    phone: z.string().describe("The office's telephone number as shown (OFFICE_PHONE)"),
    email: z.string().describe("The office's e-mail address (OFFICE_EMAIL)"),
  }).describe("How people reach the office: shown in the footer and on the contact pages"),
});
