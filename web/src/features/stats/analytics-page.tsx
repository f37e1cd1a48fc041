/**
 * /app/admin/analytics (admin spec §2 "Overview analytics"): the overview tiles and the five charts. Each
 * chart loads on its own, so a slow one never holds up the others; uPlot is only in this page's chunk.
 */
import { Link } from "wouter";
import { Alert } from "../../components/alert.tsx";
import { OverviewTiles } from "../../components/overview-tiles.tsx";
import { ChartCard } from "./chart-card.tsx";
import { CHARTS } from "./charts.ts";
import { formatDay, nextMisReport } from "../../lib/dates.ts";
import "./analytics.css";

export default function AnalyticsPage() {
  // The report due next (issue 23: on 26 Nov 2026 this named the 2025 report, due eight months before).
  const mis = nextMisReport(new Date());
  return (
    <section aria-label="Analytics">
      <Alert variant="info" title="MIS report">
        <p>
          The MIS report for {mis.year} is due {formatDay(mis.due)}.{" "}
          <Link href="/app/admin/export/new">Create it from a new export</Link>.
        </p>
      </Alert>
      <h2>Overview</h2>
      <OverviewTiles />
      <h2>Charts</h2>
      <div className="chart-grid">
        {CHARTS.map((spec) => <ChartCard key={spec.id} spec={spec} />)}
      </div>
    </section>
  );
}
