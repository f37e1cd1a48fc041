import assert from "node:assert/strict";
import {
  barSlot,
  chartLabel,
  companyData,
  consortiumData,
  countRange,
  countTicks,
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
      labels: ["October 2026", "November 2026"],
      series: [{ label: "Company", values: [2, 3] }, { label: "Individual", values: [5, 4] }],
    },
  );
  assert.deepStrictEqual(oneTimeData([{ date: "11-26", count: 7 }]), {
    labels: ["November 2026"],
    series: [{ label: "One-time drug tests", values: [7] }],
  });
  const r = randomsData({
    data: [{ order_date: "2026-09-02", test_completed: 1, incomplete: 2, failed: 3, exempt: 4, total: 10 }],
  });
  assert.deepStrictEqual(r.series.map((s) => s.values[0]), [1, 2, 3, 4, 10]);
  assert.deepStrictEqual(r.labels, ["Sep 2, 2026"]);
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

Deno.test("chart labels: months in words, never '05-26'; a pool's day as every screen writes a day", () => {
  assert.equal(chartLabel("05-26"), "May 2026");
  assert.equal(chartLabel("12-25"), "December 2025");
  assert.equal(chartLabel("2026-05"), "May 2026");
  assert.equal(chartLabel("2026-09-14"), "Sep 14, 2026");
  // Not a month: shown as given rather than guessed.
  assert.equal(chartLabel("13-26"), "13-26");
  assert.equal(chartLabel("Q1"), "Q1");
  for (const payload of [{ "05-26": 1 }, { "01-27": 0 }]) {
    for (
      const label of consortiumData(
        Object.fromEntries(Object.keys(payload).map((k) => [k, { company_count: 1, individual_count: 0 }])),
      ).labels
    ) {
      assert.doesNotMatch(label, /^\d{2}-\d{2}$/);
    }
  }
});

Deno.test("count axis: whole-number ticks only, from 0 to at least 1 with headroom", () => {
  assert.deepStrictEqual(countRange(0), [0, 2]);
  assert.deepStrictEqual(countRange(null), [0, 2]);
  assert.deepStrictEqual(countRange(1), [0, 2]);
  assert.deepStrictEqual(countRange(3), [0, 4]);
  assert.deepStrictEqual(countRange(20), [0, 22]);
  for (const max of [0, 1, 2, 3, 7, 20, 999]) {
    const [lo, hi] = countRange(max);
    assert.ok(Number.isInteger(lo) && Number.isInteger(hi) && hi > max, `max ${max}`);
  }
  assert.deepStrictEqual(countTicks([0, 0.5, 1, 1.5, 2, 1000]), ["0", "", "1", "", "2", "1,000"]);
});

Deno.test("bars of one month stand side by side inside its slot, none over another", () => {
  for (const count of [1, 2, 3, 5]) {
    const slots = Array.from({ length: count }, (_, i) => barSlot(i, count));
    for (let i = 0; i < count; i++) {
      assert.ok(slots[i].width > 0);
      if (i > 0) assert.ok(slots[i].offset >= slots[i - 1].offset + slots[i - 1].width - 1e-9);
    }
    const last = slots[count - 1];
    assert.ok(slots[0].offset >= -0.5 && last.offset + last.width <= 0.5 + 1e-9, `count ${count}`);
  }
});
