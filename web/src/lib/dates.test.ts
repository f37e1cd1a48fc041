/** The web's own date rules (the shared ones are tested in api/rules/dates.test.ts). */
import assert from "node:assert/strict";
import {
  DATE_PATTERN,
  formatDay,
  formatInstant,
  formatInstantDay,
  formatMonth,
  MONTH_NAMES,
  nextMisReport,
  officeDay,
} from "./dates.ts";

Deno.test("MIS report due next: on March 15 in the office that year's report, from March 16 the next", () => {
  const at = (iso: string) => nextMisReport(new Date(iso));
  // Issue 23: on 26 Nov 2026 the banner named the 2025 report, due March 15, 2026.
  assert.deepStrictEqual(at("2026-11-26T15:00:00Z"), { year: 2026, due: "2027-03-15" });
  assert.deepStrictEqual(at("2027-01-01T12:00:00Z"), { year: 2026, due: "2027-03-15" });
  // March 15 in the office (New York, EDT from March 14, 2027): the 2026 report is still the one due.
  assert.deepStrictEqual(at("2027-03-15T04:00:00Z"), { year: 2026, due: "2027-03-15" });
  assert.deepStrictEqual(at("2027-03-16T03:59:59Z"), { year: 2026, due: "2027-03-15" });
  // Already March 16 in UTC but still March 15 in the office: unchanged.
  assert.equal(officeDay(new Date("2027-03-16T02:00:00Z")), "2027-03-15");
  assert.deepStrictEqual(at("2027-03-16T02:00:00Z"), { year: 2026, due: "2027-03-15" });
  // March 16 in the office: the 2027 report, due March 15, 2028.
  assert.deepStrictEqual(at("2027-03-16T04:00:00Z"), { year: 2027, due: "2028-03-15" });
  // March 15 in UTC but still March 14 in the office: the 2026 report.
  assert.equal(officeDay(new Date("2027-03-15T03:00:00Z")), "2027-03-14");
  assert.deepStrictEqual(at("2027-03-15T03:00:00Z"), { year: 2026, due: "2027-03-15" });
  // Another zone is honoured: UTC's own March 16.
  assert.deepStrictEqual(nextMisReport(new Date("2027-03-16T02:00:00Z"), "UTC"), {
    year: 2027,
    due: "2028-03-15",
  });
  assert.deepStrictEqual(nextMisReport(new Date("2027-03-15T23:59:59Z"), "UTC"), {
    year: 2026,
    due: "2027-03-15",
  });
});

Deno.test("formats: one style, calendar days never shifted, instants in office time with the zone", () => {
  assert.equal(formatDay("2026-11-25"), "Nov 25, 2026");
  assert.equal(formatDay("2026-01-01"), "Jan 1, 2026");
  assert.equal(formatDay("2026-12-31"), "Dec 31, 2026");
  assert.equal(formatDay("not a date"), "not a date");
  // Edges of the office day (New York, EST in November: UTC-5).
  assert.equal(formatInstant("2026-11-25T22:14:11Z"), "Nov 25, 2026, 5:14 PM ET");
  assert.equal(formatInstant("2026-11-26T04:59:59Z"), "Nov 25, 2026, 11:59 PM ET");
  assert.equal(formatInstant("2026-11-26T05:00:00Z"), "Nov 26, 2026, 12:00 AM ET");
  assert.equal(formatInstantDay("2026-11-26T04:59:59Z"), "Nov 25, 2026");
  assert.equal(formatInstantDay("2026-11-26T05:00:00Z"), "Nov 26, 2026");
  // New Year's Eve in the office is already New Year's Day in UTC.
  assert.equal(formatInstantDay("2027-01-01T03:00:00Z"), "Dec 31, 2026");
  // Summer time (EDT, UTC-4): the zone is still "ET".
  assert.equal(formatInstant("2026-07-04T03:30:00Z"), "Jul 3, 2026, 11:30 PM ET");
  assert.equal(formatInstant("2026-07-04T04:00:00Z"), "Jul 4, 2026, 12:00 AM ET");
  assert.equal(formatInstant("garbage"), "garbage");
  assert.equal(formatMonth(2026, 9), "September 2026");
  assert.equal(formatMonth(2026, 12), "December 2026");
  assert.equal(MONTH_NAMES.length, 12);
  assert.deepEqual([MONTH_NAMES[0], MONTH_NAMES[8], MONTH_NAMES[11]], ["January", "September", "December"]);
  for (const shown of ["Nov 25, 2026", "Nov 25, 2026, 5:14 PM ET", formatInstant("2026-03-08T07:30:00Z")]) {
    assert.match(shown, DATE_PATTERN);
  }
  assert.doesNotMatch("11/25/2026, 5:14:11 PM", DATE_PATTERN);
  assert.doesNotMatch("November 25, 2026", DATE_PATTERN);
});
