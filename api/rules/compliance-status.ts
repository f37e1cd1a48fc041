/**
 * Who may have a Letter of Compliance: the one place this rule lives (`@apca/rules/compliance-status`, decision
 * 0055). Routes, the user and business records (`can_download_compliance`, `user_can_download_compliance`),
 * the verification page and the web's dashboard all ask here.
 *
 * The rule: an ANNUAL membership that has started, is not pending, has not failed, is not cancelled, expires
 * today or later (or never), and is not paused right now (no open membership_pauses row). "Today" is the
 * coverage day (UTC-12, dates.ts): an expiry date covers the whole of that date wherever the mariner is.
 *
 * A payment dispute never revokes it (49 CFR 40.355: a C/TPA may not withhold a document the member is
 * entitled to over a payment dispute). That is why the rule reads only the membership's own lifecycle and never
 * an order, a charge or a refund: a chargeback or a failed renewal charge is a billing matter for the office,
 * and must not be modelled by flipping `failed` or `cancelled` on a membership that was already paid and
 * active. Only a membership whose initial payment failed (it never became active) counts as failed here.
 */
import { type DateString, type MembershipType, termLapsed } from "./dates.ts";

export interface MembershipFacts {
  id: number;
  type: MembershipType;
  starts_at: Date;
  /** 'YYYY-MM-DD', or null for a membership without an expiry date. */
  expire_at: DateString | null;
  pending: boolean;
  failed: boolean;
  cancelled: boolean;
  /** An open pause (paused, not yet resumed) at the time asked about. */
  paused: boolean;
}

export type CoverageStatus = "active" | "paused" | "expired" | "cancelled" | "none";

/** Whether this membership earns a Letter of Compliance at `now`. */
export function earnsCompliance(m: MembershipFacts, now: Date): boolean {
  return m.type === "annual" && !m.pending && !m.failed && !m.cancelled && !m.paused &&
    m.starts_at <= now && !termLapsed(m.expire_at, now);
}

/** The pure rule: true when some membership earns a letter. */
export function canDownloadComplianceFrom(memberships: MembershipFacts[], now: Date): boolean {
  return memberships.some((m) => earnsCompliance(m, now));
}

/** The membership a letter covers: the earning one that runs longest (no expiry counts as longest). */
export function coveringMembership(memberships: MembershipFacts[], now: Date): MembershipFacts | null {
  const earning = memberships.filter((m) => earnsCompliance(m, now));
  earning.sort((a, b) =>
    (b.expire_at ?? "9999-12-31").localeCompare(a.expire_at ?? "9999-12-31") || b.id - a.id
  );
  return earning[0] ?? null;
}

/**
 * The member's annual coverage now, for the verification answer: active when a letter could be issued now;
 * otherwise paused (a running membership on hold), cancelled or expired (the latest one's fate), or none.
 */
export function coverageStatus(memberships: MembershipFacts[], now: Date): CoverageStatus {
  const annual = memberships.filter((m) =>
    m.type === "annual" && !m.pending && !m.failed && m.starts_at <= now
  );
  if (annual.some((m) => earnsCompliance(m, now))) return "active";
  if (annual.some((m) => m.paused && !m.cancelled && !termLapsed(m.expire_at, now))) return "paused";
  const latest =
    [...annual].sort((a, b) =>
      (b.expire_at ?? "9999-12-31").localeCompare(a.expire_at ?? "9999-12-31") || b.id - a.id
    )[0];
  if (!latest) return "none";
  return latest.cancelled ? "cancelled" : "expired";
}
