/**
 * The company's compliance at a glance (issue 25, decision 0065): each employee's coverage and its end,
 * paused, ending within 30 days or not covered, and their last test in words (never the laboratory detail),
 * filterable, with the list as CSV and the business roster as PDF. Cards, not a table: it fits 390 px.
 */
import { useState } from "react";
import { Link } from "wouter";
import type { ComplianceRow } from "@api/contract";
import { COVERAGE_FILTERS, FILTER_LABELS } from "@apca/rules/company-compliance";
import { Button } from "../../components/button.tsx";
import { Chip, type ChipTone } from "../../components/chip.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { formatDay, formatInstantDay } from "../../lib/dates.ts";
import { saveFile } from "../../lib/save-file.ts";
import { useAction } from "../../lib/use-action.ts";
import { useResource } from "../../lib/use-resource.ts";
import { REASON_LABELS, type TestReason } from "../drug-tests/drug-tests.ts";
import {
  type CoverageFilter,
  downloadComplianceCsv,
  downloadRoster,
  fetchComplianceOverview,
  overviewKey,
} from "./businesses.ts";

const TONES: Record<ComplianceRow["attributes"]["coverage"], ChipTone> = {
  covered: "success",
  ending: "warning",
  paused: "warning",
  not_covered: "danger",
};

export function ComplianceOverview({ businessId }: { businessId: number }) {
  const [filter, setFilter] = useState<CoverageFilter>("all");
  const overview = useResource(
    [...overviewKey(businessId), filter],
    (signal) => fetchComplianceOverview(businessId, filter, signal),
  );
  const csv = useAction(async () => {
    const file = await downloadComplianceCsv(businessId, filter);
    saveFile(file.blob, file.filename);
  });
  const roster = useAction(async () => {
    const file = await downloadRoster(businessId);
    saveFile(file.blob, file.filename);
  });
  const counts = overview.data?.meta.counts;
  return (
    <section aria-labelledby={`compliance-${businessId}`}>
      <h3 id={`compliance-${businessId}`}>Compliance at a glance</h3>
      {counts && (
        <p className="record-facts" aria-live="polite">
          {counts.covered} covered, {counts.ending} ending within 30 days, {counts.paused} paused,{" "}
          {counts.not_covered} not covered
        </p>
      )}
      <div className="field">
        <label htmlFor={`compliance-filter-${businessId}`}>Show</label>
        <select
          id={`compliance-filter-${businessId}`}
          value={filter}
          onChange={(e) => setFilter(e.target.value as CoverageFilter)}
        >
          {COVERAGE_FILTERS.map((f) => <option key={f} value={f}>{FILTER_LABELS[f]}</option>)}
        </select>
      </div>
      <div className="business-actions">
        <Button variant="secondary" busy={csv.busy} busyLabel="Downloading…" onClick={() => csv.run()}>
          Download CSV
        </Button>
        <Button variant="secondary" busy={roster.busy} busyLabel="Downloading…" onClick={() => roster.run()}>
          Download Roster (PDF)
        </Button>
      </div>
      {overview.error
        ? (
          <LoadError
            title="The compliance overview could not be loaded"
            error={overview.error}
            onRetry={overview.reload}
          />
        )
        : !overview.data
        ? <Skeleton label="Loading the compliance overview…" />
        : overview.data.data.length === 0
        ? (
          <p className="empty-state">
            {filter === "all" ? "No employees yet." : "Nobody matches this filter."}
          </p>
        )
        : (
          <ul className="record-list" aria-label="Employees' compliance">
            {overview.data.data.map((row) => <Row key={row.id} row={row} businessId={businessId} />)}
          </ul>
        )}
    </section>
  );
}

function Row({ row, businessId }: { row: ComplianceRow; businessId: number }) {
  const a = row.attributes;
  const end = a.covered_through
    ? a.coverage === "paused"
      ? `Paused, term ends ${formatDay(a.covered_through)}`
      : `Covered through ${formatDay(a.covered_through)}${a.renews ? ", renews automatically" : ""}`
    : a.coverage === "not_covered"
    ? "No coverage in the random programme"
    : "Covered, no end date";
  const test = a.last_test_at
    ? `Last test ${formatInstantDay(a.last_test_at)}, ${
      REASON_LABELS[a.last_test_reason as TestReason] ?? a.last_test_reason
    }: ${a.last_test_summary}`
    : "No test yet";
  return (
    <li className="record">
      <p className="record-title">
        <Link href={`/app/member/businesses/${businessId}/employee/${a.user_id}`}>{a.name}</Link>
        <Chip tone={TONES[a.coverage]}>{a.coverage_label}</Chip>
      </p>
      <p className="record-facts">{end}</p>
      <p className="record-facts">{test}</p>
    </li>
  );
}
