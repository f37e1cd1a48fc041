/**
 * /app/admin/export: the exports, newest first (ID, Status, Type, Created Date, download). While any export is
 * BUILDING the list polls every two seconds and shows its progress (rows written of the total); a FAILED one
 * shows its error and a Run again action.
 */
import { formatCount } from "../../lib/money.ts";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useEffect } from "react";
import { Link } from "wouter";
import type { Export } from "@api/contract";
import { Button } from "../../components/button.tsx";
import { DataTable } from "../../components/data-table.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { usePageParam } from "../../components/paged-list.tsx";
import { Pagination } from "../../components/pagination.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { useAction } from "../../lib/use-action.ts";
import { useResource } from "../../lib/use-resource.ts";
import { downloadExport, fetchExports, runAgain } from "./api.ts";
import { rowsWord } from "./filters.ts";

const POLL_MS = 2000;

export default function ExportsPage() {
  const [page, goTo] = usePageParam();
  const list = useResource(["exports", page], (signal) => fetchExports(page, signal));
  const building = list.data?.data.some((e) => e.attributes.status === "BUILDING") ?? false;

  useEffect(() => {
    if (!building) return;
    const timer = setInterval(list.reload, POLL_MS);
    return () => clearInterval(timer);
  }, [building, list.reload]);

  return (
    <section aria-label="Exports">
      <p>
        <Link href="/app/admin/export/new" className="button button-primary">New Export</Link>
      </p>
      {list.data
        ? (
          list.data.data.length === 0 ? <p className="empty-state">No exports yet</p> : (
            <>
              <ExportTable rows={list.data.data} />
              <Pagination
                label="Export pages"
                page={list.data.meta.page}
                perPage={list.data.meta.per_page}
                total={list.data.meta.total}
                onPage={goTo}
              />
            </>
          )
        )
        : list.error
        ? <LoadError title="Exports could not be loaded" error={list.error} onRetry={list.reload} />
        : <Skeleton lines={4} label="Loading exports…" />}
    </section>
  );
}

function ExportTable({ rows }: { rows: Export[] }) {
  return (
    <DataTable
      caption="Exports, newest first"
      columns={["ID", "Status", "Type", "Created Date", { hiddenLabel: "Actions" }]}
      rows={rows}
      row={(row) => <ExportRow key={row.id} row={row} />}
    />
  );
}

function ExportRow({ row }: { row: Export }) {
  const { id, attributes: e } = row;
  const download = useAction(() => downloadExport(id), {
    success: "Export Downloaded",
    failure: () => "Error Downloading Export",
  });
  const retry = useAction(() => runAgain(id), {
    success: "Export Queued!",
    invalidate: [["exports"]],
    failure: (error) => error instanceof Error ? error.message : "The export could not be queued again",
  });
  const busy = download.busy || retry.busy;

  return (
    <tr>
      <td>{id}</td>
      <td>
        <Status row={e} />
      </td>
      <td>{e.type_label}</td>
      <td>{formatInstant(e.created_at)}</td>
      <td>
        {e.status === "BUILT" && !e.expired && (
          <Button
            variant="link"
            busy={busy}
            busyLabel="Downloading…"
            onClick={() => download.run()}
          >
            Download<span className="visually-hidden">{` export ${id}`}</span>
          </Button>
        )}
        {e.status === "FAILED" && (
          <Button
            variant="secondary"
            busy={busy}
            busyLabel="Queuing…"
            onClick={() => retry.run()}
          >
            Run again<span className="visually-hidden">{` export ${id}`}</span>
          </Button>
        )}
      </td>
    </tr>
  );
}

function Status({ row: e }: { row: Export["attributes"] }) {
  if (e.status === "BUILDING") {
    const total = e.rows_total;
    return (
      <>
        <StatusBadge status="building" /> {total === null ? <span>Starting…</span> : (
          <>
            <progress max={Math.max(total, 1)} value={e.rows_written} aria-label={`Export progress`} />{" "}
            <span>
              {`${formatCount(e.rows_written)} of ${rowsWord(total)}`}
            </span>
          </>
        )}
      </>
    );
  }
  if (e.status === "FAILED") {
    return (
      <>
        <StatusBadge status="failed" /> <span className="field-hint">{e.error}</span>
      </>
    );
  }
  return (
    <>
      <StatusBadge status={e.expired ? "expired" : "built"} /> <span>{rowsWord(e.row_count ?? 0)}</span>
    </>
  );
}
