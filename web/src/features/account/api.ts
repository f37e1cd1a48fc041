/**
 * The account's calls (public spec §2 /app/account/*, §7): the signed-in user's details, their membership
 * (read, start or renew, pause, resume, cancel, history) and their saved cards. Every call that changes the
 * membership carries an Idempotency-Key, one per attempt (see `attemptKeys`).
 */
import { api, ApiError } from "../../lib/api.ts";
import type { PaymentMethod } from "../payments/api.ts";

export type MembershipStatus = "failed" | "pending" | "cancelled" | "expired" | "paused" | "active";
export type MembershipType = "annual" | "one_time";

import type { PauseWarning } from "../../components/pause-warning-notice.tsx";
export type { PauseWarning };

/** `GET /api/auth/account/membership` → data (api/src/memberships/schemas.ts MembershipRecord). */
export interface Membership {
  id: number;
  type: "membership";
  attributes: {
    type: MembershipType;
    created_at: string;
    expire_at: string | null;
    has_expiration: boolean;
    failed: boolean;
    failure_reason: string | null;
    cancelled: boolean;
    is_pending: boolean;
    is_paused: boolean;
    paused_at: string | null;
    pause_reason: string | null;
    autorenew: boolean;
    status: MembershipStatus;
    expired: boolean;
    renewable_from: string | null;
    can_renew: boolean;
    can_pause: boolean;
    can_resume: boolean;
    can_cancel: boolean;
    pause_warning: PauseWarning | null;
  };
}

/** One row of `GET /api/auth/account/memberships`. */
export interface MembershipHistoryRow {
  id: number;
  type: "membership";
  attributes: {
    type: MembershipType;
    created_at: string;
    expire_at: string | null;
    failed: boolean;
    cancelled: boolean;
    expired: boolean;
    status: MembershipStatus;
    order_number: string | null;
  };
}

export interface ListPage<T> {
  data: T[];
  meta: { total: number; page: number; per_page: number };
}

/** `GET /api/auth/user/:id` → data.attributes (api/src/users/schemas.ts); the fields shown here. */
export interface AccountUser {
  id: number;
  attributes: {
    full_name: string;
    email: string;
    phone: string | null;
    address_one: string | null;
    address_two: string | null;
    city: string | null;
    state: string | null;
    postal_code: string | null;
    country: string | null;
    uscg_cred: string | null;
    ssn_last4: string | null;
    member_number: string | null;
  };
}

const BASE = "/auth/account/membership";

export async function fetchAccountUser(userId: number, signal: AbortSignal): Promise<AccountUser> {
  const { data } = await api<{ data: AccountUser }>(`/auth/user/${userId}`, { signal });
  return data;
}

export async function fetchMembership(signal?: AbortSignal): Promise<Membership | null> {
  const { data } = await api<{ data: Membership | null }>(BASE, { signal });
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

interface MembershipAnswer {
  data: Membership;
  message: string;
}

const withKey = (key: string) => ({ "Idempotency-Key": key });

/** Starts or renews the membership (charges the card once per key). */
export function startMembership(
  body: { is_annual: boolean; payment_method_id: number },
  key: string,
): Promise<MembershipAnswer> {
  return api(BASE, { body, headers: withKey(key) });
}

export function pauseMembership(
  body: { reason: string; other_reason?: string },
  key: string,
): Promise<MembershipAnswer> {
  return api(`${BASE}/pause`, { body, headers: withKey(key) });
}

export function resumeMembership(key: string): Promise<MembershipAnswer> {
  return api(`${BASE}/resume`, { method: "POST", headers: withKey(key) });
}

export function cancelMembership(key: string): Promise<MembershipAnswer> {
  return api(`${BASE}/cancel`, { method: "DELETE", headers: withKey(key) });
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
