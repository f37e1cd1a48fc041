/**
 * Business Tests (public spec §2; admin §2 "Tests"): the summaries of the tests taken under this company, ten
 * to a page, for its owner only (49 CFR 40.321: when, why, status and outcome; never the laboratory detail).
 * With `userId`, one employee's tests under this company.
 */
import type { BusinessTest, DrugTest } from "@api/contract";
import { TableScroll } from "../../components/table-scroll.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { PagedList, usePageParam } from "../../components/paged-list.tsx";
import { fetchBusinessTests } from "./businesses.ts";
import { formatInstantDay } from "../../lib/dates.ts";
import { REASON_LABELS, testOutcome, type TestReason } from "../drug-tests/drug-tests.ts";
import { useResource } from "../../lib/use-resource.ts";

export function BusinessTests({ businessId, userId }: { businessId: number; userId?: number }) {
  const [page, goTo] = usePageParam();
  const tests = useResource(
    ["business", businessId, "tests", userId ?? "all", page],
    (signal) => fetchBusinessTests(businessId, page, signal, userId),
  );
  return (
    <PagedList
      list={tests}
      page={page}
      onPage={goTo}
      labels={{
        loading: "Loading the tests…",
        error: "The tests could not be loaded",
        empty: "No tests under this company yet.",
        pages: "Test pages",
      }}
    >
      {(rows) => <TestTable rows={rows} showName={!userId} />}
    </PagedList>
  );
}

/** Three columns, the reason under the date, so the table fits a 390 px phone without scrolling. */
function TestTable({ rows, showName }: { rows: BusinessTest[]; showName: boolean }) {
  return (
    <TableScroll label="Tests under this company">
      <table className="data-table">
        <caption className="visually-hidden">Tests under this company, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date and reason</th>
            {showName && <th scope="col">Employee</th>}
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ id, attributes: t }) => {
            const outcome = testOutcome(t as unknown as DrugTest["attributes"]);
            return (
              <tr key={id}>
                <td>
                  {formatInstantDay(t.date)}
                  <br />
                  <span className="record-facts">{REASON_LABELS[t.reason as TestReason] ?? t.reason}</span>
                </td>
                {showName && <td>{t.user_full_name}</td>}
                <td>
                  <StatusBadge status={outcome} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
