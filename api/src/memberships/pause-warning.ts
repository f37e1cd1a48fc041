/**
 * The pause warning (both specifications, §9): 125 or more paused days within a 185-day period mean an extra
 * drug test. 46 CFR 16.210(b)(2) exempts from pre-employment testing someone who was in a random programme for
 * at least 60 of the previous 185 days; 185 - 60 = 125. Both numbers are settings.
 *
 * Days are coverage days (lib/dates.ts `coverageDay`, UTC-12), the spans' and `today` alike. A pause covers
 * the days from the day it began up to, not including, the day it ended (the member is back in the pool on the day of resuming); an open pause covers today. Pauses that
 * overlap (one on each of two terms of a renewal) count each day once. The window is the `windowDays` days
 * ending today, today included. When the warning applies, the extra test is due from the day the count
 * reached the threshold: the first day of the current run of days whose own window held that many paused
 * days (docs/decisions/0011-membership-lifecycle.md).
 */
import type { DateString } from "../db/types.ts";
import { dateOfDayNumber, dayNumber } from "../lib/dates.ts";

export interface PauseSpan {
  /** The day the pause began. */
  from: DateString;
  /** The day it ended (not itself paused), or null while it is open. */
  to: DateString | null;
}

/**
 * A `PauseSpan` in day numbers (dates.ts `dayNumber`): what the rules below count with, and what the record
 * (record.ts) builds from its rows directly, so that no date is written out and parsed back per pause or day.
 */
export interface PauseDays {
  from: number;
  to: number | null;
}

export interface PauseRule {
  windowDays: number;
  warningDays: number;
}

export interface PauseWarning {
  paused_days: number;
  window_days: number;
  /** 'YYYY-MM-DD': the day the count reached the threshold. */
  extra_test_due: DateString;
}

const inDays = (spans: PauseSpan[]): PauseDays[] =>
  spans.map((s) => ({ from: dayNumber(s.from), to: s.to === null ? null : dayNumber(s.to) }));

/** Paused days per day from `first` to `today`, as 0/1 flags (the union of the spans). */
function pausedFlags(spans: PauseDays[], first: number, today: number): Uint8Array {
  const flags = new Uint8Array(today - first + 1);
  for (const span of spans) {
    const from = Math.max(span.from, first);
    const to = Math.min(span.to === null ? today + 1 : span.to, today + 1);
    for (let d = from; d < to; d++) flags[d - first] = 1;
  }
  return flags;
}

/** Paused days within the `windowDays` days ending on `today`. */
export function pausedDaysInWindow(spans: PauseSpan[], today: DateString, windowDays: number): number {
  const end = dayNumber(today);
  return pausedFlags(inDays(spans), end - windowDays + 1, end).reduce((sum, f) => sum + f, 0);
}

/** The warning, or null while the paused days of the window ending today stay below the threshold. */
export function pauseWarning(spans: PauseSpan[], today: DateString, rule: PauseRule): PauseWarning | null {
  return pauseWarningOn(inDays(spans), dayNumber(today), rule);
}

/** `pauseWarning` in day numbers: `end` is today's. */
export function pauseWarningOn(spans: PauseDays[], end: number, rule: PauseRule): PauseWarning | null {
  let earliest = end;
  for (const s of spans) if (s.from < earliest) earliest = s.from;
  // Room for the first window that could have reached the threshold, and for that window's own window.
  const first = Math.min(earliest, end - rule.windowDays + 1) - rule.windowDays;
  const flags = pausedFlags(spans, first, end);
  const prefix = new Int32Array(flags.length + 1);
  for (let i = 0; i < flags.length; i++) prefix[i + 1] = prefix[i] + flags[i];
  // Paused days in the window ending on day index i.
  const count = (i: number) => prefix[i + 1] - prefix[Math.max(0, i + 1 - rule.windowDays)];
  const last = flags.length - 1;
  const pausedDays = count(last);
  if (pausedDays < rule.warningDays) return null;
  let reached = last;
  while (reached > 0 && count(reached - 1) >= rule.warningDays) reached--;
  return {
    paused_days: pausedDays,
    window_days: rule.windowDays,
    extra_test_due: dateOfDayNumber(first + reached),
  };
}

export interface PauseOutlook {
  /** Paused days already within the window ending today (before a new pause). */
  paused_days: number;
  window_days: number;
  warning_days: number;
  /** How many days a pause begun today must last (today included) for the window to reach the threshold. */
  days_to_reach: number;
  /** 'YYYY-MM-DD': the day it would reach it, if the pause is still open then. */
  reached_on: DateString;
}

/**
 * What a pause begun today would lead to (issue 25 item 2, decision 0071): the same count as `pauseWarning`,
 * with an open pause from today added, walked forward to the first day whose window holds the threshold. An
 * open pause alone reaches it after `warningDays` days, so the walk is short.
 */
export function pauseOutlook(spans: PauseSpan[], today: DateString, rule: PauseRule): PauseOutlook {
  return pauseOutlookOn(inDays(spans), dayNumber(today), rule);
}

/**
 * `pauseOutlook` in day numbers: `start` is today's. The pause begun today covers every day of a later window
 * from today on, so the spans matter only on the days before today: their flags are laid out once, and the
 * window ending on day `start + k` holds those of them from day `start + k - windowDays + 1` on, plus the new
 * pause's `min(windowDays, k + 1)` days.
 */
export function pauseOutlookOn(spans: PauseDays[], start: number, rule: PauseRule): PauseOutlook {
  const { windowDays, warningDays } = rule;
  const before = windowDays - 1; // the window ending today, less today
  const first = start - before;
  const flags = new Uint8Array(before);
  let pausedToday = 0;
  for (const span of spans) {
    const to = span.to === null ? start + 1 : Math.min(span.to, start + 1);
    if (span.from <= start && start < to) pausedToday = 1;
    for (let d = Math.max(span.from, first); d < to && d < start; d++) flags[d - first] = 1;
  }
  // prefix[i]: paused days before today among the first i days of the window ending today.
  const prefix = new Int32Array(before + 1);
  for (let i = 0; i < before; i++) prefix[i + 1] = prefix[i] + flags[i];
  let reached = start + warningDays - 1;
  for (let k = 0; k < warningDays; k++) {
    // The window ending on day start + k keeps the days before today from index k on.
    if (prefix[before] - prefix[Math.min(before, k)] + Math.min(windowDays, k + 1) >= warningDays) {
      reached = start + k;
      break;
    }
  }
  return {
    paused_days: prefix[before] + pausedToday,
    window_days: windowDays,
    warning_days: warningDays,
    days_to_reach: reached - start + 1,
    reached_on: dateOfDayNumber(reached),
  };
}
