/**
 * A membership's calls for any subject (lib/subject.ts): the caller's own (public spec §2, §7) or any user's
 * for an administrator (admin spec §7): read, history, start or renew, pause, resume, cancel and the
 * administrators' update. Every call that changes the membership carries an Idempotency-Key and, once
 * answered, invalidates the subject's membership keys, so every screen showing it (dashboard summary,
 * account page, details, history) reloads.
 */
import type {
  AdminStartMembershipRequest,
  ListPage,
  Membership,
  MembershipAnswer,
  MembershipHistoryRow,
  MembershipUpdatePreview,
  PauseMembershipRequest,
  StartMembershipRequest,
  UpdateMembershipRequest,
} from "@api/contract";
import { api, ApiError } from "./api.ts";
import { membershipKey, type Subject, subjectApi } from "./subject.ts";
import { invalidate } from "./use-resource.ts";

export const HISTORY_PER_PAGE = 10;

export async function fetchMembership(subject: Subject, signal?: AbortSignal): Promise<Membership | null> {
  const { data } = await api<{ data: Membership | null }>(subjectApi(subject).membership, { signal });
  return data;
}

export function fetchHistory(
  subject: Subject,
  page: number,
  signal: AbortSignal,
  perPage = HISTORY_PER_PAGE,
): Promise<ListPage<MembershipHistoryRow>> {
  return api(
    `${subjectApi(subject).history}?page=${page}&per_page=${perPage}&sort_by=created_at&sort_dir=desc`,
    { signal },
  );
}

const withKey = (key: string) => ({ "Idempotency-Key": key });

/** Sends one change and, once the server answered, refreshes every screen showing the subject's membership. */
async function change(subject: Subject, send: () => Promise<MembershipAnswer>): Promise<MembershipAnswer> {
  try {
    return await send();
  } finally {
    void invalidate(membershipKey(subject));
  }
}

/** Starts or renews the membership (charges the card once per key, or records a manual payment). */
export function startMembership(
  subject: Subject,
  body: StartMembershipRequest | AdminStartMembershipRequest,
  key: string,
): Promise<MembershipAnswer> {
  const path = subjectApi(subject).membership;
  return change(subject, () => api(path, { body, headers: withKey(key) }));
}

export function pauseMembership(
  subject: Subject,
  body: PauseMembershipRequest,
  key: string,
): Promise<MembershipAnswer> {
  const path = `${subjectApi(subject).membership}/pause`;
  return change(subject, () => api(path, { body, headers: withKey(key) }));
}

export function resumeMembership(subject: Subject, key: string): Promise<MembershipAnswer> {
  const path = `${subjectApi(subject).membership}/resume`;
  return change(subject, () => api(path, { method: "POST", headers: withKey(key) }));
}

export function cancelMembership(subject: Subject, key: string): Promise<MembershipAnswer> {
  const path = `${subjectApi(subject).membership}/cancel`;
  return change(subject, () => api(path, { method: "DELETE", headers: withKey(key) }));
}

/** The administrators' update (admin spec §2, §5): the expiry date, sent only with has_expiration. */
export function updateMembership(
  subject: Subject,
  body: UpdateMembershipRequest,
  key: string,
): Promise<MembershipAnswer> {
  const path = subjectApi(subject).membership;
  return change(subject, () => api(path, { method: "PUT", body, headers: withKey(key) }));
}

/** What an administrator's expiry update would do (GET .../membership/update-preview; decision 0041). */
export async function previewMembershipUpdate(
  userId: number,
  body: { has_expiration: boolean; date: string },
  signal?: AbortSignal,
): Promise<MembershipUpdatePreview> {
  const query = new URLSearchParams({ has_expiration: String(body.has_expiration) });
  if (body.has_expiration) query.set("date", body.date);
  const answer = await api<{ data: MembershipUpdatePreview }>(
    `/auth/user/${userId}/membership/update-preview?${query}`,
    { signal },
  );
  return answer.data;
}

/**
 * Idempotency keys, one per attempt: a new key for every answered attempt (a retry after a refusal or a
 * decline is a new request), the same key again only when the last attempt got no answer at all (it may
 * have gone through, and the server must not repeat it).
 */
export function attemptKeys() {
  let key: string | null = null;
  return {
    next(): string {
      key ??= crypto.randomUUID();
      return key;
    },
    settled(error?: unknown): void {
      if (!(error instanceof ApiError && error.status === 0)) key = null;
    },
    reset(): void {
      key = null;
    },
  };
}

/**
 * A failure toast: the specification's words, plus the server's reason when it refused the change for one
 * (409: the membership's state; 422: the request), e.g. "Error occurred while pausing membership. This
 * membership is already paused."
 */
export function failureText(base: string, error: unknown): string {
  if (error instanceof ApiError && (error.status === 409 || error.status === 422) && error.message) {
    return `${base}. ${error.message}`;
  }
  return base;
}
