/**
 * The five charts as data: each endpoint's payload turned into labels (the x axis) and named series, the same
 * numbers the chart draws and its table lists. Pure, so it is tested without a browser.
 */
import type {
  CompanyBreakdownStats,
  ConsortiumStats,
  DecompositionStats,
  OneTimeStats,
  RandomsStats,
} from "@api/contract";
import { formatDay, formatMonth } from "../../lib/dates.ts";

export interface Series {
  label: string;
  values: number[];
  /**
   * Drawn against its own scale and right-hand axis: the company chart's average line. The spec's "offset of
   * 1000 so that they stack" once drew the line at 1,000 + a few and squashed the bars (two companies) flat
   * at 0 on a 0-1,000 axis (issue 23); a second scale keeps the line apart from the bars and both readable.
   */
  axis?: "right";
}

export interface ChartData {
  labels: string[];
  series: Series[];
}

/** A chart's months; undefined asks for the server's default range. */
export type MonthRange = { start: string; end: string } | undefined;

export interface ChartSpec {
  id: string;
  title: string;
  /** What the chart counts, where it differs from a figure beside it (shown under the title). */
  note?: string;
  /** Fetches the chart's numbers (a typed call to its stats route) and shapes them for the chart. */
  load(range: MonthRange, signal: AbortSignal): Promise<ChartData>;
}

/**
 * A chart's x label in words (issue 23: "05-26" read as May 26th beside "2026-09-14" on another chart): the
 * spec's month key 'MM-YY' and 'YYYY-MM' become "May 2026"; a day 'YYYY-MM-DD' (a random pool's order date)
 * is written as every screen writes a day ("Sep 14, 2026"). Anything else is shown as given.
 */
export function chartLabel(key: string): string {
  let m = /^(\d{2})-(\d{2})$/.exec(key);
  if (m && Number(m[1]) >= 1 && Number(m[1]) <= 12) {
    return formatMonth(2000 + Number(m[2]), Number(m[1]));
  }
  m = /^(\d{4})-(\d{2})$/.exec(key);
  if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12) return formatMonth(Number(m[1]), Number(m[2]));
  if (/^\d{4}-\d{2}-\d{2}$/.test(key)) return formatDay(key);
  return key;
}

const keyed = <T>(payload: Record<string, T>, pick: [string, (v: T) => number][]): ChartData => {
  const keys = Object.keys(payload);
  return {
    labels: keys.map(chartLabel),
    series: pick.map(([label, f]) => ({ label, values: keys.map((k) => f(payload[k])) })),
  };
};

export const randomsData = (p: RandomsStats): ChartData => ({
  labels: p.data.map((r) => chartLabel(r.order_date)),
  series: (["test_completed", "incomplete", "failed", "exempt", "total"] as const).map((k) => ({
    label: {
      test_completed: "Completed",
      incomplete: "Incomplete",
      failed: "Failed",
      exempt: "Exempt",
      total: "Total",
    }[k],
    values: p.data.map((r) => r[k]),
  })),
});

export const consortiumData = (p: ConsortiumStats): ChartData =>
  keyed(p, [["Company", (v) => v.company_count], ["Individual", (v) => v.individual_count]]);

export const decompositionData = (p: DecompositionStats): ChartData =>
  keyed(p, [["New", (v) => v.new], ["Renewal", (v) => v.renewal], ["Churn", (v) => v.churn]]);

export const oneTimeData = (p: OneTimeStats): ChartData => ({
  labels: p.map((r) => chartLabel(r.date)),
  series: [{ label: "One-time drug tests", values: p.map((r) => r.count) }],
});

export const companyData = (p: CompanyBreakdownStats): ChartData => {
  const d = keyed(p, [["Companies", (v) => v.company_count], [
    "Average employees",
    (v) => v.average_employee_count,
  ]]);
  d.series[1].axis = "right";
  return d;
};

/** What the chart draws: each series' true values (never offset) and the scale it is drawn against. */
export function drawnSeries(d: ChartData): { label: string; scale: "y" | "right"; values: number[] }[] {
  return d.series.map((s) => ({
    label: s.label,
    scale: s.axis === "right" ? "right" : "y",
    values: s.values,
  }));
}

/** 'YYYY-MM' of a local date, and `months` before it: the default range (six months back to this month). */
export function defaultRange(today: Date): { start: string; end: string } {
  const y = today.getFullYear(), m = today.getMonth();
  const fmt = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}`;
  return { start: fmt(new Date(y, m - 6, 1)), end: fmt(new Date(y, m, 1)) };
}

/**
 * The count axis (issue 23: counts got ticks of 0.5 and 1.5): whole-number steps only, from 0 to at least 1
 * (an empty month still has an axis) with a little headroom over the tallest bar.
 */
export const COUNT_STEPS = [
  1,
  2,
  5,
  10,
  20,
  25,
  50,
  100,
  200,
  250,
  500,
  1_000,
  2_000,
  5_000,
  10_000,
  20_000,
  50_000,
];

export function countRange(max: number | null | undefined): [number, number] {
  const top = Math.max(1, Math.ceil(max ?? 0));
  return [0, top <= 4 ? top + 1 : Math.ceil(top * 1.1)];
}

/** Tick labels of the count axis: whole numbers, and nothing at a fractional split should one occur. */
export const countTicks = (splits: number[]): string[] =>
  splits.map((v) => (Number.isInteger(v) ? v.toLocaleString("en-US") : ""));

/**
 * Where a month's bars stand (issue 23: one x-point hid overlapping dots): the `count` bar series of a month
 * share 80 % of its slot side by side, so equal values never cover each other. `index` counts from 0; the
 * answer is the bar's left edge as an offset from the month's centre, and its width, in x units (months).
 */
export function barSlot(index: number, count: number): { offset: number; width: number } {
  const group = 0.8;
  const width = group / Math.max(1, count);
  return { offset: -group / 2 + index * width, width };
}
