/**
 * Delivery over SMTP with nodemailer. The message is written to the outbox as "sending" before anything goes
 * on the wire, then marked "sent" or "failed" (with the server's answer). Delivery runs after `send` resolves,
 * so a caller's answer time does not reveal whether a message was sent (see password reset).
 */
// @ts-types="./nodemailer.d.ts"
import nodemailer from "nodemailer";
import type { Kysely } from "kysely";
import type { DB } from "../../db/types.ts";
import { Buffer } from "node:buffer";
import { recordAttachments } from "./attachments.ts";
import type { Mailer, MailMessage } from "./mailer.ts";

export interface SmtpOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465. */
  url: string;
  from: string;
  /** Upper bound for connecting, the greeting and each socket wait, in milliseconds. */
  timeoutMs?: number;
}

export function smtpMailer(db: Kysely<DB>, options: SmtpOptions, now: () => Date): Mailer {
  const timeout = options.timeoutMs ?? 15_000;
  const transport = nodemailer.createTransport(options.url, {
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  const pending = new Set<Promise<void>>();

  async function deliver(id: number, { attachments, ...msg }: MailMessage) {
    try {
      await transport.sendMail({
        from: options.from,
        ...msg,
        ...(attachments?.length
          ? {
            attachments: attachments.map((a) => ({
              filename: a.filename,
              contentType: a.content_type,
              content: Buffer.from(a.content),
            })),
          }
          : {}),
      });
      await db.updateTable("email_outbox").set({ status: "sent", sent_at: now(), error: null })
        .where("id", "=", id).execute();
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
      console.error(JSON.stringify({ level: "error", event: "mail_failed", outbox_id: id, error: message }));
      await db.updateTable("email_outbox").set({ status: "failed", error: message })
        .where("id", "=", id).execute()
        .catch((e) => console.error(`Could not record the failure of outbox message ${id}: ${e}`));
    }
  }

  return {
    async send(msg) {
      const at = now();
      const { id } = await db.insertInto("email_outbox").values({
        to_address: msg.to,
        subject: msg.subject,
        text_body: msg.text,
        html_body: msg.html ?? null,
        status: "sending",
        attempts: 1,
        created_at: at,
        next_attempt_at: at,
      }).returning("id").executeTakeFirstOrThrow();
      await recordAttachments(db, id, msg);
      const job = deliver(id, msg).finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      while (pending.size) await Promise.all(pending);
    },
  };
}
