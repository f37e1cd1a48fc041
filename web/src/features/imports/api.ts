/** The administrators' imports (issue 36, decision 0084): upload, map, dry run, apply, roll back, claim. */
import type { ImportBatch, ImportRow, ImportUpload, ListPage } from "@api/contract";
import { ApiError } from "../../lib/api.ts";
import { saveFile } from "../../lib/save-file.ts";
import { call, callFile } from "../../lib/typed-api.ts";

export type Kind = ImportBatch["attributes"]["kind"];
export const KIND_OPTIONS: [Kind, string][] = [
  ["companies", "Companies (with their DER)"],
  ["members", "Members"],
  ["memberships", "Membership terms"],
  ["drug_tests", "Drug-test history"],
  ["store_orders", "Past store orders"],
];
export type Outcome = ImportRow["outcome"];
/** Rows per page of the dry run's table. */
export const ROWS_PER_PAGE = 100;
export const DATE_FORMATS = ["YYYY-MM-DD", "MM/DD/YYYY", "DD/MM/YYYY", "M/D/YY"] as const;
export const PHONE_FORMATS = [["as_written", "As written"], [
  "us_digits",
  "US, ten digits (504-555-0101)",
]] as const;

export const importsKey = ["imports"];
export const importKey = (id: number) => ["import", id];
export const rowsKey = (
  id: number,
  outcome: Outcome | "",
  page: number,
) => ["import-rows", id, outcome, page];

export const fetchImports = (signal: AbortSignal) =>
  call("/auth/imports").GET({ signal }).then((a) => a.data);
export const fetchImport = (id: number, signal: AbortSignal): Promise<ImportUpload> =>
  call("/auth/import/{id}").GET({ params: { id }, signal });
/** One page of a batch's rows, all of them or those of one outcome. */
export const fetchRows = (
  id: number,
  outcome: Outcome | "",
  page: number,
  signal: AbortSignal,
): Promise<ListPage<ImportRow>> =>
  call("/auth/import/{id}/rows").GET({
    params: { id },
    query: { page, per_page: ROWS_PER_PAGE, ...(outcome ? { outcome } : {}) },
    signal,
  });

/** The file goes as the request body (streamed to storage by the server), not as JSON. */
export async function uploadFile(kind: Kind, file: File): Promise<ImportUpload> {
  const query = new URLSearchParams({ kind, file_name: file.name });
  const res = await fetch(`/api/auth/imports?${query}`, {
    method: "POST",
    headers: { "Content-Type": "text/csv" },
    body: file,
    credentials: "same-origin",
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) {
    throw new ApiError(body.error ?? "The upload failed.", res.status, body.code ?? `HTTP_${res.status}`);
  }
  return body as ImportUpload;
}

export const runDryRun = (
  id: number,
  mapping: Record<string, number>,
  dateFormat: typeof DATE_FORMATS[number],
  phoneFormat: typeof PHONE_FORMATS[number][0],
) =>
  call("/auth/import/{id}/check").POST({
    params: { id },
    body: { mapping, date_format: dateFormat, phone_format: phoneFormat },
  });
export const applyBatch = (id: number) => call("/auth/import/{id}/apply").POST({ params: { id } });
export const rollBack = (id: number) => call("/auth/import/{id}/rollback").POST({ params: { id } });
export const sendClaims = (id: number) => call("/auth/import/{id}/claim").POST({ params: { id } });

export async function downloadErrors(id: number) {
  const file = await callFile("/auth/import/{id}/errors").GET({ params: { id } });
  saveFile(file.blob, file.filename ?? `import-${id}-errors.csv`);
}

export async function downloadExport(kind: Kind) {
  const file = await callFile("/auth/imports/export/{kind}").GET({ params: { kind } });
  saveFile(file.blob, file.filename ?? `${kind}.csv`);
}

/** "3 min 20 s left" from the server's estimate. */
export function timeLeft(seconds: number | null): string {
  if (seconds === null) return "";
  if (seconds < 60) return `about ${seconds} s left`;
  return `about ${Math.floor(seconds / 60)} min ${seconds % 60} s left`;
}
