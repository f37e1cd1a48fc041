/**
 * /app/admin/analytics (admin spec §2 "Overview analytics"): the overview tiles and the five charts. Each
 * chart loads on its own, so a slow one never holds up the others; uPlot is only in this page's chunk.
 */
import { Link } from "wouter";
import { Alert } from "../../components/alert.tsx";
import { OverviewTiles } from "../../components/overview-tiles.tsx";
import { ChartCard } from "./chart-card.tsx";
import { CHARTS } from "./charts.ts";
import "./analytics.css";

/** The MIS report for a calendar year is due by March 15 of the next (49 CFR 40.26). */
function misYear(today: Date) {
  return today.getFullYear() - 1;
}

export default function AnalyticsPage() {
  const year = misYear(new Date());
  return (
    <section aria-label="Analytics">
      <Alert variant="info" title="MIS report">
        <p>
          The MIS report for {year} is due March 15, {year + 1}.{" "}
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
