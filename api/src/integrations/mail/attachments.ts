/**
 * The outbox row of a message, with its attachments kept beside it, so a message can be shown or retried as it
 * was sent. Both mailers write it before any delivery.
 */
import type { Kysely } from "kysely";
import type { DB } from "../../db/types.ts";
import type { MailMessage } from "./mailer.ts";

/**
 * Writes `msg` to the outbox with its attachments as its first attempt at `at`: "sent" by the development
 * mailer (its outbox is the delivery), "sending" by SMTP until the server answers. Answers the row's id.
 */
export async function recordMessage(
  db: Kysely<DB>,
  msg: MailMessage,
  at: Date,
  status: "sent" | "sending",
): Promise<number> {
  const { id } = await db.insertInto("email_outbox").values({
    to_address: msg.to,
    subject: msg.subject,
    text_body: msg.text,
    html_body: msg.html ?? null,
    status,
    attempts: 1,
    ...(status === "sent" ? { sent_at: at } : {}),
    created_at: at,
    next_attempt_at: at,
  }).returning("id").executeTakeFirstOrThrow();
  await recordAttachments(db, id, msg);
  return id;
}

async function recordAttachments(db: Kysely<DB>, emailId: number, msg: MailMessage): Promise<void> {
  if (!msg.attachments?.length) return;
  await db.insertInto("email_attachments").values(msg.attachments.map((a) => ({
    email_id: emailId,
    filename: a.filename,
    content_type: a.content_type,
    bytes: a.content,
  }))).execute();
}
