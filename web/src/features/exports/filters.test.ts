import assert from "node:assert/strict";
import { nextMisReport } from "../../lib/dates.ts";
import { newExportFilters } from "./filters.ts";

Deno.test("a new export's MIS year is the report due next, by the office's day, as the Analytics banner says", () => {
  const year = (iso: string) => newExportFilters(new Date(iso)).year;
  // The form once offered the device's last calendar year: 2025 on 27 Nov 2026, while the banner named 2026.
  assert.equal(year("2026-11-27T15:00:00Z"), "2026");
  // New Year's Eve in the office (New York, UTC-5) though already 2027 in UTC: still the 2026 report.
  assert.equal(year("2027-01-01T04:59:59Z"), "2026");
  assert.equal(year("2027-01-01T05:00:00Z"), "2026");
  // The office's March 15, 2027 (EDT, UTC-4) is the 2026 report's last day; its March 16 starts the 2027 one.
  assert.equal(year("2027-03-16T03:59:59Z"), "2026");
  assert.equal(year("2027-03-16T04:00:00Z"), "2027");
  for (const iso of ["2026-11-27T15:00:00Z", "2027-03-16T04:00:00Z", "2027-12-31T23:00:00Z"]) {
    assert.equal(year(iso), String(nextMisReport(new Date(iso)).year), iso);
  }
  assert.deepStrictEqual(
    { ...newExportFilters(new Date("2026-11-27T15:00:00Z")), year: "" },
    { reason: "", from: "", to: "", year: "" },
  );
});
