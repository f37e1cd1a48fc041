/**
 * The calendar: every date rule of the API, and the web's too (both import it as `@apca/rules/dates`, decision
 * 0055; this file imports nothing). Two days exist, and each rule says which one it uses:
 *
 * - the COVERAGE DAY (`coverageDay`): the date at UTC-12, "anywhere on earth". Whether a member is covered,
 *   expired or due for renewal is read on this day, because an expiry date covers the whole of that date
 *   wherever the mariner is: nobody loses a letter or a term hours early because of a time zone.
 * - the OFFICE DAY (`officeDay`): the date in the consortium office's time zone (config OFFICE_TIME_ZONE,
 *   default America/New_York). What the office records or prints is dated on this day: the day a purchase or
 *   a letter was made, the latest accepted payment date, month boundaries for the analytics.
 *
 * Everything takes the instant (`now: Date`, the injected `deps.now()`) as an argument; nothing here reads
 * the wall clock. Dates are 'YYYY-MM-DD' strings, compared as strings. docs/decisions/0015-one-calendar.md.
 */

/** A calendar date, 'YYYY-MM-DD'. */
export type DateString = string;

/** A membership's kind (the `membership_type` enum of sql/). */
export type MembershipType = "annual" | "one_time";

/** The office's zone when OFFICE_TIME_ZONE is not set (a US consortium; the specs name no office city). */
export const DEFAULT_OFFICE_TIME_ZONE = "America/New_York";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Whether `s` is a real calendar date written 'YYYY-MM-DD' (not 2026-02-30). */
export function isDateString(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(s);
}

/** Throws unless `timeZone` is an IANA zone this runtime knows (checked once at start, config.ts). */
export function assertTimeZone(timeZone: string, setting = "time zone"): string {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
  } catch {
    throw new RangeError(
      `${setting}: "${timeZone}" is not an IANA time zone (such as ${DEFAULT_OFFICE_TIME_ZONE})`,
    );
  }
  return timeZone;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The ISO date of `instant` in `timeZone`. */
export function dateIn(instant: Date, timeZone: string): DateString {
  let f = formatters.get(timeZone);
  if (!f) {
    // en-CA writes dates as YYYY-MM-DD.
    f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(timeZone, f);
  }
  return f.format(instant);
}

/** The coverage day of `now`: the date at UTC-12, for "is this member covered, is this term over". */
export function coverageDay(now: Date): DateString {
  return dateOfDayNumber(coverageDayNumber(now));
}

/**
 * The coverage day of `now` as a day number (`dayNumber(coverageDay(now))`), without writing the date out: for
 * rules that count days over many instants (the pause warning).
 */
export function coverageDayNumber(now: Date): number {
  return Math.floor((now.getTime() - 12 * HOUR_MS) / DAY_MS);
}

/** The office day of `now`: the date in the office's zone, for what the office records, prints and counts. */
export function officeDay(now: Date, officeTimeZone: string): DateString {
  return dateIn(now, officeTimeZone);
}

/** Days since 1970-01-01 of a date (for counting days; `dateOfDayNumber` goes back). */
export function dayNumber(date: DateString): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

const twoDigits = (n: number) => (n < 10 ? "0" : "") + n;

/**
 * The date `n` days after 1970-01-01. Years 1000 to 9999 by arithmetic (the proleptic Gregorian calendar, as
 * `Date` counts: H. Hinnant's civil_from_days), since writing a `Date` out costs more than the rest of a pause
 * warning; any other year through `Date` itself.
 */
export function dateOfDayNumber(n: number): DateString {
  if (!Number.isInteger(n) || n < -354_285 || n > 2_932_896) {
    return new Date(n * DAY_MS).toISOString().slice(0, 10);
  }
  const z = n + 719_468; // days since 0000-03-01
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097; // day of the 400-year era
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100)); // from 1 March
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

/** Adds (or with a negative number, subtracts) days. */
export function addDays(date: DateString, days: number): DateString {
  return dateOfDayNumber(dayNumber(date) + days);
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: DateString, to: DateString): number {
  return dayNumber(to) - dayNumber(from);
}

/**
 * Adds years. 29 February becomes 1 March in a common year: a term that ends on a leap day is followed by
 * one that ends the day after 28 February, so no paid day is lost (decision 0015).
 */
export function addYears(date: DateString, years: number): DateString {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y + years, m - 1, d)).toISOString().slice(0, 10);
}

/** Whether a term ending on `expireAt` (null: never) is over on the coverage day of `now`. */
export function termLapsed(expireAt: DateString | null, now: Date): boolean {
  return expireAt !== null && expireAt < coverageDay(now);
}

/**
 * The last day of an annual term bought or renewed at `now`. While the current term still covers (its expiry
 * is the coverage day or later) the next one starts the day after it ends, whatever the hour: old expiry + 1
 * year. After it has lapsed (or with none), the term runs a year from the office day of the purchase.
 */
export function nextAnnualExpiry(
  currentExpiry: DateString | null,
  now: Date,
  officeTimeZone: string,
): DateString {
  if (currentExpiry !== null && !termLapsed(currentExpiry, now)) return addYears(currentExpiry, 1);
  return addYears(officeDay(now, officeTimeZone), 1);
}

/**
 * The first instant of `date` in `timeZone` (midnight, or the first moment after a transition that skips
 * midnight). Found by bisection over the day's possible offsets, so it needs no table of zone rules.
 */
export function startOfDayIn(date: DateString, timeZone: string): Date {
  let lo = Date.parse(`${date}T00:00:00Z`) - 15 * HOUR_MS; // before the day starts anywhere (UTC+14)
  let hi = lo + 28 * HOUR_MS; // after it has started everywhere (UTC-12)
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (dateIn(new Date(mid), timeZone) >= date) hi = mid;
    else lo = mid;
  }
  return new Date(hi);
}

/** 'YYYY-MM' of the office day of `now`. */
export function officeMonth(now: Date, officeTimeZone: string): string {
  return officeDay(now, officeTimeZone).slice(0, 7);
}

/** The month after 'YYYY-MM'. */
export function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
}

/** A month ('YYYY-MM') as instants in the office's zone: [start, end), end being the next month's start. */
export function officeMonthBounds(month: string, officeTimeZone: string): { start: Date; end: Date } {
  return {
    start: startOfDayIn(`${month}-01`, officeTimeZone),
    end: startOfDayIn(`${nextMonth(month)}-01`, officeTimeZone),
  };
}

/**
 * The product's one way to write a calendar day, on screens and in the server's sentences and e-mails:
 * 'YYYY-MM-DD' → "Nov 25, 2026" (that very day, never shifted by a time zone). Anything unreadable is returned
 * as given. The web's lib/dates re-exports it.
 */
export function formatDay(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [, y, m, d] = match.map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}
