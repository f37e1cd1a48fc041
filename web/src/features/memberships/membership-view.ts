/**
 * How the membership screens word a membership: its status chip, its type, and the actions its state flags
 * offer (public spec §4 "Membership"), for the member's own screens and for an administrator's view of any
 * user's (admin spec §2, §8), which speak of "the member" instead of "you". Pure, so every state is tested
 * without a browser.
 */
import type { ChipTone } from "../../components/chip.tsx";
import type { Membership, MembershipHistoryRow, MembershipStatus, MembershipType } from "@api/contract";
import type { Subject } from "../payments/subject.ts";
import type { ScreenPaths } from "./screens.ts";

/** The texts that differ between the member's own screens and the administrators' (admin spec §8). */
export interface MembershipWords {
  cardTitle: string;
  loading: string;
  loadError: string;
  noMembership: string;
  historyCaption: string;
  historyLoading: string;
  historyError: string;
  /** How a sentence about the membership starts: "Your membership" / "The membership". */
  theMembership: string;
}

export function membershipWords(subject: Subject): MembershipWords {
  if (subject.kind === "self") {
    return {
      cardTitle: "Your membership",
      loading: "Loading your membership…",
      loadError: "Your membership could not be loaded",
      noMembership:
        "You have no membership yet. An annual membership enrols you in the random drug-testing " +
        "program and earns your Letter of Compliance.",
      historyCaption: "Your memberships, newest first",
      historyLoading: "Loading your membership history…",
      historyError: "Your membership history could not be loaded",
      theMembership: "Your membership",
    };
  }
  if (subject.kind === "employee") {
    return {
      cardTitle: "Membership",
      loading: "Loading the membership…",
      loadError: "Unable to load membership details",
      noMembership: "This employee has no membership yet. The company can start one with one of its cards.",
      historyCaption: "The employee's memberships, newest first",
      historyLoading: "Loading the membership history…",
      historyError: "The membership history could not be loaded",
      theMembership: "The membership",
    };
  }
  return {
    cardTitle: "Membership",
    loading: "Loading the membership…",
    loadError: "Unable to load membership details",
    noMembership: "This member has no membership yet.",
    historyCaption: "The member's memberships, newest first",
    historyLoading: "Loading the membership history…",
    historyError: "The membership history could not be loaded",
    theMembership: "The membership",
  };
}

export const TYPE_LABELS: Record<MembershipType, string> = {
  annual: "Annual consortium membership",
  one_time: "One-time drug test",
};

export const STATUS_CHIPS: Record<MembershipStatus, { label: string; tone: ChipTone }> = {
  active: { label: "Active", tone: "success" },
  paused: { label: "Paused", tone: "warning" },
  pending: { label: "Pending", tone: "warning" },
  failed: { label: "Failed", tone: "danger" },
  expired: { label: "Expired", tone: "danger" },
  cancelled: { label: "Cancelled", tone: "neutral" },
};

export interface Chip {
  label: string;
  tone: ChipTone;
}

/**
 * The chips of the membership card: the status, plus Auto-renews while it will renew itself. A paused membership
 * is neither renewed nor charged (decision 0011: the member said they are off the water, and renews on coming
 * back), so its chip says the renewal waits for the resume (issue 37: it still said "Auto-renews").
 */
export function membershipChips(m: Membership["attributes"]): Chip[] {
  const chips: Chip[] = [STATUS_CHIPS[m.status]];
  if (m.autorenew) {
    chips.push({ label: m.is_paused ? "Auto-renewal waits for resume" : "Auto-renews", tone: "neutral" });
  }
  return chips;
}

/**
 * The card's "Automatic renewal" line. Paused: the rule of decision 0011 in words, since a paused term still runs
 * to its end (the pause does not lengthen it) and nothing is charged while paused.
 */
export function autorenewWords(m: Membership["attributes"], own: boolean): string {
  if (!m.autorenew) return "Off";
  const card = own ? "your" : "the member's";
  if (m.is_paused) {
    return `On, but on hold while paused: a paused membership is not renewed or charged. The term still ends ` +
      `on its date; once resumed, it renews with ${card} default card as usual.`;
  }
  return `On: renews with ${card} default card`;
}

/**
 * The history table's chips (admin spec §2 "Membership history table": Failed and Cancelled), plus Expired,
 * Paused or Active so that a row without a chip never leaves its state to be guessed.
 */
export function historyChips(row: MembershipHistoryRow["attributes"]): Chip[] {
  const chips: Chip[] = [];
  if (row.failed) chips.push(STATUS_CHIPS.failed);
  if (row.cancelled) chips.push(STATUS_CHIPS.cancelled);
  if (chips.length === 0) chips.push(STATUS_CHIPS[row.status]);
  return chips;
}

export interface MembershipAction {
  key: "renew" | "pause" | "resume" | "cancel";
  label: string;
  href: string;
  /** Shown as the main button. */
  primary?: boolean;
}

/** The actions the server's flags allow, in the order a member most likely wants them. */
export function membershipActions(membership: Membership | null, paths: ScreenPaths): MembershipAction[] {
  if (!membership) return [{ key: "renew", label: "Start Membership", href: paths.new, primary: true }];
  const m = membership.attributes;
  const actions: MembershipAction[] = [];
  if (m.can_resume) {
    actions.push({ key: "resume", label: "Resume Membership", href: paths.resume, primary: true });
  }
  if (m.can_renew) {
    actions.push({ key: "renew", label: "Renew Membership", href: paths.new, primary: !m.can_resume });
  }
  if (m.can_pause) actions.push({ key: "pause", label: "Pause Membership", href: paths.pause });
  if (m.can_cancel) actions.push({ key: "cancel", label: "Cancel Membership", href: paths.cancel });
  return actions;
}

/** Why renewing is not offered right now, for the /new screen; null when it is. */
export function renewalBlocked(
  membership: Membership | null,
  formatDay: (d: string) => string,
  words: Pick<MembershipWords, "theMembership"> = { theMembership: "Your membership" },
): string | null {
  if (!membership || membership.attributes.can_renew) return null;
  const m = membership.attributes;
  const it = words.theMembership;
  switch (m.status) {
    case "paused":
      return `${it} is paused. Resume it before renewing.`;
    case "pending":
      return `A payment for ${it.toLowerCase()} is still being processed.`;
    default:
      if (m.renewable_from && m.expire_at) {
        return `${it} runs until ${formatDay(m.expire_at)}. It can be renewed from ${
          formatDay(m.renewable_from)
        }.`;
      }
      return `${it} does not need renewing yet.`;
  }
}
