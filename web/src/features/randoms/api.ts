/** The random pool calls (admin only, decision 0033): the list with its pace, one pool, its candidates, actions. */
import type { PoolCandidate, PoolPageAnswer, PoolRecordAnswer, PoolVerifyAnswer } from "@api/contract";
import { api } from "../../lib/api.ts";

export type Pool = PoolRecordAnswer;
export type Candidate = PoolCandidate;
export type VerifyReport = PoolVerifyAnswer["data"];

export const fetchPools = (page: number, signal: AbortSignal) =>
  api<PoolPageAnswer>(`/auth/randoms?page=${page}`, { signal });

export const fetchPool = (id: string, signal: AbortSignal) =>
  api<{ data: Pool }>(`/auth/randoms/${id}`, { signal }).then((r) => r.data);

export const fetchCandidates = (id: string, signal: AbortSignal) =>
  api<{ data: Candidate[] }>(`/auth/randoms/${id}/candidates`, { signal }).then((r) => r.data);

export const createPool = (year: number, month: number) =>
  api<{ data: Pool }>("/auth/randoms", { method: "POST", body: { year, month } }).then((r) => r.data);

/** build, order, release or refresh. */
export const poolAction = (id: number, action: "build" | "order" | "release" | "refresh") =>
  api<{ data: Pool; message?: string }>(`/auth/randoms/${id}/${action}`, { method: "POST", body: {} });

export const changeCandidate = (
  id: number,
  candidateId: number,
  action: "exempt" | "substitute",
  reason: string,
) =>
  api<{ data: Pool }>(`/auth/randoms/${id}/candidates/${candidateId}/${action}`, {
    method: "POST",
    body: { reason },
  }).then((r) => r.data);

export const verifyPool = (id: number) =>
  api<{ data: VerifyReport }>(`/auth/randoms/${id}/verify`).then((r) => r.data);

export const pdfHref = (id: number, candidateId: number) =>
  `/api/auth/randoms/${id}/candidates/${candidateId}/pdf`;
export const zipHref = (id: number) => `/api/auth/randoms/${id}/zip`;

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
export const monthLabel = (p: { year: number; month: number }) => `${MONTHS[p.month - 1]} ${p.year}`;

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
