/**
 * The development mailbox: what the outbox holds, as a page (/dev/mail) and as JSON (/api/dev/mail), so
 * reset links and other mail can be followed without a mail server. Both answer 404 in production.
 */
import { Hono } from "hono";
import { z } from "zod";
import { allow } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { describe } from "../lib/route.ts";
import { mailboxPage } from "./page.ts";
import { attachment, mailbox } from "./service.ts";

const DevMailList = z.object({
  data: z.array(z.object({
    id: z.number().int(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string().nullable(),
    status: z.enum(["queued", "sending", "sent", "failed"]),
    error: z.string().nullable(),
    created_at: z.string(),
    sent_at: z.string().nullable(),
    attachments: z.array(z.object({
      id: z.number().int(),
      filename: z.string(),
      content_type: z.string(),
      size: z.number().int().describe("Bytes"),
    })).describe("Each downloads from /dev/mail/attachments/{id}"),
  })),
});

export const devMailApiRoutes = new Hono<AppEnv>()
  .get(
    "/dev/mail",
    allow("public"),
    describe({
      summary: "Development mailbox: the latest 100 outbox messages, newest first",
      description: "Only outside production (APP_ENV=production answers 404).",
      tags: ["Development"],
      response: DevMailList,
      errors: { 404: "In production" },
    }),
    async (c) => {
      if (c.var.deps.config.production) {
        throw new AppError("ROUTE_NOT_FOUND", `There is no endpoint GET ${c.req.path}.`);
      }
      return c.json({ data: await mailbox(c.var.deps) }, 200);
    },
  );

export const devMailPageRoutes = new Hono<AppEnv>()
  .get("/dev/mail", allow("public"), async (c) => {
    if (c.var.deps.config.production) return c.text("Not found", 404);
    c.header("Cache-Control", "no-store");
    return c.html(mailboxPage(await mailbox(c.var.deps)));
  })
  .get("/dev/mail/attachments/:id", allow("public"), async (c) => {
    const id = Number(c.req.param("id"));
    if (c.var.deps.config.production || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
      return c.text("Not found", 404);
    }
    const file = await attachment(c.var.deps, id);
    if (!file) return c.text("Not found", 404);
    c.header("Cache-Control", "no-store");
    c.header("Content-Type", file.content_type);
    c.header("Content-Disposition", `attachment; filename="${file.filename.replace(/["\\\r\n]/g, "_")}"`);
    return c.body(new Uint8Array(file.bytes));
  });
