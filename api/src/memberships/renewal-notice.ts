/**
 * The notice before an automatic renewal (issue 25, decision 0063). The `memberships.renewal-notice` job
 * (hourly, background.ts) mails each member whose annual membership renews automatically in
 * `settings.renewal_notice_days` days (default 30; 15 to 45, as California's automatic renewal law asks for a
 * term of a year or more): the date it renews, the amount, the card it will be charged to, and how to cancel.
 *
 * The day counts in the office's zone (the office's calendar dates what it sends): the notice goes on the office
 * day `renewal_notice_days` before the term's last day (the day autorenew.ts charges), or at the first run after
 * it when the term was started or changed later. Exactly once per term: each membership row is one term, and
 * the notice is claimed on it (memberships.renewal_notice_sent_at) before it is handed to the outbox.
 */
import { RENEWAL_WORDS } from "@apca/rules/messages/memberships";
import type { Deps } from "../lib/context.ts";
import { addDays, officeDay } from "../lib/dates.ts";
import type { JobHandler } from "../lib/jobs.ts";
import { defaultCard } from "../payment-methods/service.ts";
import {
  claimRenewalNotice,
  prices,
  releaseRenewalNotice,
  renewalNoticeDays,
  renewalNoticesDue,
} from "./queries.ts";

export const RENEWAL_NOTICE_QUEUE = "memberships.renewal-notice";

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** 'June 15, 2026' from 'YYYY-MM-DD'. */
const longDate = (date: string) => {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
};

/** "Visa ending 4242", or null without a card. */
export const cardWords = (card: { brand: string | null; last4: string | null } | null | undefined) =>
  card?.last4 ? `${card.brand ?? "Card"} ending ${card.last4}` : null;

/** Where a member cancels: their membership page. */
const cancelPage = (publicUrl: string) => `${publicUrl}/app/account/membership`;

/**
 * The renewal terms in words, as the start confirmation (its receipt e-mail) and the notice state them: the day
 * it renews, the amount, the card on file and how to cancel (the shared RENEWAL_WORDS).
 */
export function renewalTerms(terms: {
  /** The term's last day (YYYY-MM-DD): the day autorenewal charges. */
  renewsOn: string;
  amountCents: number;
  card: { brand: string | null; last4: string | null } | null | undefined;
  noticeDays: number;
  publicUrl: string;
}) {
  const on = longDate(terms.renewsOn);
  const amount = dollars(terms.amountCents);
  return [
    RENEWAL_WORDS.renews(on, amount, cardWords(terms.card)),
    RENEWAL_WORDS.yearly(amount, terms.noticeDays),
    RENEWAL_WORDS.cancel(cancelPage(terms.publicUrl), on),
  ].join(" ");
}

type Pick2 = Pick<Deps, "database" | "config" | "mailer" | "now">;

/** Sends every notice that is due; answers how many it sent. One member's failure does not stop the others. */
export async function sendRenewalNotices(deps: Pick2): Promise<number> {
  const { db } = deps.database;
  const now = deps.now();
  const today = officeDay(now, deps.config.officeTimeZone);
  const days = await renewalNoticeDays(db);
  const { annual_renewal_cents: amount } = await prices(db);
  const url = deps.config.publicUrl;
  let sent = 0;
  const errors: unknown[] = [];
  for (const due of await renewalNoticesDue(db, today, days)) {
    if (!await claimRenewalNotice(db, due.id, now)) continue;
    try {
      const card = await defaultCard(db, due.user_id);
      const renewsOn = longDate(due.expire_at!);
      await deps.mailer.send({
        to: due.email,
        subject: `Your APCA membership renews on ${renewsOn}`,
        text: `Hello ${due.first_name},\n\n` +
          `Your annual APCA membership renews automatically on ${renewsOn}.\n\n` +
          `  Renewal date: ${renewsOn}\n  Amount: ${dollars(amount)}\n` +
          `  Card: ${RENEWAL_WORDS.card(cardWords(card))}\n\n` +
          `To change the card, go to ${url}/app/account. ${
            RENEWAL_WORDS.cancel(cancelPage(url), renewsOn)
          } ` +
          "You can also reply to this e-mail or call the office to cancel.\n\nAPCA",
      });
      sent++;
    } catch (error) {
      await releaseRenewalNotice(db, due.id, now);
      console.error(
        JSON.stringify({
          level: "error",
          job: RENEWAL_NOTICE_QUEUE,
          membership: due.id,
          error: String(error),
        }),
      );
      errors.push(error);
    }
  }
  if (errors.length) throw new AggregateError(errors, `${errors.length} renewal notice(s) failed`);
  return sent;
}

/** The first office day a term renewing on `expireAt` gets its notice (for tests and the screens). */
export const noticeDay = (expireAt: string, noticeDays: number) => addDays(expireAt, -noticeDays);

export const sendRenewalNoticesJob: JobHandler<Deps> = async (_payload, { deps }) => {
  await sendRenewalNotices(deps);
};
