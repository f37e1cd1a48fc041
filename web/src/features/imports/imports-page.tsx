/**
 * /app/admin/imports (issue 36, decision 0084; desktop): upload a CSV file of one kind, map its columns to the
 * template's fields (a sample of rows under each, date and phone formats chosen once), run the dry run and read
 * it row by row (download the errors), apply with a progress bar, and below, every batch with its counts, Roll
 * back (confirmed) and the claim e-mails.
 */
import { useEffect, useState } from "react";
import type { ImportBatch, ImportUpload } from "@api/contract";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { DataTable } from "../../components/data-table.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { PagedList } from "../../components/paged-list.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { useAction } from "../../lib/use-action.ts";
import "./imports.css";
import { useResource } from "../../lib/use-resource.ts";
import {
  applyBatch,
  DATE_FORMATS,
  downloadErrors,
  downloadExport,
  fetchImport,
  fetchImports,
  fetchRows,
  importKey,
  importsKey,
  type Kind,
  KIND_OPTIONS,
  type Outcome,
  PHONE_FORMATS,
  rollBack,
  rowsKey,
  runDryRun,
  sendClaims,
  timeLeft,
  uploadFile,
} from "./api.ts";

const POLL_MS = 1000;
const WORDS = {
  create: "Will create",
  update: "Will update",
  unchanged: "Unchanged",
  error: "Error",
} as const;
const OUTCOMES = ["create", "update", "unchanged", "error"] as const;
/** The rows filter's choices, and what an empty page of each says. */
const SHOW = {
  "": ["All rows", "No rows in this file"],
  create: ["Will create", "No row creates a record"],
  update: ["Will update", "No row updates a record"],
  unchanged: ["Unchanged", "No row is unchanged"],
  error: ["Errors", "No errors"],
} as const;

export default function ImportsPage() {
  const [current, setCurrent] = useState<number | null>(null);
  return (
    <section aria-label="Imports">
      <UploadForm onUploaded={(u) => setCurrent(u.data.id)} />
      {current !== null && <Batch id={current} key={current} />}
      <BatchList onOpen={setCurrent} />
      <ExportLinks />
    </section>
  );
}

function UploadForm({ onUploaded }: { onUploaded: (u: ImportUpload) => void }) {
  const [kind, setKind] = useState<Kind>("members");
  const [file, setFile] = useState<File | null>(null);
  const upload = useAction(async () => {
    const answer = await uploadFile(kind, file!);
    onUploaded(answer);
    return answer;
  }, {
    success: "File uploaded",
    invalidate: [importsKey],
    failure: (e) => e instanceof Error ? e.message : "The file could not be uploaded",
  });
  return (
    <form
      className="stack import-upload"
      aria-label="Upload a file"
      onSubmit={(e) => {
        e.preventDefault();
        if (file) upload.run();
      }}
    >
      <h2>Upload a file</h2>
      <p>
        Bring in another system's records one kind at a time, in this order: companies (with their DER) first,
        then members, their membership terms, their drug-test history and past store orders. Each file is
        read, mapped to the template's columns and checked row by row in a dry run; nothing is written until
        you apply it, and an applied batch can be rolled back.
      </p>
      <div className="field">
        <label htmlFor="import-kind">Kind</label>
        <select id="import-kind" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
          {KIND_OPTIONS.map(([v, label]) => <option key={v} value={v}>{label}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor="import-file">CSV file</label>
        <p id="import-file-hint" className="field-hint">
          Up to 200 MB, with a header line; UTF-8 or Windows (Excel) encoding, separated by commas, semicolons
          or tabs.
        </p>
        <input
          id="import-file"
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          aria-describedby="import-file-hint"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </div>
      <div className="form-actions">
        <Button type="submit" disabled={!file} busy={upload.busy} busyLabel="Uploading…">Upload</Button>
      </div>
    </form>
  );
}

function Batch({ id }: { id: number }) {
  const batch = useResource(importKey(id), (signal) => fetchImport(id, signal));
  const attributes = batch.data?.data.attributes;
  const status = attributes?.status;
  const claiming = attributes !== undefined && attributes.claim_total > attributes.claim_sent_count;
  const busy = status === "checking" || status === "applying" || claiming;
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(batch.reload, POLL_MS);
    return () => clearInterval(timer);
  }, [busy, batch.reload]);
  if (!batch.data) {
    return batch.error
      ? <LoadError title="The import could not be loaded" error={batch.error} onRetry={batch.reload} />
      : <Skeleton lines={4} label="Loading the import…" />;
  }
  const b = batch.data.data.attributes;
  return (
    <section aria-label={`Import ${id}`} className="stack">
      <h2>{`Import ${id}: ${b.file_name}`}</h2>
      <p>{`Read as ${b.encoding}, separated by “${b.separator === "\t" ? "tab" : b.separator}”.`}</p>
      {(b.status === "uploaded" || b.status === "checked" || (b.status === "failed" && !b.applied_at)) && (
        <MappingForm upload={batch.data} />
      )}
      {b.status === "checking" && <p role="status">{`Checking… ${b.rows_checked} rows read`}</p>}
      {b.status === "failed" && <p role="alert">{b.error}</p>}
      {b.claim_total > 0 && (
        <p role="status">{`Claim e-mails: ${b.claim_sent_count} of ${b.claim_total} sent`}</p>
      )}
      {b.checked_at && <DryRun batch={batch.data.data} />}
    </section>
  );
}

function MappingForm({ upload }: { upload: ImportUpload }) {
  const id = upload.data.id;
  const header = upload.data.attributes.header;
  const [mapping, setMapping] = useState<Record<string, number>>(upload.suggested_mapping);
  const [dateFormat, setDateFormat] = useState<typeof DATE_FORMATS[number]>(
    (upload.data.attributes.date_format as typeof DATE_FORMATS[number]) ?? "YYYY-MM-DD",
  );
  const [phoneFormat, setPhoneFormat] = useState<typeof PHONE_FORMATS[number][0]>("as_written");
  const check = useAction(() => runDryRun(id, mapping, dateFormat, phoneFormat), {
    success: "Dry run started",
    invalidate: [importKey(id), importsKey],
    failure: (e) => e instanceof Error ? e.message : "The dry run could not start",
  });
  return (
    <form
      aria-label="Map columns"
      onSubmit={(e) => {
        e.preventDefault();
        check.run();
      }}
    >
      <h3>Map the columns</h3>
      {upload.mapping_saved && <p>The mapping saved for files with this header is filled in.</p>}
      <table className="data-table">
        <caption>Each field of the template, the file's column for it, and the first rows</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Column in the file</th>
            <th scope="col">Sample</th>
          </tr>
        </thead>
        <tbody>
          {upload.fields.map((f) => (
            <tr key={f.name}>
              <th scope="row">{f.name}{f.required ? " *" : ""}</th>
              <td>
                <select
                  aria-label={`Column for ${f.name}`}
                  value={mapping[f.name] ?? ""}
                  onChange={(e) => {
                    const next = { ...mapping };
                    if (e.target.value === "") delete next[f.name];
                    else next[f.name] = Number(e.target.value);
                    setMapping(next);
                  }}
                >
                  <option value="">(not imported)</option>
                  {header.map((h, i) => <option key={i} value={i}>{h || `Column ${i + 1}`}</option>)}
                </select>
              </td>
              <td>
                {mapping[f.name] === undefined
                  ? ""
                  : upload.sample.map((r) => r[mapping[f.name]] ?? "").filter(Boolean).slice(0, 3).join(
                    " · ",
                  )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <label>
          Dates are written{" "}
          <select value={dateFormat} onChange={(e) => setDateFormat(e.target.value as typeof dateFormat)}>
            {DATE_FORMATS.map((d) => <option key={d} value={d}>{d}</option>)}
          </select>
        </label>{" "}
        <label>
          Phones{" "}
          <select value={phoneFormat} onChange={(e) => setPhoneFormat(e.target.value as typeof phoneFormat)}>
            {PHONE_FORMATS.map(([v, label]) => <option key={v} value={v}>{label}</option>)}
          </select>
        </label>
      </p>
      <p>
        <Button type="submit" busy={check.busy} busyLabel="Starting…">Dry run</Button>
      </p>
    </form>
  );
}

function DryRun({ batch }: { batch: ImportBatch }) {
  const b = batch.attributes;
  const apply = useAction(() => applyBatch(batch.id), {
    success: "Apply started",
    invalidate: [importKey(batch.id), importsKey],
    failure: (e) => e instanceof Error ? e.message : "The batch could not be applied",
  });
  const errors = useAction(() => downloadErrors(batch.id), { success: "Errors downloaded" });
  return (
    <div className="stack">
      <h3>Dry run</h3>
      <p>
        {`${
          b.rows_total ?? 0
        } rows: ${b.created} will create, ${b.updated} will update, ${b.unchanged} unchanged, ${b.errors} errors, ${b.warnings} warnings`}
      </p>
      <p>
        {b.errors > 0 && (
          <Button
            variant="secondary"
            busy={errors.busy}
            busyLabel="Downloading…"
            onClick={() => errors.run()}
          >
            Download errors
          </Button>
        )} {(b.status === "checked" || b.status === "failed") && (
          <Button
            busy={apply.busy}
            busyLabel="Starting…"
            onClick={() => apply.run()}
          >
            Apply
          </Button>
        )}
      </p>
      {b.status === "applying" && (
        <p role="status">
          <progress max={Math.max(b.rows_total ?? 1, 1)} value={b.rows_done} aria-label="Apply progress" />
          {" "}
          {`${b.rows_done} of ${b.rows_total} rows ${timeLeft(b.seconds_left)}`}
        </p>
      )}
      {b.status === "applied" && (
        <p role="status">
          {`Applied: ${b.created} created, ${b.updated} updated, ${b.unchanged} unchanged, ${b.errors} errors`}
        </p>
      )}
      <Rows batch={batch} />
    </div>
  );
}

/**
 * The batch's rows, a page at a time from the server, all of them or those of one outcome (the counts beside
 * each choice are the batch's). Reloaded when the batch's status changes (checked, applied), not on every
 * row the apply does: the progress bar says that.
 */
function Rows({ batch }: { batch: ImportBatch }) {
  const b = batch.attributes;
  const [outcome, setOutcome] = useState<Outcome | "">("");
  const [page, setPage] = useState(1);
  const rows = useResource(
    [...rowsKey(batch.id, outcome, page), b.status],
    (signal) => fetchRows(batch.id, outcome, page, signal),
  );
  const counts: Record<Outcome | "", number> = {
    "": b.rows_total ?? 0,
    create: b.created,
    update: b.updated,
    unchanged: b.unchanged,
    error: b.errors,
  };
  const meta = rows.data?.meta;
  const first = meta ? (meta.page - 1) * meta.per_page + 1 : 0;
  return (
    <section aria-label="Rows" className="stack">
      <p>
        <label>
          Show{" "}
          <select
            value={outcome}
            onChange={(e) => {
              setOutcome(e.target.value as Outcome | "");
              setPage(1);
            }}
          >
            {(["", ...OUTCOMES] as const).map((o) => (
              <option key={o} value={o}>{`${SHOW[o][0]} (${counts[o]})`}</option>
            ))}
          </select>
        </label>{" "}
        {meta && meta.total > 0 && (
          <span role="status">
            {`Rows ${first}–${first + rows.data!.data.length - 1} of ${meta.total}`}
          </span>
        )}
      </p>
      <PagedList
        list={rows}
        page={page}
        onPage={setPage}
        labels={{
          loading: "Loading rows…",
          error: "The rows could not be loaded",
          empty: SHOW[outcome][1],
          pages: "Row pages",
        }}
        skeletonLines={3}
      >
        {(data) => (
          <DataTable
            caption="Each row of the file and what the import does with it"
            columns={["Row", "Key", "Outcome", "Reason"]}
            rows={data}
            row={(r) => (
              <tr key={r.row_number}>
                <td>{r.row_number}</td>
                <td>{r.key ?? ""}</td>
                <td>{WORDS[r.applied_outcome ?? r.outcome]}</td>
                <td>{[r.reason, ...r.warnings].filter(Boolean).join("; ")}</td>
              </tr>
            )}
          />
        )}
      </PagedList>
    </section>
  );
}

function BatchList({ onOpen }: { onOpen: (id: number) => void }) {
  const list = useResource(importsKey, fetchImports);
  return (
    <section aria-label="Batches" className="stack">
      <h2>Batches</h2>
      {list.data
        ? list.data.length === 0
          ? <p className="empty-state">No imports yet: each file you upload above is listed here.</p>
          : (
            <DataTable
              caption="Import batches, newest first"
              columns={["ID", "File", "Kind", "Status", "Counts", "Uploaded", { hiddenLabel: "Actions" }]}
              rows={list.data}
              row={(b) => <BatchRow key={b.id} batch={b} onOpen={onOpen} />}
            />
          )
        : list.error
        ? <LoadError title="Imports could not be loaded" error={list.error} onRetry={list.reload} />
        : <Skeleton lines={3} label="Loading imports…" />}
    </section>
  );
}

function BatchRow({ batch, onOpen }: { batch: ImportBatch; onOpen: (id: number) => void }) {
  const b = batch.attributes;
  const [confirming, setConfirming] = useState(false);
  const back = useAction(async () => {
    try {
      return await rollBack(batch.id);
    } finally {
      setConfirming(false);
    }
  }, {
    success: "Batch rolled back",
    invalidate: [importsKey, importKey(batch.id)],
    failure: (e) => e instanceof Error ? e.message : "The batch could not be rolled back",
  });
  const claim = useAction(() => sendClaims(batch.id), {
    success: (a) => a.message,
    invalidate: [importsKey, importKey(batch.id)],
  });
  return (
    <tr>
      <td>{batch.id}</td>
      <td>{b.file_name}</td>
      <td>{b.kind}</td>
      <td>{b.status.replace("_", " ")}</td>
      <td>
        {`${b.created} created, ${b.updated} updated, ${b.unchanged} unchanged, ${b.errors} errors` +
          (b.claim_total > 0 ? `; claim e-mails ${b.claim_sent_count} of ${b.claim_total} sent` : "")}
      </td>
      <td>{formatInstant(b.created_at)}</td>
      <td>
        <Button variant="link" onClick={() => onOpen(batch.id)}>
          Open<span className="visually-hidden">{` import ${batch.id}`}</span>
        </Button>
        {b.status === "applied" && (
          <>
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Roll back<span className="visually-hidden">{` import ${batch.id}`}</span>
            </Button>
            {(b.kind === "members" || b.kind === "companies") && (
              <Button
                variant="secondary"
                busy={claim.busy}
                busyLabel="Sending…"
                onClick={() => claim.run()}
              >
                Send claim e-mails<span className="visually-hidden">{` for import ${batch.id}`}</span>
              </Button>
            )}
          </>
        )}
        <ConfirmDialog
          open={confirming}
          title={`Roll back import ${batch.id}?`}
          confirmLabel="Roll back"
          busyLabel="Rolling back…"
          busy={back.busy}
          destructive
          onConfirm={() => back.run()}
          onClose={() => setConfirming(false)}
        >
          <p>
            {`Every record this batch created is deleted and every record it updated gets its old values back. ` +
              `This is refused if any of them was changed since.`}
          </p>
        </ConfirmDialog>
      </td>
    </tr>
  );
}

function ExportLinks() {
  const exp = useAction((kind: Kind) => downloadExport(kind), { success: "Export downloaded" });
  return (
    <section aria-labelledby="import-exports" className="stack">
      <h2 id="import-exports">Export in the templates</h2>
      <p>
        What is held here of each kind, in its import template's columns, words and formats: a file to check
        an import against, or, while nothing of a kind is held, its empty template.
      </p>
      <ul className="import-exports">
        {KIND_OPTIONS.map(([kind, label]) => (
          <li key={kind}>
            <Button variant="link" busy={exp.busy} onClick={() => exp.run(kind)}>{`${label} (CSV)`}</Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
