/**
 * The renewal terms on the member's own membership screen, the screen a start lands on (issue 25 item 1): the
 * same words as the start's receipt e-mail and the notice before a renewal (`RENEWAL_WORDS`, decision 0063),
 * with the screens' formatters. No React here, so its test runs plainly.
 */
import { RENEWAL_WORDS } from "@apca/rules/messages/memberships";
import type { Membership } from "@api/contract";
import { formatDay } from "../../lib/dates.ts";
import { formatMoney } from "../../lib/money.ts";

/** The day an annual membership renews itself (its last day), or null when nothing will be charged. */
export function renewsOn(m: Membership["attributes"]): string | null {
  const renews = m.type === "annual" && m.autorenew && !m.cancelled && !m.failed && !m.is_paused;
  return renews ? m.expire_at : null;
}

/**
 * The sentences: when, how much, which card; each later year; and how to cancel, split around `where` so that
 * the screen can put a link there.
 */
export function renewalTermsWords(
  { expireAt, amountCents, card }: {
    expireAt: string;
    amountCents: number | null;
    /** "Visa ending in 4242"; null: none on file; undefined: not known (the cards did not load). */
    card: string | null | undefined;
  },
) {
  const on = formatDay(expireAt);
  const amount = amountCents === null ? "the renewal price" : formatMoney(amountCents, { cents: true });
  const MARK = "\u0000";
  const [beforeLink, afterLink] = RENEWAL_WORDS.cancel(MARK, on).split(MARK);
  return { renews: RENEWAL_WORDS.renews(on, amount, card), beforeLink, afterLink };
}
