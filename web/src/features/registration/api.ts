/** The registration wizard's calls (public spec §7). Account creation signs the new user in (cookie). */
import type {
  AnalyticsEvent,
  ComplianceKitRequest,
  RegistrationAnswer,
  RegistrationMembershipRequest,
  SessionUser,
} from "@api/contract";
import { api } from "../../lib/api.ts";
import { session } from "../../lib/session.ts";
import type { DerRegistration, MemberRegistration } from "./schemas.ts";

/** Spec §3: null, empty and undefined values are dropped before sending. */
export function compact<T extends object>(payload: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(payload).filter(([, value]) => value !== null && value !== undefined && value !== ""),
  ) as Partial<T>;
}

/** Creates the account; the server sets the session cookie, the token in the answer is not kept. */
async function createAccount(path: string, payload: object): Promise<SessionUser> {
  const { user: created } = await api<RegistrationAnswer>(path, {
    body: compact(payload),
    redirectOn401: false,
  });
  // A new member or DER has no second factor (decision 0043).
  const user: SessionUser = { ...created, second_factor: "off" };
  session.value = user;
  return user;
}

export const registerMember = (payload: MemberRegistration) =>
  createAccount("/register/member/account", payload);
export const registerDer = (payload: DerRegistration) => createAccount("/register/der/account", payload);

/** Starts the new member's membership; `idempotencyKey` makes a repeated request charge at most once. */
export function startMembership(
  body: RegistrationMembershipRequest,
  idempotencyKey: string,
): Promise<unknown> {
  return api("/register/member/membership", { body, headers: { "Idempotency-Key": idempotencyKey } });
}

/** Buys the DER's compliance kit; `idempotencyKey` makes a repeated request charge at most once. */
export function buyComplianceKit(
  body: ComplianceKitRequest,
  idempotencyKey: string,
): Promise<unknown> {
  return api("/register/der/compliance", { body, headers: { "Idempotency-Key": idempotencyKey } });
}

/** A step of the registration funnel (the server's list of events). */
export type FunnelEvent = AnalyticsEvent["name"];

/**
 * Records a step of the registration funnel (signed-in only, so the events start with the account).
 * Analytics never stand in the way: a failure is ignored.
 */
export async function track(name: FunnelEvent, props: Record<string, string | boolean>): Promise<void> {
  try {
    const body: AnalyticsEvent = { name, props };
    await api("/analytics/events", { body, redirectOn401: false });
  } catch {
    // deliberately ignored
  }
}
