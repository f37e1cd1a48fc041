/**
 * Delivery over SMTP with nodemailer. The message is written to the outbox as "sending" before anything goes
 * on the wire, then marked "sent", or "failed" with the server's answer. Delivery runs after `send` resolves,
 * so a caller's answer time does not reveal whether a message was sent (see password reset).
 *
 * A failure that may pass (no connection, a timeout, a 4xx answer) puts the message back in the queue with a
 * growing wait (RETRY_DELAYS_MS); the "mail.retry" job calls `retryDue()` to send what is due. A permanent
 * refusal (a 5xx answer such as an unknown recipient) or the last attempt marks it "failed" for good.
 */
// @ts-types="./nodemailer.d.ts"
import nodemailer from "nodemailer";
import type { Kysely } from "kysely";
import type { DB } from "../../db/types.ts";
import { Buffer } from "node:buffer";
import { recordMessage } from "./attachments.ts";
import type { Mailer, MailMessage } from "./mailer.ts";

/** Waits before the 2nd, 3rd, 4th and 5th attempt; after the 5th failure the message is "failed". */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
/** A message left "sending" this long (the process stopped mid-delivery) is queued again. */
const STALE_SENDING_MS = 10 * 60_000;

/** nodemailer's SMTP reply code on an error, when the server answered at all. */
const replyCode = (error: unknown) =>
  error && typeof error === "object" && "responseCode" in error ? Number(error.responseCode) : undefined;

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
  const track = (delivery: Promise<void>) => {
    const job = delivery.finally(() => pending.delete(job));
    pending.add(job);
  };

  async function deliver(id: number, attempts: number, { attachments, ...msg }: MailMessage) {
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
      const code = replyCode(error);
      const permanent = code !== undefined && code >= 500;
      const wait = permanent ? undefined : RETRY_DELAYS_MS[attempts - 1];
      console.error(JSON.stringify({
        level: "error",
        event: wait === undefined ? "mail_failed" : "mail_retry_later",
        outbox_id: id,
        attempts,
        error: message,
      }));
      await db.updateTable("email_outbox")
        .set(
          wait === undefined
            ? { status: "failed", error: message }
            : { status: "queued", error: message, next_attempt_at: new Date(now().getTime() + wait) },
        )
        .where("id", "=", id).execute()
        .catch((e) => console.error(`Could not record the failure of outbox message ${id}: ${e}`));
    }
  }

  return {
    async send(msg) {
      const id = await recordMessage(db, msg, now(), "sending");
      track(deliver(id, 1, msg));
    },
    async retryDue() {
      const at = now();
      // Claimed one by one with a conditional update, so two processes never send the same message.
      const due = await db.selectFrom("email_outbox").select("id")
        .where((eb) =>
          eb.or([
            eb.and([eb("status", "=", "queued"), eb("next_attempt_at", "<=", at)]),
            eb.and([
              eb("status", "=", "sending"),
              eb("next_attempt_at", "<=", new Date(at.getTime() - STALE_SENDING_MS)),
            ]),
          ])
        )
        .orderBy("next_attempt_at").limit(50).execute();
      let started = 0;
      for (const { id } of due) {
        const row = await db.updateTable("email_outbox")
          .set((eb) => ({ status: "sending", attempts: eb("attempts", "+", 1), next_attempt_at: at }))
          .where("id", "=", id).where("status", "in", ["queued", "sending"])
          .returning(["to_address", "subject", "text_body", "html_body", "attempts"])
          .executeTakeFirst();
        if (!row) continue;
        const files = await db.selectFrom("email_attachments").select(["filename", "content_type", "bytes"])
          .where("email_id", "=", id).orderBy("id").execute();
        track(deliver(id, row.attempts, {
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body ?? undefined,
          attachments: files.map((f) => ({
            filename: f.filename,
            content_type: f.content_type,
            content: f.bytes,
          })),
        }));
        started++;
      }
      return started;
    },
    async idle() {
      while (pending.size) await Promise.all(pending);
    },
  };
}
