/** The member's documents (GET /api/auth/account/documents): letters of compliance and other files. */
import type { ListPage, StoredDocument } from "@api/contract";
import { call } from "../../lib/typed-api.ts";

export type DocumentKind = StoredDocument["attributes"]["kind"];
export type DocumentPage = ListPage<StoredDocument>;

export const DOCUMENTS_PER_PAGE = 10;

export function fetchDocuments(page: number, signal: AbortSignal): Promise<DocumentPage> {
  return call("/auth/account/documents").GET({
    query: { page, per_page: DOCUMENTS_PER_PAGE, sort_by: "created_at", sort_dir: "desc" },
    signal,
  });
}

/** The file itself: a plain link, the browser saves it under the server's filename. */
export const documentHref = (id: number) => `/api/auth/account/documents/${id}`;

export const KIND_LABELS: Record<DocumentKind, string> = {
  letter_of_compliance: "Letter of Compliance",
  safety_concern_letter: "Safety concern letter",
  roster: "Roster",
  compliance_kit: "Compliance kit",
  random_pool: "Random pool",
  other: "Document",
};

/** 48213 → "47 KB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
