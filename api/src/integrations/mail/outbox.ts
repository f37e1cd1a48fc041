/** The development mailer: the outbox row is the delivery. Nothing leaves the machine. */
import type { Kysely } from "kysely";
import type { DB } from "../../db/types.ts";
import { recordMessage } from "./attachments.ts";
import type { Mailer } from "./mailer.ts";

export function outboxMailer(db: Kysely<DB>, now: () => Date): Mailer {
  return {
    async send(msg) {
      // "sent" to the development mailbox: there is no other delivery to wait for.
      await recordMessage(db, msg, now(), "sent");
    },
    idle: () => Promise.resolve(),
    // Every message is delivered to the development mailbox at once: nothing ever waits for a retry.
    retryDue: () => Promise.resolve(0),
  };
}
