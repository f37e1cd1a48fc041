/**
 * What a membership is, and what may be done with it, derived from its row by one pure function: the record
 * the web reads, the service's checks and the tests all ask here (`@apca/rules/membership-state`, decision
 * 0055). The rules the specification leaves open are decided in docs/decisions/0011-membership-lifecycle.md.
 */
import { addDays, type DateString, type MembershipType } from "./dates.ts";

/** Days before expiry from which an active annual membership may be renewed. */
export const RENEWAL_WINDOW_DAYS = 30;

/** The row facts the state depends on. */
export interface MembershipFacts {
  type: MembershipType;
  /** 'YYYY-MM-DD', or null for a membership without an expiry date. */
  expire_at: DateString | null;
  pending: boolean;
  failed: boolean;
  cancelled: boolean;
  autorenew: boolean;
  /** An open pause (paused and not yet resumed). */
  paused: boolean;
}

/** One word for the membership, in this precedence: failed, pending, cancelled, expired, paused, active. */
export type MembershipStatus = "failed" | "pending" | "cancelled" | "expired" | "paused" | "active";

export interface MembershipState {
  status: MembershipStatus;
  /** expire_at is before today. */
  expired: boolean;
  /** Paused right now (a cancelled or expired membership is not "paused", whatever its pauses say). */
  is_paused: boolean;
  /** The first day renewal is offered for an active annual membership; null when that does not apply. */
  renewable_from: DateString | null;
  can_renew: boolean;
  can_pause: boolean;
  can_resume: boolean;
  can_cancel: boolean;
  /** The administrators' "Update Membership Details": offered unless failed or cancelled (admin spec §4). */
  can_update: boolean;
  /** Will be renewed automatically at expiry. */
  autorenew: boolean;
}

export type MembershipAction = "renew" | "pause" | "resume" | "cancel" | "update";

function statusOf(m: MembershipFacts, expired: boolean): MembershipStatus {
  if (m.failed) return "failed";
  if (m.pending) return "pending";
  if (m.cancelled) return "cancelled";
  if (expired) return "expired";
  return m.paused ? "paused" : "active";
}

/** The state of a membership on `today`: the coverage day (dates.ts `coverageDay`), as for the letter. */
export function membershipState(m: MembershipFacts, today: DateString): MembershipState {
  const expired = m.expire_at !== null && m.expire_at < today;
  const status = statusOf(m, expired);
  const renewable_from = status === "active" && m.type === "annual" && m.expire_at !== null
    ? addDays(m.expire_at, -RENEWAL_WINDOW_DAYS)
    : null;
  const can_renew = status === "failed" || status === "cancelled" || status === "expired" ||
    (status === "active" &&
      (m.type === "one_time" || (renewable_from !== null && renewable_from <= today)));
  return {
    status,
    expired,
    is_paused: status === "paused",
    renewable_from,
    can_renew,
    can_pause: status === "active" && m.type === "annual",
    can_resume: status === "paused",
    can_cancel: status === "active" || status === "paused" || status === "pending",
    can_update: !m.failed && !m.cancelled,
    autorenew: m.autorenew && (status === "active" || status === "paused"),
  };
}

/**
 * Why `action` is refused for this membership, in words for the member (the offline outbox shows them as is);
 * null when it is allowed. A member without any membership may start one and do nothing else (the service
 * answers 404 for the rest).
 */
export function refusal(action: MembershipAction, m: MembershipFacts, today: DateString): string | null {
  const s = membershipState(m, today);
  switch (action) {
    case "renew":
      if (s.can_renew) return null;
      if (s.status === "pending") return "A payment for this membership is still being processed.";
      if (s.status === "paused") return "Resume your paused membership before renewing it.";
      if (m.expire_at === null) return "This membership does not expire, so it does not need renewing yet.";
      return `Your membership runs until ${m.expire_at}. It can be renewed from ${s.renewable_from}.`;
    case "pause":
      if (s.can_pause) return null;
      if (s.status === "paused") return "This membership is already paused.";
      if (s.status === "cancelled") return "This membership has been cancelled, so it cannot be paused.";
      if (s.status === "expired") {
        return "This membership has expired, so it cannot be paused. Renew it first.";
      }
      if (s.status === "failed") return "The payment for this membership failed, so it cannot be paused.";
      if (s.status === "pending") return "This membership is awaiting payment, so it cannot be paused yet.";
      return "Only an annual membership can be paused.";
    case "resume":
      if (s.can_resume) return null;
      if (s.status === "cancelled") {
        return "This membership has been cancelled, so it cannot be resumed. Start a new membership instead.";
      }
      if (s.status === "expired") return "This membership has expired. Renew it instead of resuming it.";
      return "This membership is not paused, so there is nothing to resume.";
    case "cancel":
      if (s.can_cancel) return null;
      if (s.status === "cancelled") return "This membership has already been cancelled.";
      if (s.status === "expired") return "This membership has already expired; there is nothing to cancel.";
      return "The payment for this membership failed; there is nothing to cancel.";
    case "update":
      if (s.can_update) return null;
      return s.status === "failed"
        ? "The payment for this membership failed, so its details cannot be updated."
        : "This membership has been cancelled, so its details cannot be updated.";
  }
}
