/** The web's own date rules (the shared ones are tested in api/rules/dates.test.ts). */
import assert from "node:assert/strict";
import { nextMisReport, officeDay } from "./dates.ts";

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
