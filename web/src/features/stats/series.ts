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
  /** Fetches the chart's numbers (a typed call to its stats route) and shapes them for the chart. */
  load(range: MonthRange, signal: AbortSignal): Promise<ChartData>;
}

const keyed = <T>(payload: Record<string, T>, pick: [string, (v: T) => number][]): ChartData => {
  const labels = Object.keys(payload);
  return {
    labels,
    series: pick.map(([label, f]) => ({ label, values: labels.map((k) => f(payload[k])) })),
  };
};

export const randomsData = (p: RandomsStats): ChartData => ({
  labels: p.data.map((r) => r.order_date),
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
  labels: p.map((r) => r.date),
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
