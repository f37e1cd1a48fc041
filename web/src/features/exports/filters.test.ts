import assert from "node:assert/strict";
import { nextMisReport } from "../../lib/dates.ts";
import { filtersError, newExportFilters, rowsWord, wizardFromSearch, wizardSearch } from "./filters.ts";

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

const KNOWN = ["users", "transactions", "i3_tests", "expired_memberships", "mis"] as const;
const NOW = new Date("2026-11-27T15:00:00Z");

Deno.test("the export wizard comes back from its address to the step and choices it left", () => {
  const filters = { ...newExportFilters(NOW), reason: "random", from: "2026-01-01", to: "2026-06-30" };
  const state = { step: "confirm" as const, type: "i3_tests" as const, filters };
  const search = wizardSearch(state);
  assert.equal(
    search.toString(),
    "step=confirm&type=i3_tests&reason=random&from=2026-01-01&to=2026-06-30&year=2026",
  );
  assert.deepStrictEqual(wizardFromSearch(new URLSearchParams(search.toString()), KNOWN, NOW), state);
  // The first step with nothing chosen leaves the address bare.
  const fresh = { step: "type" as const, type: "" as const, filters: newExportFilters(NOW) };
  assert.equal(wizardSearch(fresh).toString(), "");
  assert.deepStrictEqual(wizardFromSearch(new URLSearchParams(""), KNOWN, NOW), fresh);
});

Deno.test("the export wizard's address cannot skip a step: unknown types start over, incomplete filters stay", () => {
  const from = (q: string) => wizardFromSearch(new URLSearchParams(q), KNOWN, NOW);
  assert.equal(from("step=confirm&type=payroll").step, "type");
  assert.equal(from("step=confirm&type=payroll").type, "");
  assert.equal(from("step=confirm").step, "type");
  assert.equal(from("step=queued&type=users").step, "type");
  assert.equal(from("step=confirm&type=mis&year=26").step, "filters");
  assert.equal(from("step=confirm&type=i3_tests&from=2026-06-30&to=2026-01-01").step, "filters");
  assert.equal(from("step=confirm&type=mis&year=2025").step, "confirm");
  assert.equal(from("step=confirm&type=mis&year=2025").filters.year, "2025");
  assert.equal(from(`step=filters&type=users&from=${"9".repeat(500)}`).filters.from.length, 40);
});

Deno.test("export filters: the checks that hold the wizard on its filters step", () => {
  const filters = newExportFilters(NOW);
  assert.equal(filtersError("mis", filters), undefined);
  assert.equal(filtersError("mis", { ...filters, year: "" }), "Year is required");
  const range = { ...filters, from: "2026-02-01", to: "2026-01-31" };
  assert.equal(
    filtersError("expired_memberships", range),
    "The start date must be on or before the end date",
  );
  assert.equal(filtersError("users", range), undefined);
});

Deno.test("a built export's size: one row, many rows (never '1 rows')", () => {
  assert.deepEqual([rowsWord(0), rowsWord(1), rowsWord(2), rowsWord(1234)], [
    "0 rows",
    "1 row",
    "2 rows",
    "1,234 rows",
  ]);
});
