/**
 * What the member dashboard says about a membership: one label, the dates, the next steps and whether the
 * Letter of Compliance is offered. Pure, so every state is tested without a browser.
 */
import type { ChipTone } from "../../components/chip.tsx";
import { formatDay } from "../../lib/dates.ts";
import type { Membership } from "@api/contract";

export interface NextStep {
  href: string;
  label: string;
  /** The step the member most likely wants (shown as the main button). */
  primary?: boolean;
}

export interface MembershipSummary {
  label: string;
  tone: ChipTone;
  /** Sentences under the label: expiry, renewal, what is happening. */
  details: string[];
  steps: NextStep[];
  /** Mirrors the server's one rule (api/src/compliance/status.ts): annual, active, not paused. */
  letterAllowed: boolean;
}

const BASE = "/app/account/membership";
export const START_STEP: NextStep = { href: `${BASE}/new`, label: "Start your membership", primary: true };

export function summarizeMembership(membership: Membership | null): MembershipSummary {
  if (!membership) {
    return {
      label: "No membership",
      tone: "neutral",
      details: ["You are not enrolled in the random drug-testing program yet."],
      steps: [START_STEP],
      letterAllowed: false,
    };
  }
  const m = membership.attributes;
  const annual = m.type === "annual";
  const expiry = m.expire_at ? formatDay(m.expire_at) : null;
  const details: string[] = [];
  let label: string;
  let tone: ChipTone;
  switch (m.status) {
    case "active":
      label = annual ? "Active annual membership" : "One-time test membership";
      tone = "success";
      details.push(expiry ? `Covered through ${expiry}.` : "Covered with no expiry date.");
      if (annual) {
        details.push(m.autorenew ? "Renews automatically." : "Does not renew automatically.");
      }
      break;
    case "paused":
      label = "Paused";
      tone = "warning";
      details.push("You are out of the random pool until you resume.");
      if (expiry) details.push(`The membership runs until ${expiry}.`);
      break;
    case "pending":
      label = "Pending";
      tone = "warning";
      details.push("Your payment is being processed. This page will show your membership once it clears.");
      break;
    case "failed":
      label = "Payment failed";
      tone = "danger";
      details.push("The payment for your membership did not go through, so you are not covered.");
      break;
    case "expired":
      label = "Expired";
      tone = "danger";
      details.push(expiry ? `Your membership expired on ${expiry}.` : "Your membership has expired.");
      break;
    case "cancelled":
      label = "Cancelled";
      tone = "neutral";
      details.push("Your membership has been cancelled.");
      break;
  }

  const steps: NextStep[] = [];
  if (m.can_resume) steps.push({ href: `${BASE}/resume`, label: "Resume your membership", primary: true });
  if (m.can_renew) {
    steps.push({ href: `${BASE}/new`, label: "Renew your membership", primary: !m.can_resume });
  }
  steps.push({ href: `${BASE}/details`, label: "Membership details" });

  return { label, tone, details, steps, letterAllowed: annual && m.status === "active" };
}
