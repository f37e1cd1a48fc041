/**
 * The account's calls (public spec §2 /app/account/*, §7): the signed-in user's details, their membership
 * (start or renew, history; reading, pausing, resuming and cancelling are lib/membership.ts, shared with the
 * offline outbox) and their saved cards. Every call that
 * changes the membership carries an Idempotency-Key, one per attempt (see `attemptKeys`).
 */
import type {
  ListPage,
  MembershipAnswer,
  MembershipHistoryRow,
  PaymentMethod,
  StartMembershipRequest,
  User,
} from "@api/contract";
import { api, ApiError } from "../../lib/api.ts";
import { MEMBERSHIP_PATH, withKey } from "../../lib/membership.ts";

export async function fetchAccountUser(userId: number, signal: AbortSignal): Promise<User> {
  const { data } = await api<{ data: User }>(`/auth/user/${userId}`, { signal });
  return data;
}

export const HISTORY_PER_PAGE = 10;

export function fetchHistory(
  page: number,
  signal: AbortSignal,
  perPage = HISTORY_PER_PAGE,
): Promise<ListPage<MembershipHistoryRow>> {
  return api(
    `/auth/account/memberships?page=${page}&per_page=${perPage}&sort_by=created_at&sort_dir=desc`,
    { signal },
  );
}

/** Starts or renews the membership (charges the card once per key). */
export function startMembership(body: StartMembershipRequest, key: string): Promise<MembershipAnswer> {
  return api(MEMBERSHIP_PATH, { body, headers: withKey(key) });
}

export async function fetchCards(signal?: AbortSignal): Promise<PaymentMethod[]> {
  const { data } = await api<{ data: PaymentMethod[] }>("/auth/account/payment-methods", { signal });
  return data;
}

export async function makeDefaultCard(id: number): Promise<PaymentMethod> {
  const { data } = await api<{ data: PaymentMethod }>(`/auth/account/payment-methods/${id}/default`, {
    method: "PUT",
  });
  return data;
}

/** Removes a card; answers the cards that remain, default first. */
export async function removeCard(id: number): Promise<PaymentMethod[]> {
  const { data } = await api<{ data: PaymentMethod[] }>(`/auth/account/payment-methods/${id}`, {
    method: "DELETE",
  });
  return data;
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
