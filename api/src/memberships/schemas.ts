/**
 * Membership payloads and answers (public spec §3, admin spec §3, §5, §9), with the specifications' messages.
 * The web's forms use the same texts (`@apca/rules/messages/memberships`).
 */
import { z } from "zod";
import { isDateString } from "../lib/dates.ts";
import { listOf, listQuery, recordSchema } from "../lib/list.ts";
import { idNumber } from "../lib/params.ts";
import { PAYMENT_ERROR_DOCS } from "../orders/schemas.ts";
import {
  MEMBERSHIP_MESSAGES,
  OTHER_REASON_MAX,
  PAUSE_REASONS,
  PAYMENT_MEDIUMS,
} from "@apca/rules/messages/memberships";

// The words and choices live once in the shared rules member (decision 0055).
export { MEMBERSHIP_MESSAGES, PAUSE_REASONS, PAYMENT_MEDIUMS };

const M = MEMBERSHIP_MESSAGES;

/** A real calendar date written 'YYYY-MM-DD'. */
export const dateString = (message: string = M.dateInvalid) =>
  z.string({ error: message }).refine(isDateString, message);

const paymentMethodId = idNumber("payment_method_id must be a card id", M.paymentMethodRequired);

/** The member's start or renewal (public §3 "Membership payload"). */
export const StartBody = z.object({
  is_annual: z.boolean({ error: "is_annual is required" }),
  payment_method_id: paymentMethodId,
});

/** The administrator's Setup/Renew Membership form (admin §2, §3 "Order form", §5). */
export const AdminStartBody = z.object({
  type: z.enum(["card", "manual"], { error: "type must be card or manual" }).default("card")
    .describe("card: charge one of the member's saved cards; manual: record a payment taken elsewhere."),
  payment_method_id: z.unknown().optional().describe("The member's card (type card)."),
  payment_medium: z.unknown().optional().describe(`type manual: one of ${PAYMENT_MEDIUMS.join(", ")}.`),
  payment_date: z.unknown().optional().describe("type manual: the day the payment was taken, YYYY-MM-DD."),
  is_annual: z.boolean().optional().describe("Annual or one-time; membership_type may be sent instead."),
  membership_type: z.enum(["annual", "one_time"]).optional(),
  expiration_date: z.unknown().optional().describe(
    "YYYY-MM-DD: overrides the default expiry (a year after the current term, or from today).",
  ),
  order_test: z.unknown().optional().describe(
    "Drug testing rule: 'null' (automatic rules), 'true' (order a test), 'false' (do not order one); " +
      "booleans and null are accepted too. Stored on the membership for the drug-test ordering.",
  ),
}).transform((input, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  const v = input as Record<string, unknown>;
  const type = input.membership_type ??
    (input.is_annual === undefined ? undefined : input.is_annual ? "annual" : "one_time");
  if (!type) issue("membership_type", M.membershipTypeRequired);
  let payment: { type: "card"; payment_method_id: number } | {
    type: "manual";
    payment_medium: (typeof PAYMENT_MEDIUMS)[number];
    payment_date: string;
  } | undefined;
  if (input.type === "card") {
    const id = paymentMethodId.safeParse(v.payment_method_id);
    if (!id.success) issue("payment_method_id", id.error.issues[0].message);
    else payment = { type: "card", payment_method_id: id.data };
  } else {
    const medium = z.enum(PAYMENT_MEDIUMS).safeParse(v.payment_medium);
    if (!medium.success) issue("payment_medium", M.paymentMediumRequired);
    const date = blank(v.payment_date) ? undefined : dateString().safeParse(v.payment_date);
    if (!date) issue("payment_date", M.paymentDateRequired);
    else if (!date.success) issue("payment_date", M.dateInvalid);
    if (medium.success && date?.success) {
      payment = { type: "manual", payment_medium: medium.data, payment_date: date.data };
    }
  }
  let expirationDate: string | null = null;
  if (!blank(v.expiration_date)) {
    const date = dateString().safeParse(v.expiration_date);
    if (!date.success) issue("expiration_date", M.dateInvalid);
    else expirationDate = date.data;
  }
  const rule = v.order_test;
  const orderTest = rule === true || rule === "true"
    ? true
    : rule === false || rule === "false"
    ? false
    : null;
  if (!(rule === undefined || rule === null || rule === "null" || orderTest !== null)) {
    issue("order_test", "order_test must be 'null', 'true' or 'false'");
  }
  if (!type || !payment) return z.NEVER;
  return { membershipType: type, payment, expirationDate, orderTest };
});

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** Pause form (admin §3, §5, §9): the free text of 'Other' replaces the reason when stored. */
export const PauseBody = z.object({
  reason: z.unknown().optional().describe(`One of: ${PAUSE_REASONS.join(", ")}.`),
  other_reason: z.unknown().optional().describe("Required when reason is Other; stored as the reason."),
}).transform((input, ctx) => {
  const reason = typeof input.reason === "string" ? input.reason.trim() : "";
  if (!(PAUSE_REASONS as readonly string[]).includes(reason)) {
    ctx.addIssue({ code: "custom", path: ["reason"], message: M.reasonRequired });
    return z.NEVER;
  }
  if (reason !== "Other") return { reason, otherReason: null };
  const other = typeof input.other_reason === "string" ? input.other_reason.trim() : "";
  if (other === "") {
    ctx.addIssue({ code: "custom", path: ["other_reason"], message: M.otherReasonRequired });
    return z.NEVER;
  }
  if (other.length > OTHER_REASON_MAX) {
    ctx.addIssue({ code: "custom", path: ["other_reason"], message: M.otherReasonTooLong });
    return z.NEVER;
  }
  return { reason: other, otherReason: other };
});

/** The administrators' update form (admin §2, §5): an expiry date exactly when has_expiration. */
export const UpdateBody = z.object({
  date: z.unknown().optional().describe("YYYY-MM-DD; required when has_expiration; ignored otherwise."),
  has_expiration: z.boolean({ error: "has_expiration must be true or false" }).optional()
    .describe("Defaults to whether a date is sent."),
}).transform((input, ctx) => {
  const hasExpiration = input.has_expiration ?? !blank(input.date);
  if (!hasExpiration) return { hasExpiration, date: null };
  if (blank(input.date)) {
    ctx.addIssue({ code: "custom", path: ["date"], message: M.expirationDateRequired });
    return z.NEVER;
  }
  const date = dateString().safeParse(input.date);
  if (!date.success) {
    ctx.addIssue({ code: "custom", path: ["date"], message: M.dateInvalid });
    return z.NEVER;
  }
  return { hasExpiration, date: date.data };
});

/** The update form's question before saving: what would this expiry do (decision 0041)? */
export const UpdatePreviewQuery = z.object({
  date: z.string().max(10, M.dateInvalid).optional().describe("YYYY-MM-DD; required when has_expiration."),
  has_expiration: z.enum(["true", "false"], { error: "has_expiration must be true or false" }).optional()
    .describe("Defaults to whether a date is sent."),
}).transform((input, ctx) => {
  const body = UpdateBody.safeParse({
    date: input.date,
    has_expiration: input.has_expiration === undefined ? undefined : input.has_expiration === "true",
  });
  if (!body.success) {
    for (const issue of body.error.issues) {
      ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    }
    return z.NEVER;
  }
  return body.data;
});

export const UpdatePreviewAnswer = z.object({
  data: z.object({
    expire_at: z.string().nullable().describe("The expiry after the edit"),
    autorenew: z.boolean().describe("Whether autorenew is on after the edit"),
    ends_now: z.boolean().describe("The edit ends the term on the office day or earlier; it is not renewed"),
    renewal_charge_on: z.string().nullable().describe(
      "The day autorenewal would charge the member's card (the term's own end), or null: nothing is charged",
    ),
    message: z.string().describe("The consequence in words, shown before saving"),
  }),
});

export const PauseWarningSchema = z.object({
  paused_days: z.number().int(),
  window_days: z.number().int(),
  extra_test_due: z.string().describe("YYYY-MM-DD: from this day the member needs an extra drug test."),
}).nullable().describe(
  "Present when the member's paused days in the trailing window (settings: 185) reach the warning " +
    "threshold (settings: 125): an extra drug test is required (46 CFR 16.210(b)(2)).",
);

export const PauseOutlookSchema = z.object({
  paused_days: z.number().int().describe("Paused days already within the window ending today"),
  window_days: z.number().int(),
  warning_days: z.number().int(),
  days_to_reach: z.number().int().describe("Days a pause begun today must last (today included) to reach it"),
  reached_on: z.string().describe("YYYY-MM-DD: the day it would reach the threshold if still paused"),
}).nullable().describe(
  "Where the member can pause now: what a pause begun today would lead to, the day its paused days within " +
    "the window (settings: 185) would reach the threshold (settings: 125) and an extra drug test be due.",
);

export const MembershipRecord = recordSchema(
  "membership",
  z.object({
    type: z.enum(["annual", "one_time"]),
    created_at: z.string().describe("ISO timestamp"),
    expire_at: z.string().nullable().describe("YYYY-MM-DD, the last covered day; null without expiry"),
    has_expiration: z.boolean(),
    is_renewal: z.boolean(),
    price_cents: z.number().int(),
    failed: z.boolean(),
    failure_reason: z.string().nullable().describe("The processor's message when a renewal charge failed"),
    cancelled: z.boolean(),
    cancelled_at: z.string().nullable(),
    is_renewable: z.boolean().describe("Same as can_renew (the specification's name)"),
    is_pending: z.boolean(),
    is_paused: z.boolean(),
    paused_at: z.string().nullable().describe("Start of the current pause"),
    pause_reason: z.string().nullable(),
    autorenew: z.boolean().describe("Renews itself at expiry with the member's default card"),
    order_test: z.boolean().nullable().describe(
      "Admin drug testing rule: null automatic, true order, false not",
    ),
    status: z.enum(["failed", "pending", "cancelled", "expired", "paused", "active"]),
    expired: z.boolean(),
    renewable_from: z.string().nullable().describe("First day an active annual membership may be renewed"),
    can_renew: z.boolean(),
    can_pause: z.boolean(),
    can_resume: z.boolean(),
    can_cancel: z.boolean(),
    can_update: z.boolean(),
    pause_warning: PauseWarningSchema,
    pause_outlook: PauseOutlookSchema,
    account_deletion_warning: z.boolean().describe(
      "The company paid for this membership and the member has no card of their own: if the company " +
        "cancels it, the member's account is deleted in 30 days unless they add a card (public spec §6).",
    ),
    account_deletion_at: z.string().nullable().describe(
      "ISO timestamp: when the member's account is to be deleted (a company cancelled), unless they add a card",
    ),
  }),
  ["user", "order", "business"],
);

export const MembershipAnswer = z.object({ data: MembershipRecord.nullable() });
export const MembershipMessageAnswer = z.object({ data: MembershipRecord, message: z.string() });

export const HistoryQuery = listQuery(["created_at", "expire_at", "type"]);

export const HistoryRecord = recordSchema(
  "membership",
  z.object({
    type: z.enum(["annual", "one_time"]),
    created_at: z.string(),
    expire_at: z.string().nullable(),
    has_expiration: z.boolean(),
    is_renewal: z.boolean(),
    price_cents: z.number().int(),
    failed: z.boolean(),
    cancelled: z.boolean(),
    expired: z.boolean(),
    status: z.enum(["failed", "pending", "cancelled", "expired", "paused", "active"]),
    order_number: z.string().nullable(),
  }),
);

export const HistoryList = listOf(HistoryRecord);

/** Documented error answers shared by the member's and the administrators' routes. */
export const CONFLICT_DOC = "MEMBERSHIP_CONFLICT: the membership's state does not allow this; error says why";
export const PAYMENT_ERRORS = {
  ...PAYMENT_ERROR_DOCS,
  404: "No such user, or the payment method is not one of the member's cards",
  409: `${CONFLICT_DOC} (e.g. an active membership outside the renewal window)`,
};

const positiveId = (name: string) =>
  z.coerce.number({ error: `${name} must be a positive whole number` })
    .int(`${name} must be a positive whole number`).positive(`${name} must be a positive whole number`)
    .max(2_147_483_647, `${name} must be a positive whole number`);

/** /auth/business/{id}/employee/{eid}: the company and the employee's user id. */
export const CompanyEmployeeParam = z.object({ id: positiveId("id"), eid: positiveId("eid") });

/** A company's start of its employee's membership, paid with one of the company's cards. */
export const CompanyStartBody = z.object({
  is_annual: z.boolean({ error: "is_annual is required" }),
  payment_method_id: paymentMethodId.describe(
    "One of the company's cards (GET /auth/business/{id}/payment-methods)",
  ),
});
