/**
 * What an administrator's expiry edit does to the membership's course (decision 0041), decided in one pure
 * function: the update applies it and the update form shows it before saving (`GET .../membership/update-preview`).
 *
 * The rule: a renewal charge follows only from a term's own end. An edit that moves the expiry to the office day
 * or earlier (a date correction into the past, or "it ends today") ends the term as the administrator says and
 * turns autorenew off, so the hourly job never finds it due and charges nothing; the member renews by hand. An
 * edit to a later day keeps autorenew as it was: the term then ends on its own course and, with autorenew on,
 * is renewed by the job from that day (decision 0011). No expiry turns autorenew off (nothing to renew).
 */
import type { DateString } from "../db/types.ts";
import { formatDay, officeDay } from "../lib/dates.ts";

export interface ExpiryEdit {
  hasExpiration: boolean;
  date: DateString | null;
}

export interface ExpiryEditOutcome {
  /** The expiry after the edit (null: none). */
  expire_at: DateString | null;
  /** Whether autorenew is on after the edit. */
  autorenew: boolean;
  /** The edit ends the term on the office day or earlier: it is over (or ends today) and is not renewed. */
  ends_now: boolean;
  /** The day the job would charge the renewal (the new expiry), or null when nothing will be charged. */
  renewal_charge_on: DateString | null;
  /** The consequence in words, for the form before saving. */
  message: string;
}

export function expiryEditOutcome(
  current: { autorenew: boolean; type: string },
  edit: ExpiryEdit,
  now: Date,
  officeTimeZone: string,
): ExpiryEditOutcome {
  const office = officeDay(now, officeTimeZone);
  if (!edit.hasExpiration || edit.date === null) {
    return {
      expire_at: null,
      autorenew: false,
      ends_now: false,
      renewal_charge_on: null,
      message: "The membership will not expire. Autorenewal will be off, so the member's card will not be " +
        "charged.",
    };
  }
  const date = edit.date;
  // Days in words, in the product's one style ("Dec 7, 2027", issue 37).
  const day = formatDay(date);
  if (date <= office) {
    const when = date < office ? `ended on ${day} (a day in the past)` : `ends today (${day})`;
    return {
      expire_at: date,
      autorenew: false,
      ends_now: true,
      renewal_charge_on: null,
      message: `The membership ${when} and will not be renewed: autorenewal will be turned off, so this ` +
        "change charges nothing. The member can start a new membership by hand.",
    };
  }
  const renews = current.autorenew && current.type === "annual";
  return {
    expire_at: date,
    autorenew: current.autorenew,
    ends_now: false,
    renewal_charge_on: renews ? date : null,
    message: renews
      ? `The membership will run until ${day}. Autorenewal stays on: when the term ends on ${day}, the ` +
        "member's default card will be charged the renewal price."
      : `The membership will run until ${day}. Autorenewal is off, so nothing will be charged.`,
  };
}
