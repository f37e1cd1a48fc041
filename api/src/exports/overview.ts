/**
 * The DER's compliance overview of a company (issue 25): each employee's coverage and its end, paused, ending
 * within 30 days or not covered, and their last test summarised in words (@apca/rules/company-compliance),
 * filterable and downloadable as CSV. It lives with the exports because it reads memberships and tests,
 * domains above businesses (decision 0051). Its owner or an administrator; anyone else as the roster.
 */
import type { Deps, SessionUser } from "../lib/context.ts";
import { ownedBusiness } from "../businesses/service.ts";
import {
  COVERAGE_LABELS,
  type CoverageFilter,
  employeeCoverage,
  matchesFilter,
  testSummary,
} from "@apca/rules/company-compliance";
import { BOM, csvLine } from "./csv.ts";
import { auditMemberViews, MEMBER_VIEW_ACTIONS, type MemberViewAction } from "../lib/audit.ts";
import { overviewPeople } from "./queries.ts";

export async function complianceOverview(
  deps: Pick<Deps, "database" | "now">,
  viewer: SessionUser,
  businessId: number,
  filter: CoverageFilter,
  action: MemberViewAction = MEMBER_VIEW_ACTIONS.testsView,
) {
  const { db } = deps.database;
  const business = await ownedBusiness(db, viewer, businessId);
  const now = deps.now();
  const { people, memberships, tests } = await overviewPeople(db, businessId, now);
  const rows = people.map((p) => {
    const own = memberships.filter((m) => m.user_id === p.user_id)
      .map((m) => ({ ...m, paused: Boolean(m.paused) }));
    const coverage = employeeCoverage(own, now);
    const last = tests.find((t) => t.user_id === p.user_id);
    return {
      type: "compliance_row" as const,
      id: p.id,
      attributes: {
        user_id: p.user_id,
        name: [p.first_name, p.middle_name, p.last_name].filter(Boolean).join(" "),
        member_number: p.member_number,
        coverage: coverage.status,
        coverage_label: COVERAGE_LABELS[coverage.status],
        covered_through: coverage.covered_through,
        renews: coverage.renews,
        paused: coverage.status === "paused",
        ending_soon: coverage.status === "ending",
        last_test_at: last ? new Date(last.at).toISOString() : null,
        last_test_reason: last?.reason ?? null,
        last_test_summary: last ? testSummary(last) : null,
      },
    };
  });
  const counts = { covered: 0, ending: 0, paused: 0, not_covered: 0 };
  for (const r of rows) counts[r.attributes.coverage]++;
  const shown = rows.filter((r) => matchesFilter(r.attributes.coverage, filter));
  // Each employee whose last test is shown (or written to the CSV) has it recorded (decision 0093).
  await auditMemberViews(db, viewer, {
    action,
    members: shown.filter((r) => r.attributes.last_test_at !== null).map((r) => r.attributes.user_id),
    businessId,
    detail: { via: "compliance_overview" },
  });
  return {
    business: { id: business.id, name: business.name },
    data: shown,
    meta: { filter, total: rows.length, counts },
  };
}

/** The overview as CSV (RFC 4180, csv.ts), with the filter applied. */
export async function complianceOverviewCsv(
  deps: Pick<Deps, "database" | "now">,
  viewer: SessionUser,
  businessId: number,
  filter: CoverageFilter,
) {
  const overview = await complianceOverview(
    deps,
    viewer,
    businessId,
    filter,
    MEMBER_VIEW_ACTIONS.testsDownload,
  );
  const header = csvLine([
    "Name",
    "Member number",
    "Coverage",
    "Covered through",
    "Renews automatically",
    "Paused",
    "Ending within 30 days",
    "Last test",
    "Last test reason",
    "Last test result",
  ]);
  const lines = overview.data.map(({ attributes: a }) =>
    csvLine([
      a.name,
      a.member_number,
      a.coverage_label,
      a.covered_through,
      a.renews ? "Yes" : "No",
      a.paused ? "Yes" : "No",
      a.ending_soon ? "Yes" : "No",
      a.last_test_at ? a.last_test_at.slice(0, 10) : null,
      a.last_test_reason,
      a.last_test_summary,
    ])
  );
  return { text: BOM + header + lines.join(""), filename: `compliance-${businessId}-${filter}.csv` };
}
