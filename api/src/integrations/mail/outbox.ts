/** The development mailer: the outbox row is the delivery. Nothing leaves the machine. */
import type { Kysely } from "kysely";
import type { DB } from "../../db/types.ts";
import { recordAttachments } from "./attachments.ts";
import type { Mailer } from "./mailer.ts";

export function outboxMailer(db: Kysely<DB>, now: () => Date): Mailer {
  return {
    async send(msg) {
      const at = now();
      const { id } = await db.insertInto("email_outbox").values({
        to_address: msg.to,
        subject: msg.subject,
        text_body: msg.text,
        html_body: msg.html ?? null,
        // "sent" to the development mailbox: there is no other delivery to wait for.
        status: "sent",
        attempts: 1,
        sent_at: at,
        created_at: at,
        next_attempt_at: at,
      }).returning("id").executeTakeFirstOrThrow();
      await recordAttachments(db, id, msg);
    },
    idle: () => Promise.resolve(),
    // Every message is delivered to the development mailbox at once: nothing ever waits for a retry.
    retryDue: () => Promise.resolve(0),
  };
}
