/** The account merge's calls (decision 0080): the preview of merging closeId into id, and the merge. */
import { call } from "../../lib/typed-api.ts";

export const mergeKey = (id: string, closeId: string) => ["admin-user", id, "merge", closeId];

export const fetchMergePlan = (id: string, closeId: string, signal: AbortSignal) =>
  call("/auth/user/{id}/merge/{closeId}").GET({ params: { id, closeId }, signal }).then((a) => a.data);

export const mergeAccounts = (id: string, closeId: string) =>
  call("/auth/user/{id}/merge").POST({
    params: { id },
    body: { close_user_id: Number(closeId) },
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
