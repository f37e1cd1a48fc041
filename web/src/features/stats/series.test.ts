import assert from "node:assert/strict";
import {
  companyData,
  consortiumData,
  defaultRange,
  drawnSeries,
  oneTimeData,
  randomsData,
} from "./series.ts";

Deno.test("chart data: payloads become labels and series", () => {
  assert.deepStrictEqual(
    consortiumData({
      "10-26": { company_count: 2, individual_count: 5 },
      "11-26": { company_count: 3, individual_count: 4 },
    }),
    {
      labels: ["10-26", "11-26"],
      series: [{ label: "Company", values: [2, 3] }, { label: "Individual", values: [5, 4] }],
    },
  );
  assert.deepStrictEqual(oneTimeData([{ date: "11-26", count: 7 }]), {
    labels: ["11-26"],
    series: [{ label: "One-time drug tests", values: [7] }],
  });
  const r = randomsData({
    data: [{ order_date: "2026-09-02", test_completed: 1, incomplete: 2, failed: 3, exempt: 4, total: 10 }],
  });
  assert.deepStrictEqual(r.series.map((s) => s.values[0]), [1, 2, 3, 4, 10]);
  const c = companyData({ "11-26": { company_count: 20, average_employee_count: 4.5 } });
  assert.deepStrictEqual(c.series[1], { label: "Average employees", values: [4.5], axis: "right" });
});

Deno.test("company breakdown: two companies of 1.5 employees are drawn as 2 and 1.5, on their own scales", () => {
  // Issue 23: the line was drawn at value + 1,000 on the bars' scale, so it read "1,000" and the two
  // companies sat flat at 0.
  const drawn = drawnSeries(companyData({
    "10-26": { company_count: 2, average_employee_count: 1.5 },
    "11-26": { company_count: 2, average_employee_count: 1.5 },
  }));
  assert.deepStrictEqual(drawn, [
    { label: "Companies", scale: "y", values: [2, 2] },
    { label: "Average employees", scale: "right", values: [1.5, 1.5] },
  ]);
  for (const s of drawn) assert.ok(Math.max(...s.values) < 1000, s.label);
});

Deno.test("chart data: the default range is six months back through this month", () => {
  assert.deepStrictEqual(defaultRange(new Date(2026, 10, 24)), { start: "2026-05", end: "2026-11" });
  assert.deepStrictEqual(defaultRange(new Date(2026, 2, 1)), { start: "2025-09", end: "2026-03" });
});
