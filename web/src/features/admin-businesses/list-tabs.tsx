/**
 * The business detail's list tabs: Tests (summaries of the tests its employees took under it, never the
 * laboratory's detail: 49 CFR 40.321), Vessels (each opens /app/admin/manage-vessel/{vid}) and Downloads
 * (the compliance kit's documents, generated with the business's name).
 */
import { useState } from "react";
import { Link } from "wouter";
import type { BusinessTest } from "@api/contract";
import { Chip } from "../../components/chip.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { DataTable } from "../../components/data-table.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { PagedList } from "../../components/paged-list.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { formatInstantDay } from "../../lib/dates.ts";
import { REASON_LABELS, STATUS_LABELS, type TestReason, type TestStatus } from "../drug-tests/drug-tests.ts";
import { useResource } from "../../lib/use-resource.ts";
import { BUSINESS_KEY, fetchKitDocuments, fetchTests, fetchVessels } from "./api.ts";

export function TestsTab({ businessId, userId }: { businessId: number; userId?: number }) {
  const [page, setPage] = useState(1);
  const tests = useResource(
    [...BUSINESS_KEY, businessId, "tests", userId ?? 0, page],
    (signal) => fetchTests(businessId, page, signal, userId),
  );
  return (
    <PagedList
      list={tests}
      page={page}
      onPage={setPage}
      labels={{
        loading: "Loading the tests…",
        error: "The tests could not be loaded",
        empty: "No tests yet",
        pages: "Test pages",
      }}
    >
      {(rows) => <TestTable rows={rows} showName={!userId} />}
    </PagedList>
  );
}

function outcome(t: BusinessTest["attributes"]) {
  const word = t.status === "cancelled" || t.result === "cancelled"
    ? "Cancelled"
    : t.passed === null
    ? "Pending"
    : t.passed
    ? "Passed"
    : "Not passed";
  return <StatusBadge status={word} />;
}

function TestTable({ rows, showName }: { rows: BusinessTest[]; showName: boolean }) {
  return (
    <DataTable
      caption="Drug tests, newest first"
      columns={["Date", showName && "Employee", "Reason", "Status", "Result"]}
      rows={rows}
      row={({ id, attributes: t }) => (
        <tr key={id}>
          <td>{formatInstantDay(t.date)}</td>
          {showName && <td>{t.user_full_name}</td>}
          <td>{REASON_LABELS[t.reason as TestReason] ?? t.reason}</td>
          <td>{STATUS_LABELS[t.status as TestStatus] ?? t.status}</td>
          <td>{outcome(t)}</td>
        </tr>
      )}
    />
  );
}

export function VesselsTab({ businessId }: { businessId: number }) {
  const vessels = useResource([...BUSINESS_KEY, businessId, "vessels"], (s) => fetchVessels(businessId, s));
  if (vessels.error) {
    return (
      <LoadError title="The vessels could not be loaded" error={vessels.error} onRetry={vessels.reload} />
    );
  }
  if (!vessels.data) return <Skeleton lines={3} label="Loading the vessels…" />;
  return (
    <>
      <DataTable
        caption="Vessels"
        columns={["Name", "Official number", "Type", "Status"]}
        rows={vessels.data}
        empty="No vessels yet"
        row={({ id, attributes: v }) => (
          <tr key={id}>
            <td>
              <Link href={`/app/admin/manage-vessel/${id}`}>{v.name}</Link>
            </td>
            <td>{v.official_number ?? ""}</td>
            <td>{v.vessel_type ?? ""}</td>
            <td>{v.is_active ? <Chip tone="success">In service</Chip> : <Chip>Out of service</Chip>}</td>
          </tr>
        )}
      />
      <p>
        <Link href={`/app/admin/businesses/${businessId}/vessel/new`}>Add a vessel</Link>
      </p>
    </>
  );
}

export function DownloadsTab({ businessId }: { businessId: number }) {
  const docs = useResource([...BUSINESS_KEY, businessId, "kit"], (s) => fetchKitDocuments(businessId, s));
  if (docs.error) {
    return <LoadError title="The documents could not be loaded" error={docs.error} onRetry={docs.reload} />;
  }
  if (!docs.data) return <Skeleton lines={3} label="Loading the documents…" />;
  if (docs.data.length === 0) return <p className="empty-state">No documents yet</p>;
  return (
    <ul>
      {docs.data.map((d) => (
        <li key={d.id}>
          <a href={d.attributes.download_url} download={d.attributes.filename}>{d.attributes.title}</a>
          <div className="field-hint">{d.attributes.description}</div>
        </li>
      ))}
    </ul>
  );
}
