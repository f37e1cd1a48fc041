/**
 * Random Selections, on a DER's company screen (decision 0033): the company's employees selected in random
 * pools an administrator has released, newest month first, each with its status, the i3 order, where to go,
 * by when, and the notice PDF to hand to the mariner. Nothing of unreleased pools or other companies: the API
 * does not send it (46 CFR 16.230(g), 49 CFR 40.321). A list of records, so it fits a 390 px phone.
 */
import type { DerSelection, DrugTest } from "@api/contract";
import { StatusBadge } from "../../components/status-badge.tsx";
import { PagedList, usePageParam } from "../../components/paged-list.tsx";
import { formatDay, formatMonth } from "../../lib/dates.ts";
import { testOutcome } from "../drug-tests/drug-tests.ts";
import { call } from "../../lib/typed-api.ts";
import { useResource } from "../../lib/use-resource.ts";

/** "December 2035" for a selection's pool month. */
const monthLabel = (s: { year: number; month: number }) => formatMonth(s.year, s.month);

export const fetchDerSelections = (businessId: number, page: number, signal: AbortSignal) =>
  call("/auth/business/{id}/random-selections").GET({
    params: { id: businessId },
    query: { page, per_page: 10, sort_by: "month", sort_dir: "desc" },
    signal,
  });

export const derNoticeHref = (businessId: number, candidateId: number) =>
  `/api/auth/business/${businessId}/random-selections/${candidateId}/pdf`;

export function RandomSelections({ businessId }: { businessId: number }) {
  const [page, goTo] = usePageParam();
  const list = useResource(
    ["business", businessId, "random-selections", page],
    (signal) => fetchDerSelections(businessId, page, signal),
  );
  return (
    <>
      <p className="field-hint">
        Employees of this company selected for a random drug test, once APCA releases the month's pool. Tell
        each one at once and hand them their notice.
      </p>
      <PagedList
        list={list}
        page={page}
        onPage={goTo}
        labels={{
          loading: "Loading the random selections…",
          error: "The random selections could not be loaded",
          empty: "No random selections released for this company.",
          pages: "Random selection pages",
        }}
      >
        {(rows) => (
          <ul className="record-list" aria-label="Random selections">
            {rows.map((s) => <SelectionItem key={s.id} s={s} businessId={businessId} />)}
          </ul>
        )}
      </PagedList>
    </>
  );
}

function SelectionItem({ s, businessId }: { s: DerSelection; businessId: number }) {
  const outcome = s.test ? testOutcome(s.test as unknown as DrugTest["attributes"]) : null;
  return (
    <li className="record" data-testid="random-selection">
      <p className="record-title">
        <span>{s.name}</span>
        {s.exempt
          ? <StatusBadge status="exempt" />
          : outcome
          ? <StatusBadge status={outcome} />
          : <StatusBadge status="pending" />}
      </p>
      <p className="record-facts">
        {monthLabel(s)}
        {s.member_number ? ` · Member ${s.member_number}` : ""}
        {s.left_company ? " · No longer with the company" : ""}
      </p>
      {s.test && !s.exempt && (
        <p className="record-facts">
          {s.test.i3_order_ref ? `i3 order ${s.test.i3_order_ref}` : "i3 order not placed yet"}
          {` · Collection site ${s.test.collection_site ?? "to be assigned"}`}
          {s.test.report_by ? ` · Report by ${formatDay(s.test.report_by)}` : ""}
        </p>
      )}
      {s.pdf_ready && (
        <p className="record-facts">
          <a href={derNoticeHref(businessId, s.id)} download>
            Notice PDF<span className="visually-hidden">{` for ${s.name}, ${monthLabel(s)}`}</span>
          </a>
        </p>
      )}
    </li>
  );
}
