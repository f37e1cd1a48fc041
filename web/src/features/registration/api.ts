/** The registration wizard's calls (public spec §7). Account creation signs the new user in (cookie). */
import type {
  AnalyticsEvent,
  ComplianceKitRequest,
  RegistrationAnswer,
  RegistrationMembershipRequest,
  SessionUser,
} from "@api/contract";
import { session } from "../../lib/session.ts";
import { call } from "../../lib/typed-api.ts";
import type { DerRegistration, MemberRegistration } from "./schemas.ts";

/**
 * Spec §3: null, empty and undefined values are dropped before sending. The wizard's schemas require the
 * required fields to be filled, so only optional ones go and the payload keeps its type.
 */
export function compact<T extends object>(payload: T): T {
  return Object.fromEntries(
    Object.entries(payload).filter(([, value]) => value !== null && value !== undefined && value !== ""),
  ) as T;
}

/** Creates the account; the server sets the session cookie, the token in the answer is not kept. */
async function createAccount(send: () => Promise<RegistrationAnswer>): Promise<SessionUser> {
  const { user: created } = await send();
  // A new member or DER has no second factor (decision 0043).
  const user: SessionUser = { ...created, second_factor: "off" };
  session.value = user;
  return user;
}

export const registerMember = (payload: MemberRegistration) =>
  createAccount(() =>
    call("/register/member/account").POST({ body: compact(payload), redirectOn401: false })
  );
export const registerDer = (payload: DerRegistration) =>
  createAccount(() => call("/register/der/account").POST({ body: compact(payload), redirectOn401: false }));

/** Starts the new member's membership; `idempotencyKey` makes a repeated request charge at most once. */
export function startMembership(
  body: RegistrationMembershipRequest,
  idempotencyKey: string,
): Promise<unknown> {
  return call("/register/member/membership").POST({ body, headers: { "Idempotency-Key": idempotencyKey } });
}

/** Buys the DER's compliance kit; `idempotencyKey` makes a repeated request charge at most once. */
export function buyComplianceKit(
  body: ComplianceKitRequest,
  idempotencyKey: string,
): Promise<unknown> {
  return call("/register/der/compliance").POST({ body, headers: { "Idempotency-Key": idempotencyKey } });
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
    await call("/analytics/events").POST({ body, redirectOn401: false });
  } catch {
    // deliberately ignored
  }
}
