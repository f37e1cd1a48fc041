/**
 * The caller's membership calls that the account screens and the offline outbox (offline/sync.ts) both make:
 * read it, and pause, resume or cancel it. Each change carries an Idempotency-Key (the outbox keeps one per
 * change, so a replay is applied once).
 */
import type { Membership, MembershipAnswer, PauseMembershipRequest } from "@api/contract";
import { api } from "./api.ts";

export const MEMBERSHIP_PATH = "/auth/account/membership";

export const withKey = (key: string) => ({ "Idempotency-Key": key });

export async function fetchMembership(signal?: AbortSignal): Promise<Membership | null> {
  const { data } = await api<{ data: Membership | null }>(MEMBERSHIP_PATH, { signal });
  return data;
}

export function pauseMembership(body: PauseMembershipRequest, key: string): Promise<MembershipAnswer> {
  return api(`${MEMBERSHIP_PATH}/pause`, { body, headers: withKey(key) });
}

export function resumeMembership(key: string): Promise<MembershipAnswer> {
  return api(`${MEMBERSHIP_PATH}/resume`, { method: "POST", headers: withKey(key) });
}

export function cancelMembership(key: string): Promise<MembershipAnswer> {
  return api(`${MEMBERSHIP_PATH}/cancel`, { method: "DELETE", headers: withKey(key) });
}
