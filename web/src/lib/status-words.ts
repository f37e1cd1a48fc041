/**
 * One status vocabulary (issue 23): every membership, order, test, request and export state is shown as a
 * capitalised word with one tone, whichever screen shows it. The server's words (`past_due`, `resulted`) never
 * reach a reader as they are; a word not listed here is still capitalised ("past_due" → "Past due").
 */
import type { ChipTone } from "../components/chip.tsx";

export interface StatusWord {
  label: string;
  tone: ChipTone;
}

const WORDS: Record<string, StatusWord> = {
  // Memberships (admin spec §2 history chips).
  active: { label: "Active", tone: "success" },
  paused: { label: "Paused", tone: "warning" },
  pending: { label: "Pending", tone: "warning" },
  failed: { label: "Failed", tone: "danger" },
  expired: { label: "Expired", tone: "danger" },
  cancelled: { label: "Cancelled", tone: "neutral" },
  inactive: { label: "Inactive", tone: "neutral" },
  // Orders and payments.
  completed: { label: "Completed", tone: "success" },
  refunded: { label: "Refunded", tone: "warning" },
  // A paid order that ships: its fulfilment is its state (api/src/orders/state.ts), as the orders list says.
  "to ship": { label: "To ship", tone: "warning" },
  shipped: { label: "Shipped", tone: "success" },
  delivered: { label: "Delivered", tone: "success" },
  // Drug tests: the outcome in words, never the laboratory's code.
  passed: { label: "Passed", tone: "success" },
  "not passed": { label: "Not passed", tone: "danger" },
  "order failed": { label: "Order failed", tone: "danger" },
  "not ordered": { label: "Not ordered", tone: "neutral" },
  ordered: { label: "Ordered", tone: "warning" },
  collected: { label: "Collected", tone: "warning" },
  resulted: { label: "Resulted", tone: "neutral" },
  exempt: { label: "Exempt", tone: "neutral" },
  // Requests.
  approved: { label: "Approved", tone: "success" },
  rejected: { label: "Rejected", tone: "danger" },
  denied: { label: "Denied", tone: "danger" },
  requested: { label: "Requested", tone: "warning" },
  // Exports.
  building: { label: "Building", tone: "warning" },
  built: { label: "Built", tone: "success" },
};

/** "past_due" → "Past due"; "COMPLETED" → "Completed". */
export function capitalizeWord(word: string): string {
  const spaced = word.replaceAll("_", " ").trim().toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The label and tone of a status, from the server's word or an already worded one. */
export function statusWord(status: string): StatusWord {
  const key = status.replaceAll("_", " ").trim().toLowerCase();
  return WORDS[key] ?? WORDS[key.replaceAll(" ", "_")] ?? { label: capitalizeWord(status), tone: "neutral" };
}

const PASSING = new Set(["negative", "negative_dilute"]);

/**
 * A drug test's state in words for the administrators' tables: the result as Passed / Not passed / Cancelled
 * (never "resulted (negative)"), else the test's own status ("Ordered"), "Not ordered" without a test.
 */
export function testResultWord(test: { status: string; result?: string | null } | null | undefined): string {
  if (!test) return "Not ordered";
  if (test.result === "cancelled" || test.status === "cancelled") return "Cancelled";
  if (test.result) return PASSING.has(test.result) ? "Passed" : "Not passed";
  if (test.status === "failed") return "Order failed";
  return statusWord(test.status).label;
}

/** The roles as the screens name them (issue 37: the users list wrote "admin, der"). */
const ROLE_WORDS: Record<string, string> = { admin: "Administrator", der: "DER", member: "Member" };

/** A user's roles in display words, in the server's order: "Member, Administrator". */
export const roleWords = (roles: readonly string[]): string =>
  roles.map((role) => ROLE_WORDS[role] ?? capitalizeWord(role)).join(", ");
