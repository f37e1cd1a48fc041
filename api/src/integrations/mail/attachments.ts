/** Attachments are kept beside their outbox row, so a message can be shown or retried as it was sent. */
import type { Kysely } from "kysely";
import type { DB } from "../../db/types.ts";
import type { MailMessage } from "./mailer.ts";

/** Records a message's attachments with its outbox row (both mailers call it before any delivery). */
export async function recordAttachments(db: Kysely<DB>, emailId: number, msg: MailMessage): Promise<void> {
  if (!msg.attachments?.length) return;
  await db.insertInto("email_attachments").values(msg.attachments.map((a) => ({
    email_id: emailId,
    filename: a.filename,
    content_type: a.content_type,
    bytes: a.content,
  }))).execute();
}
