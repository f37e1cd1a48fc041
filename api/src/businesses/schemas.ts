/**
 * Business requests and answers (public spec §3 "Business attributes", admin spec §3 "Company/business"),
 * the one contract the web's business screens read: they `import type` the exported types below. Messages are
 * the specifications' (admin §5 "New company", public §5 "Approval form"); the patterns are registration's.
 */
import { z } from "zod";
import { listOf, listQuery, recordSchema } from "../lib/list.ts";
import { matching, text } from "../lib/text-fields.ts";
import { COMPANY_FIELD_MESSAGES as M, EMAIL_PATTERN, PHONE_PATTERN } from "@apca/rules/messages/registration";

/** The compliance kit's refusal for a company without a DER (public spec §6, admin §6), said before any card. */
export const NO_DER_MESSAGE = "ERROR: No DER Attached To Business";

export const BUSINESS_MESSAGES = {
  nameRequired: M.companyNameRequired,
  taxIdRequired: M.companyTaxIdRequired,
  phoneInvalid: M.phoneInvalid,
  emailInvalid: M.emailInvalid,
  llcNameRequired: M.llcNameRequired,
  reasonRequired: "A reason for deactivating is required",
  /** A change waits for an administrator: the member sees why they cannot edit (decision 0021). */
  changePending: "Your earlier changes to this business are waiting for APCA approval.",
  notApproved: "This company is waiting for APCA approval and cannot be changed yet.",
  onlyOwner: "Only the business's owner can do this.",
  nothingToDecide: "This change has already been decided.",
} as const;

/**
 * The fields of the business forms (member and admin, and the administrators' set-up of a requested company in
 * notifications/schemas.ts), each optional here; create requires the name.
 */
export const BusinessFields = z.object({
  name: z.string({ error: M.companyNameRequired }).trim().min(1, M.companyNameRequired).max(255),
  dba_name: text(),
  email: matching(EMAIL_PATTERN, M.emailInvalid),
  phone: matching(PHONE_PATTERN, M.phoneInvalid),
  tax_id: text(50).describe("EIN"),
  address_one: text(),
  address_two: text(),
  city: text(),
  state: text(),
  country: text(),
  postal_code: text(20),
  po_box: text(50),
  is_llc: z.boolean().optional(),
  llc_name: text(),
});

/** An LLC names itself: llc_name is required when is_llc is set. */
export const llcRule = (v: { is_llc?: boolean; llc_name?: string | null }, ctx: z.RefinementCtx) => {
  if (v.is_llc && !v.llc_name) {
    ctx.addIssue({ code: "custom", path: ["llc_name"], message: M.llcNameRequired });
  }
};

/** Add business. A company needs its tax id; an individual (self-employed) business only a name. */
export const BusinessCreateBody = BusinessFields.extend({
  is_individual: z.boolean().default(false).describe("A self-employed member's own business"),
}).superRefine((v, ctx) => {
  if (!v.is_individual && !v.tax_id) {
    ctx.addIssue({ code: "custom", path: ["tax_id"], message: M.companyTaxIdRequired });
  }
  llcRule(v, ctx);
});

/** Admin: add business, optionally naming its DER (who becomes its owner). */
export const AdminBusinessCreateBody = BusinessFields.extend({
  is_individual: z.boolean().default(false),
  der_user_id: z.number().int().positive().max(2_147_483_647).nullish()
    .describe("The user who runs the company's program; becomes its owner"),
}).superRefine((v, ctx) => {
  if (!v.is_individual && !v.tax_id) {
    ctx.addIssue({ code: "custom", path: ["tax_id"], message: M.companyTaxIdRequired });
  }
  llcRule(v, ctx);
});

/** Manage business: only the fields sent change. A company's tax id cannot be emptied. */
export const BusinessUpdateBody = BusinessFields.partial().superRefine((v, ctx) => {
  if ("tax_id" in v && v.tax_id === null) {
    ctx.addIssue({ code: "custom", path: ["tax_id"], message: M.companyTaxIdRequired });
  }
  llcRule(v, ctx);
});

export const DeactivateBody = z.object({
  reason: z.string({ error: "A reason for deactivating is required" }).trim()
    .min(1, "A reason for deactivating is required").max(500),
});

export const DecideChangeBody = z.object({ approved: z.boolean() });

export const BUSINESS_SORTS = ["name", "created_at", "is_active"] as const;
export const BUSINESS_KINDS = ["company", "individual", "all"] as const;
export const BUSINESS_I3_STATES = ["set_up", "failed", "not_set_up"] as const;
export const BusinessListQuery = listQuery(BUSINESS_SORTS).extend({
  search: z.string().trim().max(200, "search is too long").optional()
    .describe("Part of the name, DBA, e-mail, phone or tax id (any case)"),
  not_individual: z.enum(["true", "false"]).optional().describe("true: companies only (as kind=company)"),
  // The filters of issue 37 (decision 0082), each optional and combined with AND.
  kind: z.enum(BUSINESS_KINDS, { error: `kind must be one of: ${BUSINESS_KINDS.join(", ")}` }).optional()
    .describe("company, individual (a self-employed member's own business) or all; wins over not_individual"),
  active: z.enum(["true", "false"], { error: "active must be true or false" }).optional(),
  i3: z.enum(BUSINESS_I3_STATES, { error: `i3 must be one of: ${BUSINESS_I3_STATES.join(", ")}` }).optional()
    .describe("set_up; failed: the last set-up failed (i3_setup_error); not_set_up: neither, never tried"),
  der: z.enum(["yes", "none"], { error: "der must be yes or none" }).optional()
    .describe("yes: a DER is named; none: no DER"),
});

const ChangeFields = z.record(z.string(), z.unknown());

export const PendingChange = z.object({
  notification_id: z.number().int(),
  changes: ChangeFields.describe("The proposed values"),
  previous: ChangeFields.describe("The values they replace"),
  created_at: z.string(),
}).describe("A change waiting for an administrator; editing is blocked until it is decided");

export const ActivationEntry = z.object({
  id: z.number().int(),
  is_active: z.boolean(),
  reason: z.string().nullable(),
  actor_user_id: z.number().int().nullable(),
  created_at: z.string(),
});

export const BusinessRecord = recordSchema(
  "business",
  z.object({
    name: z.string(),
    business_name: z.string().nullable(),
    dba_name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    tax_id: z.string().nullable().describe("Only its owner and administrators see it; null for others"),
    address_one: z.string().nullable(),
    address_two: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string().nullable(),
    postal_code: z.string().nullable(),
    po_box: z.string().nullable(),
    is_llc: z.boolean(),
    llc_name: z.string().nullable(),
    is_owner: z.boolean().describe("The caller owns it (DER or self-employed owner)"),
    is_active: z.boolean(),
    business_deactivation_reason: z.string().nullable(),
    is_individual: z.boolean(),
    is_i3_setup: z.boolean(),
    i3_location_code: z.string().nullable().describe("Administrators only (null for others): i3's code"),
    i3_setup_error: z.string().nullable().describe(
      "Administrators only (null for others): what the last failed i3 set-up said, until 'Resend to i3' works",
    ),
    has_compliance_kit: z.boolean(),
    compliance_kit_blocked: z.string().nullable().describe(
      "Why the compliance kit cannot be bought now ('ERROR: No DER Attached To Business' for a company " +
        "without a DER), or null: said before any card is asked for",
    ),
    has_pending_new_company_approval: z.boolean().describe(
      "Shown as 'Not Approved' until an administrator acts",
    ),
    business_has_pending_new_employee_request: z.boolean(),
    business_pending_request: PendingChange.nullable(),
    employee_id: z.number().int().nullable().describe("The caller's business-user id in it, if any"),
    created_at: z.string().describe("When it was added (ISO 8601)"),
    activation_history: z.array(ActivationEntry).describe("Owners and administrators only; [] for others"),
  }),
  ["der"],
);
export const BusinessList = z.object({ data: z.array(BusinessRecord) });
export const BusinessPage = listOf(BusinessRecord);
export const BusinessResponse = z.object({ data: BusinessRecord });

/** Answer of a member's add business: the business (a company shows 'Not Approved' until approved). */
export const BusinessCreated = BusinessResponse;

export type Business = z.infer<typeof BusinessRecord>;
export type BusinessAnswer = z.infer<typeof BusinessResponse>;
export type BusinessListAnswer = z.infer<typeof BusinessList>;
export type BusinessPageAnswer = z.infer<typeof BusinessPage>;
export type BusinessCreateRequest = z.input<typeof BusinessCreateBody>;
export type AdminBusinessCreateRequest = z.input<typeof AdminBusinessCreateBody>;
export type BusinessUpdateRequest = z.input<typeof BusinessUpdateBody>;
export type DeactivateRequest = z.input<typeof DeactivateBody>;
export type BusinessListParams = z.input<typeof BusinessListQuery>;

/** Answer of manage business: which fields applied at once and which wait for an administrator. */
export const BusinessUpdateAnswerSchema = z.object({
  data: BusinessRecord,
  applied: z.array(z.string()).describe("Applied at once (contact details; everything for an administrator)"),
  awaiting_approval: z.array(z.string()).describe(
    "Waiting for APCA (name, DBA, tax id, LLC); see business_pending_request",
  ),
});
export type BusinessUpdateAnswer = z.infer<typeof BusinessUpdateAnswerSchema>;

export const BusinessDeleted = z.object({
  data: z.object({
    id: z.number().int(),
    records_kept: z.boolean().describe("true: soft-deleted, its tests, memberships and requests kept"),
  }),
});
export type BusinessDeletedAnswer = z.infer<typeof BusinessDeleted>;

/** A drug test as a company's DER sees it: the summary only, never the laboratory's panel (49 CFR 40.321). */
export const BusinessTestRecord = recordSchema(
  "drug_test",
  z.object({
    date: z.string(),
    reason: z.string(),
    status: z.string(),
    result: z.string().nullable(),
    passed: z.boolean().nullable(),
    user_id: z.number().int(),
    user_full_name: z.string(),
  }),
);
export const BusinessTestPage = listOf(BusinessTestRecord);
export const BusinessTestQuery = listQuery(["date"]).extend({
  user_id: z.coerce.number().int().positive().max(2_147_483_647).optional()
    .describe("One employee's tests under this company"),
});
export type BusinessTest = z.infer<typeof BusinessTestRecord>;
export type BusinessTestPageAnswer = z.infer<typeof BusinessTestPage>;
