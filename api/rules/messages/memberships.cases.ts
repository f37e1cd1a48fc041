/**
 * What the membership forms must say for given input: the first message per field, and what the web sends
 * when it accepts. The server's zod schemas (api/src/memberships/messages.test.ts) and the web's valibot forms
 * (web/src/features/memberships/messages.test.ts) each run these, so the two agree without one side
 * importing the other (decision 0055).
 */
import type { Verdicts } from "./auth.cases.ts";
import { MEMBERSHIP_MESSAGES as M } from "./memberships.ts";

/** The pause form's input; the web sends its output, the server reads the same input alike. */
export const PAUSE_CASES: Verdicts = [
  [{}, { reason: M.reasonRequired }],
  [{ reason: "" }, { reason: M.reasonRequired }],
  [{ reason: "   " }, { reason: M.reasonRequired }],
  [{ reason: "Bored" }, { reason: M.reasonRequired }],
  [{ reason: 7 }, { reason: M.reasonRequired }],
  [{ reason: "Other" }, { other_reason: M.otherReasonRequired }],
  [{ reason: "Other", other_reason: "   " }, { other_reason: M.otherReasonRequired }],
  [{ reason: "Other", other_reason: 12 }, { other_reason: M.otherReasonRequired }],
  [{ reason: "Other", other_reason: "x".repeat(501) }, { other_reason: M.otherReasonTooLong }],
  [{ reason: "Other", other_reason: " Dry dock for the winter " }, {}],
  [{ reason: "Currently out of season" }, {}],
  [{ reason: " Joining a different consortium ", other_reason: "ignored" }, {}],
];

/** [form, what the web sends, what the server stores]. */
export const PAUSE_SENT: [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>][] = [
  [
    { reason: "Other", other_reason: " Dry dock " },
    { reason: "Other", other_reason: "Dry dock" },
    { reason: "Dry dock", otherReason: "Dry dock" },
  ],
  [
    { reason: "Currently out of season", other_reason: "x" },
    { reason: "Currently out of season" },
    { reason: "Currently out of season", otherReason: null },
  ],
];

/**
 * [form, what the web sends when it accepts (else null: the server gets the form), issues] of the manual
 * charge (admin §3, §5); the server reads it within `{ type: "manual", membership_type: "annual" }`.
 */
export const MANUAL_CHARGE_CASES: [
  Record<string, unknown>,
  Record<string, unknown> | null,
  Record<string, string>,
][] = [
  [{}, null, { payment_medium: M.paymentMediumRequired, payment_date: M.paymentDateRequired }],
  [{ payment_medium: "", payment_date: "" }, null, {
    payment_medium: M.paymentMediumRequired,
    payment_date: M.paymentDateRequired,
  }],
  [{ payment_medium: "Check Received" }, null, { payment_date: M.paymentDateRequired }],
  [{ payment_date: "2026-11-20" }, null, { payment_medium: M.paymentMediumRequired }],
  [{ payment_medium: "Bitcoin", payment_date: "2026-11-20" }, null, {
    payment_medium: M.paymentMediumRequired,
  }],
  [
    { payment_medium: "Cash Received", payment_date: " 2026-11-20 " },
    { payment_medium: "Cash Received", payment_date: "2026-11-20" },
    {},
  ],
  [{ payment_medium: "Cash Received", payment_date: "tomorrow" }, null, { payment_date: M.dateInvalid }],
];

/**
 * [form, what the web sends when it accepts, issues] of the update form (admin §2, §5). A checkbox sends
 * "on" when ticked and nothing otherwise; when the web refuses, the server gets
 * `{ has_expiration: ticked, date }`.
 */
export const UPDATE_CASES: [
  Record<string, string>,
  Record<string, unknown> | null,
  Record<string, string>,
][] = [
  [{ has_expiration: "on", date: "" }, null, { date: M.expirationDateRequired }],
  [{ has_expiration: "on", date: "   " }, null, { date: M.expirationDateRequired }],
  [{ has_expiration: "on", date: "2028-01-31" }, { has_expiration: true, date: "2028-01-31" }, {}],
  [{ has_expiration: "on", date: "31/01/2028" }, null, { date: M.dateInvalid }],
  [{ date: "2028-01-31" }, { has_expiration: false, date: null }, {}],
  [{}, { has_expiration: false, date: null }, {}],
];
