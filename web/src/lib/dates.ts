/**
 * The web's one dates module. Its date rules are the server's: both import them from the shared rules member
 * (`@apca/rules/dates`, decision 0055), so there is nothing to mirror. The clock is the caller's `now`.
 * Formatting lives here too, so every screen writes dates one way (issue 23): "Nov 25, 2026", and where a time
 * matters "Nov 25, 2026, 5:14 PM ET". Calendar dates from the server ('YYYY-MM-DD': expiry, coverage) are shown
 * as that very day, never shifted by a time zone; instants (ISO timestamps) in the office's time zone, the
 * zone named, so a mariner abroad and the office read the same day and hour.
 */
import { type DateString, DEFAULT_OFFICE_TIME_ZONE, officeDay as officeDayIn } from "@apca/rules/dates";

export { addYears, coverageDay, type DateString, termLapsed } from "@apca/rules/dates";
/** 'YYYY-MM-DD' → "Nov 25, 2026": the one style, shared with the server's sentences (issue 37). */
export { formatDay } from "@apca/rules/dates";

/** The reader's own calendar date of `now` ('YYYY-MM-DD'). */
export function localDay(now: Date): DateString {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const DAY: Intl.DateTimeFormatOptions = { year: "numeric", month: "short", day: "numeric" };

/** An ISO timestamp → its office calendar day, "Nov 25, 2026" (where only the day matters). */
export function formatInstantDay(iso: string, timeZone: string = OFFICE_TIME_ZONE): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString("en-US", { ...DAY, timeZone });
}

/** An ISO timestamp → "Nov 25, 2026, 5:14 PM ET": office time, the zone named (where the time matters). */
export function formatInstant(iso: string, timeZone: string = OFFICE_TIME_ZONE): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString("en-US", {
    ...DAY,
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "shortGeneric",
    timeZone,
  });
}

/** A calendar month → "September 2026" (pools, selections, reports). */
/** The months' names in English, January first (from Intl, as formatMonth writes them). */
export const MONTH_NAMES: readonly string[] = Array.from(
  { length: 12 },
  (_, i) => new Date(Date.UTC(2000, i, 15)).toLocaleDateString("en-US", { month: "long", timeZone: "UTC" }),
);

export function formatMonth(year: number, month: number): string {
  return new Date(Date.UTC(year, month - 1, 15)).toLocaleDateString("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** The one date shape every screen shows ("Nov 25, 2026"), optionally with "5:14 PM ET": e2e checks text against it. */
export const DATE_PATTERN =
  /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}(, \d{1,2}:\d{2} (AM|PM) [A-Z]{1,5}(?:[+-]\d{1,2})?)?$/;

/** The office's time zone: the server's default (`@apca/rules/dates`). */
export const OFFICE_TIME_ZONE = DEFAULT_OFFICE_TIME_ZONE;

/** The office's calendar date of `now` ('YYYY-MM-DD'), in the office's zone unless told another. */
export function officeDay(now: Date, timeZone = OFFICE_TIME_ZONE): DateString {
  return officeDayIn(now, timeZone);
}

/**
 * The MIS report due next (49 CFR 40.26: a calendar year's report is due by March 15 of the next year): on the
 * office's March 15 that day's report is still the one due; from March 16 it is the current year's, due the
 * next March 15.
 */
export function nextMisReport(now: Date, timeZone = OFFICE_TIME_ZONE): { year: number; due: DateString } {
  const today = officeDay(now, timeZone);
  const y = Number(today.slice(0, 4));
  const year = today.slice(5) <= "03-15" ? y - 1 : y;
  return { year, due: `${year + 1}-03-15` };
}
