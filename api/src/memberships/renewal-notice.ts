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

/** The renewal terms in words, as the start confirmation and the notice state them. */
export function renewalTerms(amountCents: number, noticeDays: number) {
  return `Your annual membership renews automatically each year on its expiry date for ${
    dollars(amountCents)
  }, charged to your default card. We e-mail you ${noticeDays} days before each renewal. You can cancel ` +
    "at any time from your membership page (Account, then Membership, then Cancel); a cancelled membership " +
    "is not renewed or charged again.";
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
          `  Card: ${
            card
              ? `${card.brand ?? "Card"} ending ${card.last4}`
              : "none on file - add a card before then, or the renewal cannot be paid"
          }\n\n` +
          `To change the card, go to ${url}/app/account. To cancel, so that you are not charged, sign in and ` +
          `choose Cancel on ${url}/app/account/membership before ${renewsOn}. A cancelled membership is not ` +
          "renewed or charged again; you can also reply to this e-mail or call the office to cancel.\n\nAPCA",
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
