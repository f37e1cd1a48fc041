/**
 * Outgoing e-mail. One interface, two implementations chosen by configuration: SMTP when SMTP_URL is set,
 * otherwise the development outbox (the /dev/mail page shows it). Either way every message is written to
 * `email_outbox` first, so a message is never lost, only possibly undelivered (and then its row says why).
 */
import type { Kysely } from "kysely";
import type { Config } from "../../config.ts";
import type { DB } from "../../db/types.ts";
import { outboxMailer } from "./outbox.ts";
import { smtpMailer } from "./smtp.ts";

export interface MailAttachment {
  filename: string;
  content_type: string;
  content: Uint8Array;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message; kept in email_attachments beside its outbox row. */
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Records the message in the outbox and hands it on for delivery; resolves once it is recorded. */
  send(msg: MailMessage): Promise<void>;
  /** Resolves when every delivery started so far has finished (for tests and a clean shutdown). */
  idle(): Promise<void>;
  /** Sends again the messages whose retry is due (the "mail.retry" job); answers how many it started. */
  retryDue(): Promise<number>;
}

/** The mailer the configuration asks for. */
export function createMailer(config: Config, db: Kysely<DB>, now: () => Date): Mailer {
  return config.smtpUrl
    ? smtpMailer(db, { url: config.smtpUrl, from: config.mailFrom }, now)
    : outboxMailer(db, now);
}
