/**
 * One chart of the analytics screen: its own YYYY-MM range (changing it reloads this chart only), the uPlot
 * drawing or, on request, a table of the same numbers (the text alternative), and 'This analytical endpoint
 * timed out' only when the request really failed.
 */
import { useId, useState } from "react";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { DataTable } from "../../components/data-table.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { useResource } from "../../lib/use-resource.ts";
import { type ChartSpec, defaultRange } from "./series.ts";
import { COLOURS, UplotChart } from "./uplot-chart.tsx";

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function ChartCard({ spec }: { spec: ChartSpec }) {
  const id = useId();
  const [shown] = useState(() => defaultRange(new Date()));
  const [start, setStart] = useState(shown.start);
  const [end, setEnd] = useState(shown.end);
  // null: the server's default range; set once the administrator changes either month.
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  const [asTable, setAsTable] = useState(false);
  const query = range ? `?start=${range.start}&end=${range.end}` : "";
  const chart = useResource(["stats", spec.id, query], (signal) => spec.load(range ?? undefined, signal));
  const rangeError = !MONTH.test(start) || !MONTH.test(end)
    ? "Choose both months."
    : start > end
    ? "The start month must not be after the end month."
    : null;

  function change(which: "start" | "end", value: string) {
    const next = { start, end, [which]: value };
    if (which === "start") setStart(value);
    else setEnd(value);
    if (MONTH.test(next.start) && MONTH.test(next.end) && next.start <= next.end) setRange(next);
  }

  const data = chart.data;
  return (
    <section className="chart-card" aria-labelledby={`${id}-title`} data-chart={spec.id}>
      <div className="chart-card-head">
        <h3 id={`${id}-title`}>{spec.title}</h3>
        <div className="chart-range">
          <label>
            From <input type="month" value={start} onChange={(e) => change("start", e.target.value)} />
          </label>
          <label>
            To <input type="month" value={end} onChange={(e) => change("end", e.target.value)} />
          </label>
        </div>
      </div>
      {spec.note && <p className="chart-note">{spec.note}</p>}
      {rangeError && <p className="field-error" role="alert">{rangeError}</p>}
      {chart.error
        ? (
          <Alert variant="error" title="This analytical endpoint timed out">
            <Button variant="secondary" onClick={chart.reload}>Try again</Button>
          </Alert>
        )
        : !data || chart.loading
        ? <Skeleton lines={4} label={`Loading ${spec.title}…`} />
        : data.labels.length === 0
        ? <p className="chart-empty">Nothing in this range.</p>
        : (
          <>
            <ul className="chart-legend">
              {data.series.map((s, i) => (
                <li key={s.label}>
                  <span className="chart-swatch" style={{ background: COLOURS[i % COLOURS.length] }} />
                  {s.label}
                  {s.axis === "right" ? " (right axis)" : ""}
                </li>
              ))}
            </ul>
            {asTable
              ? (
                <DataTable
                  caption={spec.title}
                  label={`${spec.title}, as a table`}
                  columns={["Month", ...data.series.map((series) => series.label)]}
                  rows={data.labels.map((label, row) => ({ label, row }))}
                  row={({ label, row }) => (
                    <tr key={label + row}>
                      <th scope="row">{label}</th>
                      {data.series.map((s) => <td key={s.label}>{s.values[row]}</td>)}
                    </tr>
                  )}
                />
              )
              : <UplotChart data={data} title={spec.title} />}
            <Button variant="link" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
              {asTable ? "Show chart" : "Show table"}
            </Button>
          </>
        )}
    </section>
  );
}
