/**
 * /app/account/data, "Your Data" (issue 38 item 3, decision 0093): everything APCA holds about the member, each
 * part as its own screen shows it, the whole as one zip (JSON and the PDFs), and who looked at their letter and
 * tests. Opens offline from the device's copy (decision 0014); the zip needs a connection.
 */
import { Link } from "wouter";
import { useSignals } from "@preact/signals-react/runtime";
import { Chip } from "../../components/chip.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { formatDay, formatInstant } from "../../lib/dates.ts";
import { formatMoney } from "../../lib/money.ts";
import { online } from "../../lib/online.ts";
import { OfflineNotice } from "../../offline/offline-ui.tsx";
import { useCachedResource } from "../../offline/use-cached.ts";
import { AccountDetails } from "../account/account-details.tsx";
import { documentHref, formatSize, KIND_LABELS } from "../documents/api.ts";
import { DrugTestTable } from "../drug-tests/drug-test-table.tsx";
import { Panel } from "../memberships/membership-parts.tsx";
import { STATUS_CHIPS, TYPE_LABELS } from "../memberships/membership-view.ts";
import { KIND_WORDS, STATUS_WORDS } from "../orders/history.ts";
import {
  ACCOUNT_DATA_KEY,
  type AccountData,
  DATA_ZIP_HREF,
  fetchAccountData,
  keepAccountData,
} from "./api.ts";
import "./data-page.css";

export const ZIP_OFFLINE = "Downloading your data needs a connection; try again when you have a signal.";

export default function AccountDataPage() {
  const data = useCachedResource(ACCOUNT_DATA_KEY, fetchAccountData, { keep: keepAccountData });
  return (
    <div className="account-data">
      <p>
        Everything APCA holds about you: your details, memberships, businesses, tests, orders, cards and
        documents, the consents you gave, and who looked at your records.{" "}
        <Link href="/app/account">Back to Account</Link>
      </p>
      <DownloadAll />
      <OfflineNotice savedAt={data.savedAt} />
      {data.loading
        ? <Skeleton lines={8} label="Loading your data…" />
        : data.error || !data.data
        ? <LoadError title="Your data could not be loaded" error={data.error} onRetry={data.reload} />
        : <DataSections data={data.data} fromDevice={data.savedAt !== null} />}
    </div>
  );
}

function DownloadAll() {
  useSignals();
  if (!online.value) {
    return (
      <p className="account-data-download">
        <button type="button" className="button button-primary" disabled aria-describedby="zip-offline">
          Download all your data (zip)
        </button>
        <span id="zip-offline" className="field-hint">{ZIP_OFFLINE}</span>
      </p>
    );
  }
  return (
    <p className="account-data-download">
      <a className="button button-primary" href={DATA_ZIP_HREF} download>
        Download all your data (zip)
      </a>
      <span className="field-hint">
        One file: your data as JSON, with your letter, receipts and documents.
      </span>
    </p>
  );
}

function DataSections({ data, fromDevice }: { data: AccountData; fromDevice: boolean }) {
  return (
    <div className="account-grid">
      <Panel id="data-record-views" title="Who looked at my records">
        <RecordViews views={data.record_views} />
      </Panel>
      <Panel id="data-profile" title="Your details">
        <AccountDetails user={data.profile.data} />
      </Panel>
      <Panel id="data-memberships" title="Memberships">
        {data.memberships.length === 0
          ? <p className="empty-state">No memberships yet.</p>
          : (
            <ul className="account-data-list" aria-label="Your memberships">
              {data.memberships.map(({ id, attributes: m }) => (
                <li key={id}>
                  {TYPE_LABELS[m.type]}{" "}
                  <Chip tone={STATUS_CHIPS[m.status].tone}>{STATUS_CHIPS[m.status].label}</Chip>
                  <span className="account-data-sub">
                    Started {formatInstant(m.created_at)}
                    {m.expire_at ? `, expires ${formatDay(m.expire_at)}` : ""}
                  </span>
                </li>
              ))}
            </ul>
          )}
      </Panel>
      <Panel id="data-businesses" title="Businesses">
        {data.businesses.length === 0
          ? <p className="empty-state">No businesses.</p>
          : (
            <ul className="account-data-list" aria-label="Your businesses">
              {data.businesses.map(({ id, attributes: b }) => <li key={id}>{b.name}</li>)}
            </ul>
          )}
      </Panel>
      <Panel id="data-tests" title="Tests">
        {data.tests.length === 0
          ? <p className="empty-state">No tests yet.</p>
          : <DrugTestTable tests={data.tests} caption="Your drug tests, newest first" />}
      </Panel>
      <Panel id="data-orders" title="Orders">
        {data.orders.length === 0
          ? <p className="empty-state">No orders yet.</p>
          : (
            <ul className="account-data-list" aria-label="Your orders">
              {data.orders.map(({ id, attributes: o }) => (
                <li key={id} data-testid={`data-order-${o.number}`}>
                  <strong>{o.number}</strong> {KIND_WORDS[o.kind]}, {formatMoney(o.total_cents)},{" "}
                  {STATUS_WORDS[o.status]}
                  <span className="account-data-sub">{formatInstant(o.created_at)}</span>
                </li>
              ))}
            </ul>
          )}
      </Panel>
      <Panel id="data-cards" title="Cards">
        {fromDevice
          ? <p>Your cards are not kept on this device; they show here with a connection.</p>
          : data.cards.length === 0
          ? <p className="empty-state">No saved cards.</p>
          : (
            <ul className="account-data-list" aria-label="Your cards">
              {data.cards.map(({ id, attributes: c }) => (
                <li key={id}>
                  {c.brand ?? "Card"} ending {c.last4}
                  {c.exp_month && c.exp_year
                    ? `, expires ${String(c.exp_month).padStart(2, "0")}/${c.exp_year}`
                    : ""}
                  {c.default ? " (default)" : ""}
                </li>
              ))}
            </ul>
          )}
      </Panel>
      <Panel id="data-documents" title="Documents">
        {data.documents.length === 0
          ? <p className="empty-state">No documents yet.</p>
          : (
            <ul className="account-data-list" aria-label="Your documents">
              {data.documents.map(({ id, attributes: d }) => {
                const label = `${KIND_LABELS[d.kind] ?? "Document"} no. ${id}`;
                return (
                  <li key={id}>
                    <a href={documentHref(id)} download={d.filename}>{label}</a>
                    <span className="account-data-sub">
                      Issued {formatInstant(d.created_at)}, {formatSize(d.byte_size)}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
      </Panel>
      <Panel id="data-consents" title="Consents">
        {data.consents.length === 0
          ? <p className="empty-state">You have not given anyone consent to see your test results.</p>
          : <p>You have given {data.consents.length} consent(s) to see your test results.</p>}
      </Panel>
    </div>
  );
}

function RecordViews({ views }: { views: AccountData["record_views"] }) {
  return (
    <>
      <p>
        Each time an APCA administrator or a company downloaded your Letter of Compliance, or saw or
        downloaded your tests or your random selection notice.
      </p>
      {views.length === 0
        ? <p className="empty-state">No administrator or company has looked at your letter or tests.</p>
        : (
          <ul className="account-data-list" aria-label="Who looked at my records">
            {views.map(({ id, attributes: v }) => (
              <li key={id} data-testid="record-view">
                {v.summary}
                <span className="account-data-sub">{formatInstant(v.at)}</span>
              </li>
            ))}
          </ul>
        )}
    </>
  );
}
