/**
 * The administrators' notification center (admin spec §2 "Admin Notification Center", §3 the notification and
 * request entities, §7 "Notifications"): requests and answers. The web's dashboard reads the exported types
 * (`import type` through api/src/contract.ts).
 */
import { z } from "zod";
import type { NotificationType } from "../db/types.ts";
import { BusinessFields, llcRule } from "../businesses/schemas.ts";
import { EmployeeRequestBody, RequestedPerson } from "../employees/schemas.ts";
import { listQuery, recordSchema } from "../lib/list.ts";
import { idNumber, idText } from "../lib/params.ts";
import { isDateString } from "../lib/dates.ts";
import { EMAIL_PATTERN, REGISTRATION_MESSAGES as M } from "../registration/schemas.ts";
import { UserAttributes } from "../users/schemas.ts";

export const NOTIFICATION_TYPES = [
  "REGISTRATION",
  "UPDATE_USER",
  "NEW_VESSEL",
  "UPDATE_VESSEL",
  "UPDATE_BUSINESS",
  "NEW_ORDER",
  "MEMBERSHIP_PAUSED",
  "MEMBERSHIP_CANCELLED",
  "NEW_EMPLOYEE_REQUEST",
  "NEW_BUSINESS_REQUEST",
  "EMPLOYEE_REQUEST_BATCH",
] as const satisfies readonly NotificationType[];

/** The center's five categories and the notification types each lists (and counts). */
export const CATEGORIES = {
  registration: ["REGISTRATION"],
  changes: [
    "UPDATE_USER",
    "UPDATE_BUSINESS",
    "NEW_VESSEL",
    "UPDATE_VESSEL",
    "NEW_BUSINESS_REQUEST",
    "NEW_EMPLOYEE_REQUEST",
    "EMPLOYEE_REQUEST_BATCH",
  ],
  paused: ["MEMBERSHIP_PAUSED"],
  store: ["NEW_ORDER"],
  cancelled: ["MEMBERSHIP_CANCELLED"],
} as const satisfies Record<string, readonly NotificationType[]>;
export type Category = keyof typeof CATEGORIES;

/** The spec's toasts (admin §8), answered as `message` so the web shows the server's words. */
export const NOTIFICATION_MESSAGES = {
  ordered: "Successfully ordered drug test",
  archivedRegistration: "Successfully archived registration notification",
  deletedRegistration: "Successfully deleted registration notification",
  locSent: "Successfully sent LOC",
  training: "Successfully updated company training",
  archivedCancelled: "Successfully archived cancelled membership notification",
  archivedPaused: "Successfully archived paused membership notification",
  resumed: "Successfully resumed paused membership",
  approved: "Member Request Approved",
  refused: "Member Request Refused",
  archived: "Successfully archived notification",
  companyApproved: "Company Request Approved",
  linkedUser: "Successfully linked to existing user",
  addedUser: "Successfully added new user to company",
  /** Two administrators work one queue: the second one's stale action is refused with this. */
  alreadyProcessed: "This notification was already processed by another administrator.",
  noBusiness: "This registration has no business yet: set up or link its company first.",
  notDer: "Company training applies to a DER's registration only.",
  noRequest: "This notification has no company request waiting.",
  noEmployeeRequest: "This notification has no employee request waiting.",
  notAChange: "Only change requests are approved.",
  duplicate: "The company submitted seems to be a possible duplicate in our database...",
  linkChoice: "Please indicate whether this is a new company or link it to an existing company.",
  declined: "Request declined; the requester was told why.",
  needsReview: "This change waits for a decision: open it to approve or decline it.",
  reasonRequired: "Give the reason for declining (the requester reads it).",
  reopened: "Notification reopened",
  /** Two administrators reopen one notification: the second one is told it is open already. */
  alreadyOpen: "This notification is open already: another administrator may have reopened it.",
  decidedNotReopened:
    "This notification records a decision (approved, declined, linked or created): it stays " +
    "archived.",
} as const;

const yesNo = z.enum(["true", "false", "1", "0"], { error: "archived must be true or false" })
  .transform((v) => v === "true" || v === "1");

const day = (name: string) =>
  z.string().refine(isDateString, { error: `${name} must be a date (YYYY-MM-DD)` }).optional()
    .describe(`${name === "from" ? "First" : "Last"} day of the range (office time zone), YYYY-MM-DD`);
/** The center's search (issue 24): a name, e-mail, member number, company (name or DBA) or order number. */
const SearchFields = {
  q: z.string().max(100, { error: "q must be at most 100 characters" }).optional()
    .describe("Name, e-mail, member number, company name or DBA, or order number"),
  from: day("from"),
  to: day("to"),
};
export const NotificationListQuery = listQuery([]).extend({
  archived: yesNo.default(false),
  business_id: idText("business_id must be a positive whole number").optional()
    .describe("Only the notifications about this business (its page lists its pending changes)"),
  types: z.string().optional().transform((v, ctx) => {
    if (!v) return undefined;
    const list = v.split(",").map((s) => s.trim()).filter(Boolean);
    const bad = list.filter((t) => !(NOTIFICATION_TYPES as readonly string[]).includes(t));
    if (bad.length) {
      ctx.addIssue({ code: "custom", message: `types must be among: ${NOTIFICATION_TYPES.join(", ")}` });
      return z.NEVER;
    }
    return list as NotificationType[];
  }).describe("Comma-separated notification types"),
  ...SearchFields,
});
export const ArchivedListQuery = listQuery([]).extend({ archived: yesNo.default(false), ...SearchFields });

const when = z.string().nullable();
const listMeta = z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int() });

export const CountsAnswer = z.object({
  data: z.object({
    registration: z.number().int(),
    changes: z.number().int(),
    paused: z.number().int(),
    store: z.number().int(),
    cancelled: z.number().int(),
  }),
});

export const NotificationRecord = recordSchema(
  "notification",
  z.object({
    type: z.enum(NOTIFICATION_TYPES),
    meta: z.record(z.string(), z.unknown()),
    approved: z.boolean().nullable(),
    archived_at: when,
    created_at: z.string(),
    trigger_user_id: z.number().int().nullable(),
    trigger_user_first_name: z.string().nullable(),
    trigger_user_last_name: z.string().nullable(),
    /** Whom the notification is about: the member (an order's buyer), or the person an employee request names. */
    subject_name: z.string().nullable(),
    user_id: z.number().int().nullable(),
    business_id: z.number().int().nullable(),
    vessel_id: z.number().int().nullable(),
    /** The company or employee request behind a request notification, and whether it is still waiting. */
    request_id: z.number().int().nullable(),
    request_pending: z.boolean(),
  }),
  ["user", "business", "order"],
);
export const NotificationPage = z.object({ data: z.array(NotificationRecord), meta: listMeta });
export const NotificationAnswer = z.object({ data: NotificationRecord });

export const RegistrationRecord = recordSchema(
  "registration_notification",
  z.object({
    type: z.enum(["DER", "independent", "company_employee"]),
    user_id: z.number().int(),
    user_name: z.string(),
    member_number: z.string().nullable(),
    business_id: z.number().int().nullable(),
    business_name: z.string().nullable(),
    created_at: z.string(),
    business_approved_at: when,
    paid_at: when,
    company_training_at: when,
    drug_test_at: when,
    loc_sent_at: when,
    drug_test_status: z.string().nullable(),
    drug_test_passed: z.boolean().describe("negative and negative dilute count as passed"),
    is_annual: z.boolean().nullable(),
    membership_created: z.boolean().describe("A membership approved and paid"),
    compliance_paid: z.boolean().describe("DER: the company's compliance kit is paid"),
    business_request_id: z.number().int().nullable().describe("The company request still waiting"),
    employee_request_notification_id: z.number().int().nullable().describe(
      "The NEW_EMPLOYEE_REQUEST notification of an employee request still waiting that this member filed as " +
        "an owner or that names them: 'Review employee request' opens it",
    ),
    archived_at: when,
  }),
  ["user", "business"],
);
export const RegistrationPage = z.object({ data: z.array(RegistrationRecord), meta: listMeta });

export const PausedRecord = recordSchema(
  "paused_notification",
  z.object({
    user_id: z.number().int(),
    user_name: z.string(),
    member_number: z.string().nullable(),
    reason: z.string().nullable(),
    paused_at: when,
    resumed_at: when,
    archived_at: when,
  }),
  ["user"],
);
export const PausedPage = z.object({ data: z.array(PausedRecord), meta: listMeta });

export const Done = z.object({ message: z.string() });

const Reason = z.string({ error: NOTIFICATION_MESSAGES.reasonRequired }).trim()
  .min(3, { error: NOTIFICATION_MESSAGES.reasonRequired }).max(1000, {
    error: "The reason is at most 1000 characters",
  });

export const DecideBody = z.object({
  approved: z.boolean({ error: "approved must be true or false" }),
  /** Why a change is refused; mailed to the requester. */
  reason: Reason.optional(),
});

export const DeclineBody = z.object({ reason: Reason });

export const BulkBody = z.object({
  action: z.enum(["archive", "approve"], { error: "action must be archive or approve" }),
  ids: z.array(idNumber("ids must be notification ids"), { error: "ids must be a list of notification ids" })
    .min(1, { error: "Choose at least one notification" }).max(100, { error: "At most 100 at once" }),
});

export const BulkAnswer = z.object({
  message: z.string(),
  data: z.array(z.object({
    id: z.number().int(),
    ok: z.boolean(),
    code: z.string().optional(),
    message: z.string(),
  })),
});

export const LinkCompanyBody = z.object({ business_id: idNumber("business_id is required") });
export const LinkUserBody = z.object({ user_id: idNumber("user_id is required") });

/** Set up the business from a request (admin §5 "New company", "Approval form"): the business form's fields. */
export const NewCompanyBody = BusinessFields.extend({
  is_llc: z.boolean().default(false),
  convert: z.boolean().default(false)
    .describe("Turn the request into the other kind (a company into a self-employed business, or back)"),
}).superRefine(llcRule);

/**
 * Create the user an employee request names: the owner's request form (employees/schemas.ts) without the SSN
 * digits, and the e-mail now required, since it is the new user's sign-in.
 */
export const NewEmployeeBody = EmployeeRequestBody.omit({ ssn: true }).extend({
  email: z.string({ error: M.emailInvalid }).trim().regex(EMAIL_PATTERN, M.emailInvalid),
  convert: z.boolean().default(false).describe("Add them as an independent member instead of an employee"),
});

export const DuplicateRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  dba_name: z.string().nullable(),
  tax_id: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  /** An inactive company (deactivated by the office) is still a duplicate; the wizard shows its status. */
  is_active: z.boolean(),
  score: z.number().int(),
  matched: z.array(z.enum(["name", "tax_id", "phone", "email"])),
});
export const DuplicatesAnswer = z.object({
  data: z.array(DuplicateRecord),
  request: z.object({
    id: z.number().int(),
    is_company: z.boolean(),
    user_id: z.number().int(),
    user_name: z.string(),
    business_id: z.number().int().nullable(),
    business_name: z.string(),
    business_dba: z.string().nullable(),
    business_address_one: z.string().nullable(),
    business_address_two: z.string().nullable(),
    business_city: z.string().nullable(),
    business_state: z.string().nullable(),
    business_country: z.string().nullable(),
    business_postal_code: z.string().nullable(),
    business_po_box: z.string().nullable(),
    business_phone: z.string().nullable(),
    business_email: z.string().nullable(),
    business_tax_id: z.string().nullable(),
    business_is_llc: z.boolean(),
    business_llc_name: z.string().nullable(),
    status: z.string(),
  }),
  message: z.string().nullable(),
});

export const BusinessRequestAnswer = z.object({
  data: z.object({
    id: z.number().int(),
    notification_id: z.number().int().nullable().describe("The notification the wizard's actions take"),
    status: z.string(),
  }),
});
export type BusinessRequestRef = z.infer<typeof BusinessRequestAnswer>["data"];

/** An existing user the request may name, as the user record has them (users/schemas.ts). */
export const UserCandidate = z.object({
  id: z.number().int(),
  ...UserAttributes.pick({ first_name: true, last_name: true, email: true, member_number: true, phone: true })
    .shape,
  /** What this user shares with the requested person; the candidates come best first. */
  match: z.array(z.enum(["email", "name", "phone", "credential"])),
  /** The same e-mail, or the same name with the same phone or credential: the desk preselects it. */
  strong: z.boolean(),
});
export const EmployeeRequestAnswer = z.object({
  data: z.object({
    id: z.number().int(),
    notification_id: z.number().int(),
    company_id: z.number().int(),
    company_name: z.string(),
    owner_id: z.number().int().nullable(),
    owner_name: z.string().nullable(),
    user: RequestedPerson,
    possible_exists: z.boolean(),
    status: z.string(),
    candidates: z.array(UserCandidate),
  }),
});

export type NotificationCounts = z.infer<typeof CountsAnswer>["data"];
export type NotificationItem = z.infer<typeof NotificationRecord>;
export type NotificationPageAnswer = z.infer<typeof NotificationPage>;
export type RegistrationItem = z.infer<typeof RegistrationRecord>;
export type RegistrationPageAnswer = z.infer<typeof RegistrationPage>;
export type PausedItem = z.infer<typeof PausedRecord>;
export type PausedPageAnswer = z.infer<typeof PausedPage>;
export type DoneAnswer = z.infer<typeof Done>;
export type DuplicateCompany = z.infer<typeof DuplicateRecord>;
export type DuplicatesAnswerBody = z.infer<typeof DuplicatesAnswer>;
export type NewCompanyRequest = z.input<typeof NewCompanyBody>;
export type NewEmployeeRequest = z.input<typeof NewEmployeeBody>;
export type EmployeeRequestReview = z.infer<typeof EmployeeRequestAnswer>["data"];
