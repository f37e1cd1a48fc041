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
  }));
}

export type MailRow = Awaited<ReturnType<typeof latestMail>>[number];
