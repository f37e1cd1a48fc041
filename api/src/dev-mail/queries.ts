import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";

/** The newest outbox messages first. */
export async function latestMail(db: Kysely<DB>, limit = 100) {
  const rows = await db.selectFrom("email_outbox")
    .select([
      "id",
      "to_address",
      "subject",
      "text_body",
      "html_body",
      "status",
      "error",
      "created_at",
      "sent_at",
    ])
    .orderBy("id", "desc").limit(limit).execute();
  const files = rows.length
    ? await db.selectFrom("email_attachments")
      .select((
        eb,
      ) => ["id", "email_id", "filename", "content_type", eb.fn<number>("length", ["bytes"]).as("size")])
      .where("email_id", "in", rows.map((r) => r.id)).orderBy("id").execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    status: r.status,
    error: r.error,
    created_at: new Date(r.created_at).toISOString(),
    sent_at: r.sent_at === null ? null : new Date(r.sent_at).toISOString(),
    attachments: files.filter((f) => f.email_id === r.id).map((f) => ({
      id: f.id,
      filename: f.filename,
      content_type: f.content_type,
      size: Number(f.size),
    })),
  }));
}

/** One attachment's file (the mailbox's download link). */
export function attachmentFile(db: Kysely<DB>, id: number) {
  return db.selectFrom("email_attachments").select(["filename", "content_type", "bytes"]).where("id", "=", id)
    .executeTakeFirst();
}

export type MailRow = Awaited<ReturnType<typeof latestMail>>[number];
