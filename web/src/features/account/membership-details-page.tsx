/**
 * /app/account/membership/details (public spec §2, §4; admin spec §2 "Membership history table"): the
 * membership card with the actions its state flags allow, the pause warning, the saved cards' link and the
 * history, newest first, ten to a page. The history page is in the address (?page=2).
 */
import { Link } from "wouter";
import { useSignals } from "@preact/signals-react/runtime";
import { Chip } from "../../components/chip.tsx";
import { PagedList, usePageParam } from "../../components/paged-list.tsx";
import { formatDay, formatInstantDay } from "../../lib/dates.ts";
import { OfflineNotice } from "../../offline/offline-ui.tsx";
import { appliedVersion } from "../../offline/sync.ts";
import { useCachedResource, useMembership } from "../../offline/use-cached.ts";
import type { MembershipHistoryRow } from "@api/contract";
import { fetchHistory } from "./api.ts";
import {
  MembershipActions,
  MembershipFacts,
  Panel,
  PauseWarningNotice,
  WithMembership,
} from "./membership-parts.tsx";
import { historyChips, PATHS, TYPE_LABELS } from "./membership-view.ts";
import "./account.css";

export default function MembershipDetailsPage() {
  const membership = useMembership();
  return (
    <>
      <WithMembership membership={membership}>
        {(m) => (
          <>
            {m?.attributes.pause_warning && <PauseWarningNotice warning={m.attributes.pause_warning} />}
            <Panel id="membership-card" title="Your membership">
              {m ? <MembershipFacts membership={m} /> : (
                <p>
                  You have no membership yet. An annual membership enrols you in the random drug-testing
                  program and earns your Letter of Compliance.
                </p>
              )}
              <MembershipActions membership={m} />
            </Panel>
          </>
        )}
      </WithMembership>
      <Panel id="payment-methods" title="Payment methods">
        <p>
          Your default card pays for renewals. <Link href={PATHS.payments}>Manage payment methods</Link>
        </p>
      </Panel>
      <MembershipHistory />
    </>
  );
}

function MembershipHistory() {
  useSignals();
  const [page, goTo] = usePageParam();
  const history = useCachedResource(`membership-history:${page}`, (signal) => fetchHistory(page, signal), {
    reloadKey: String(appliedVersion.value),
  });

  return (
    <Panel id="membership-history" title="Membership history">
      <OfflineNotice savedAt={history.savedAt} />
      <PagedList
        list={history}
        page={page}
        onPage={goTo}
        labels={{
          loading: "Loading your membership history…",
          error: "Your membership history could not be loaded",
          empty: "No memberships yet",
          pages: "Membership history pages",
        }}
      >
        {(rows) => <HistoryTable rows={rows} />}
      </PagedList>
    </Panel>
  );
}

function HistoryTable({ rows }: { rows: MembershipHistoryRow[] }) {
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption className="visually-hidden">Your memberships, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Created</th>
            <th scope="col">Expiration Date</th>
            <th scope="col">Type</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ id, attributes: row }) => (
            <tr key={id}>
              <td>{formatInstantDay(row.created_at)}</td>
              <td>{row.expire_at ? formatDay(row.expire_at) : "No expiration"}</td>
              <td>{TYPE_LABELS[row.type]}</td>
              <td className="chips">
                {historyChips(row).map((chip) => <Chip key={chip.label} tone={chip.tone}>{chip.label}</Chip>)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
