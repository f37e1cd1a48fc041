/** The random pool calls (admin only, decision 0033): the list with its pace, one pool, its candidates, actions. */
import { formatMonth } from "../../lib/dates.ts";
import type { PoolCandidate, PoolPreview, PoolRecordAnswer, PoolVerifyAnswer } from "@api/contract";
import { call } from "../../lib/typed-api.ts";
import type { ResourceKey } from "../../lib/use-resource.ts";

export type Pool = PoolRecordAnswer;
export type Candidate = PoolCandidate;
export type VerifyReport = PoolVerifyAnswer["data"];
export type Preview = PoolPreview;

/** Cache keys: every random screen's data starts with RANDOMS_KEY, which an action reloads. */
export const RANDOMS_KEY: ResourceKey = ["randoms"];
export const poolsKey = (page: number): ResourceKey => [...RANDOMS_KEY, "list", page];
export const poolKey = (id: string): ResourceKey => [...RANDOMS_KEY, "pool", id];
export const candidatesKey = (id: string): ResourceKey => [...RANDOMS_KEY, "candidates", id];

export const fetchPools = (page: number, signal: AbortSignal) =>
  call("/auth/randoms").GET({ query: { page }, signal });

export const fetchPool = (id: string, signal: AbortSignal) =>
  call("/auth/randoms/{id}").GET({ params: { id }, signal }).then((r) => r.data);

export const fetchCandidates = (id: string, signal: AbortSignal) =>
  call("/auth/randoms/{id}/candidates").GET({ params: { id }, signal }).then((r) => r.data);

/** The new pool's preview: the given month, or (none given) the first month from this one without a pool. */
export const fetchPreview = (at: { year: number; month: number } | null, signal: AbortSignal) =>
  call("/auth/randoms/preview").GET({ query: at ?? {}, signal }).then((r) => r.data);
export const previewKey = (at: { year: number; month: number } | null): ResourceKey => [
  ...RANDOMS_KEY,
  "preview",
  at ? `${at.year}-${at.month}` : "next",
];

export const createPool = (year: number, month: number) =>
  call("/auth/randoms").POST({ body: { year, month } }).then((r) => r.data);

const POOL_ACTIONS = {
  build: (id: number) => call("/auth/randoms/{id}/build").POST({ params: { id } }),
  order: (id: number) => call("/auth/randoms/{id}/order").POST({ params: { id } }),
  release: (id: number) => call("/auth/randoms/{id}/release").POST({ params: { id } }),
  refresh: (id: number) => call("/auth/randoms/{id}/refresh").POST({ params: { id } }),
  pdfs: (id: number) => call("/auth/randoms/{id}/pdfs").POST({ params: { id } }),
};

/** build, order, release, refresh or pdfs (make the missing candidate PDFs). */
export const poolAction = (
  id: number,
  action: keyof typeof POOL_ACTIONS,
): Promise<{ data: Pool; message?: string }> => POOL_ACTIONS[action](id);

export const changeCandidate = (
  id: number,
  candidateId: number,
  action: "exempt" | "substitute",
  reason: string,
) =>
  call(`/auth/randoms/{id}/candidates/{candidateId}/${action}`).POST({
    params: { id, candidateId },
    body: { reason },
  }).then((r) => r.data);

export const verifyPool = (id: number) =>
  call("/auth/randoms/{id}/verify").GET({ params: { id } }).then((r) => r.data);

export const pdfHref = (id: number, candidateId: number) =>
  `/api/auth/randoms/${id}/candidates/${candidateId}/pdf`;
export const zipHref = (id: number) => `/api/auth/randoms/${id}/zip`;

export const monthLabel = (p: { year: number; month: number }) => formatMonth(p.year, p.month);

export const STATUS_LABELS: Record<Pool["status"], string> = {
  draft: "Draft",
  building: "Building",
  preordering: "Pre-ordering",
  preordered: "Pre-ordered",
  ordering: "Ordering",
  built: "Built",
  complete: "Complete",
};

/** States a job is working in: the screen polls until they end. */
export const WORKING: Pool["status"][] = ["building", "preordering", "ordering"];
