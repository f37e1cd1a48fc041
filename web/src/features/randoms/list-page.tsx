/**
 * /app/admin/randoms (admin spec §2, §4): the pools by month with status, candidates, selected and completed,
 * and the pace monitor for the year (46 CFR 16.230(e)): the target on the average covered population, tests
 * completed, selected but pending, what is still needed this year and this month, and the months without a
 * drawn pool flagged (issue 24 item 7).
 */
import { Link } from "wouter";
import type { PoolPace } from "@api/contract";
import { DataTable } from "../../components/data-table.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Loading } from "../../components/loading.tsx";
import { Pagination } from "../../components/pagination.tsx";
import { usePageParam } from "../../components/paged-list.tsx";
import { useResource } from "../../lib/use-resource.ts";
import { Alert } from "../../components/alert.tsx";
import { fetchPools, monthLabel, poolsKey, STATUS_LABELS } from "./api.ts";
import { missingMonthsText } from "./pool-month.ts";

export default function RandomPoolsPage() {
  const [page, goTo] = usePageParam();
  const pools = useResource(poolsKey(page), (signal) => fetchPools(page, signal));
  return (
    <>
      <p>
        <Link href="/app/admin/randoms/new" className="button button-primary">New Random Pool</Link>
      </p>
      {pools.error && !pools.data
        ? (
          <LoadError
            title="The random pools could not be loaded"
            error={pools.error}
            onRetry={pools.reload}
          />
        )
        : !pools.data
        ? <Loading label="Loading the random pools…" />
        : (
          <>
            <Pace pace={pools.data.pace} />
            {pools.data.data.length === 0 ? <p>No random pools yet.</p> : (
              <DataTable
                caption="Random pools, newest month first"
                columns={["Month", "Status", "Candidates", "Selected", "Completed"]}
                rows={pools.data.data}
                row={(p) => (
                  <tr key={p.id}>
                    <td>
                      <Link href={`/app/admin/randoms/${p.id}`}>{monthLabel(p)}</Link>
                    </td>
                    <td>{STATUS_LABELS[p.status]}</td>
                    <td>{p.covered_count}</td>
                    <td>{p.actual_candidates_number}</td>
                    <td>{p.completed_count}</td>
                  </tr>
                )}
              />
            )}
            <Pagination
              page={page}
              perPage={pools.data.meta.per_page}
              total={pools.data.meta.total}
              onPage={goTo}
              label="Random pool pages"
            />
          </>
        )}
    </>
  );
}

/**
 * The pace panel (issue 24 item 7): the target, what is done and pending, what is still needed this month and
 * this year (the API keeps this month at most this year's), and the months so far without a drawn pool flagged.
 */
function Pace({ pace }: { pace: PoolPace }) {
  const missing = missingMonthsText(pace.months_without_pool);
  return (
    <section aria-labelledby="pace-heading" className="random-pace">
      <h2 id="pace-heading">Pace {pace.year} ({pace.rate_percent}% rate)</h2>
      <dl className="details-list" data-testid="pace">
        <div>
          <dt>Target this year</dt>
          <dd>{pace.target} tests ({pace.rate_percent}% of {pace.average_covered} covered on average)</dd>
        </div>
        <div>
          <dt>Completed</dt>
          <dd>{pace.completed}</dd>
        </div>
        <div>
          <dt>Selected, pending</dt>
          <dd>{pace.pending}</dd>
        </div>
        <div>
          <dt>Still needed this year</dt>
          <dd data-testid="needed-year">{pace.needed_this_year}</dd>
        </div>
        <div>
          <dt>Still needed this month</dt>
          <dd data-testid="needed-month">
            {pace.needed_this_month}
            {pace.needed_this_year === 0 && " (the year's target is met or pending)"}
          </dd>
        </div>
      </dl>
      {missing
        ? (
          <Alert variant="warning" title="Months without a pool">
            <span data-testid="missing-months">{missing}</span>.{" "}
            <Link href="/app/admin/randoms/new">Create the next one</Link>
          </Alert>
        )
        : <p>Every month of {pace.year} so far has a drawn pool.</p>}
    </section>
  );
}
