/** The administrators' exports (admin spec §2 "Export wizard", §7): list, create, run again, download. */
import type { Export, ExportCreateRequest, ExportPageAnswer, ExportTypeName } from "@api/contract";
import { saveFile } from "../../lib/save-file.ts";
import { call, callFile } from "../../lib/typed-api.ts";

export const EXPORTS_PER_PAGE = 20;

export function fetchExports(page: number, signal: AbortSignal): Promise<ExportPageAnswer> {
  return call("/auth/exports").GET({
    query: { page, per_page: EXPORTS_PER_PAGE, sort_by: "id", sort_dir: "desc" },
    signal,
  });
}

export async function createExport(body: ExportCreateRequest): Promise<Export> {
  return (await call("/auth/exports").POST({
    body,
    headers: { "Idempotency-Key": crypto.randomUUID() },
  })).data;
}

export async function runAgain(id: number): Promise<Export> {
  return (await call("/auth/export/{id}/retry").POST({
    params: { id },
    headers: { "Idempotency-Key": crypto.randomUUID() },
  })).data;
}

/** Fetches the CSV and hands it to the browser as export-{id}.csv. */
export async function downloadExport(id: number): Promise<void> {
  const file = await callFile("/auth/export/{id}/download").GET({ params: { id } });
  saveFile(file.blob, file.filename ?? `export-${id}.csv`);
}

export const misPdfHref = (year: number) => `/api/auth/mis/${year}/pdf`;

export const TYPE_OPTIONS: { value: ExportTypeName; label: string; hint: string }[] = [
  { value: "users", label: "Users", hint: "Every user with contact details and primary business." },
  { value: "transactions", label: "Transactions", hint: "Every order with its total and payment." },
  {
    value: "i3_tests",
    label: "I3 Tests",
    hint: "Drug tests by test reason and date range: the verified result only, never the laboratory detail.",
  },
  {
    value: "expired_memberships",
    label: "Expired Memberships",
    hint: "Memberships that expired in a date range.",
  },
  {
    value: "mis",
    label: "MIS Report",
    hint: "49 CFR 40 Appendix H counts per employer and for the consortium, for a calendar year.",
  },
];

export const REASON_OPTIONS = [
  ["", "All reasons"],
  ["pre_employment", "Pre-employment"],
  ["random", "Random"],
  ["post_accident", "Post-accident"],
  ["reasonable_suspicion", "Reasonable suspicion"],
  ["return_to_duty", "Return-to-duty"],
  ["follow_up", "Follow-up"],
  ["periodic", "Periodic"],
] as const;

export const typeLabel = (type: ExportTypeName) => TYPE_OPTIONS.find((o) => o.value === type)?.label ?? type;
