import { z } from "zod";
import { listOf, listQuery, recordSchema } from "../lib/list.ts";
import { idNumber, idText } from "../lib/params.ts";
import { isDateString } from "../lib/dates.ts";
import {
  EMAIL_PATTERN,
  PASSWORD_MIN_LENGTH,
  PHONE_PATTERN,
  REGISTRATION_MESSAGES as M,
  SSN_PATTERN,
} from "@apca/rules/messages/registration";

export const USER_SORTS = ["first_name", "last_name", "email", "created_at"] as const;

/** The users list's filters (issue 37, decision 0082): the words the web's selects offer. */
export const USER_ROLES = ["admin", "der", "member"] as const;
/** The current membership's status (`@apca/rules/membership-state`), or none. */
export const USER_MEMBERSHIP_STATES = [
  "active",
  "paused",
  "expired",
  "cancelled",
  "pending",
  "failed",
  "none",
] as const;

const joinedDay = (name: string) =>
  z.string().refine(isDateString, { error: `${name} must be a date (YYYY-MM-DD)` }).optional();

export const UserListQuery = listQuery(USER_SORTS).extend({
  search: z.string().trim().max(200, "search is too long").optional()
    .describe("Matches the start of first name, last name or email, or the member number"),
  role: z.enum(USER_ROLES, { error: `role must be one of: ${USER_ROLES.join(", ")}` }).optional()
    .describe("admin; der; member: neither an administrator nor a DER"),
  membership: z.enum(USER_MEMBERSHIP_STATES, {
    error: `membership must be one of: ${USER_MEMBERSHIP_STATES.join(", ")}`,
  }).optional().describe(
    "The status of the user's current membership (failed, pending, cancelled, expired, paused, active, in " +
      "that precedence, on today's coverage day), or none: no membership",
  ),
  company: z.string().trim().max(200, "company is too long").optional()
    .describe("Works for (or represents) a company whose name or DBA contains this (any case)"),
  business_id: idText("business_id must be a positive whole number").optional()
    .describe("Works for (or represents) this business"),
  joined_from: joinedDay("joined_from").describe(
    "Joined on or after this day (office time zone), YYYY-MM-DD",
  ),
  joined_to: joinedDay("joined_to").describe("Joined on or before this day (office time zone), YYYY-MM-DD"),
}).refine((q) => !q.joined_from || !q.joined_to || q.joined_from <= q.joined_to, {
  error: "joined_from must be on or before joined_to",
  path: ["joined_to"],
});
export type UserListParams = z.infer<typeof UserListQuery>;

/** The messages of the administrators' user screens (admin spec §8), shared with the web. */
export const USER_MESSAGES = {
  adminUpdated: "Admin Rights Updated",
  deleted: "User Has Been Deleted",
  resetEmailed: "User Has Been Emailed Reset Password",
  passwordUpdated: "Password Has Been Updated",
  created: "User Has Been Created",
  updated: "User Has Been Updated",
  lastAdmin: "You cannot revoke your own admin rights while you are the last administrator.",
  ownAdmin: "You cannot revoke your own admin rights.",
  cannotDelete:
    "This user cannot be deleted: they are an administrator, the DER of a company, or hold a running membership.",
  deleteSelf: "You cannot delete your own account.",
  alreadyDeleted: "This account has been deleted. Contact the system administrator to restore it.",
  letterUploaded: "Safety Concern Letter Has Been Uploaded",
  letterRemoved: "Has Been Removed",
  letterRequired: "Choose a PDF file to upload (form field 'document').",
  letterNotPdf: "The safety concern letter must be a PDF file.",
  /** Says the limit (issue 37): SAFETY_LETTER_MAX_BYTES, 5 MiB. */
  letterTooLarge: "The safety concern letter is too large: a PDF of at most 5 MiB.",
  noLetter: "This user has no safety concern letter.",
  attachedNew: "User attached to new business",
  attached: "User attached to business",
  alreadyInBusiness: "This user already belongs to that business.",
  businessChoice: "Choose a business, or give the new business a name.",
  businessNameRequired: "Business Name is required!",
} as const;

/** The safety concern letter on a user, if any (admin spec §3 User.safety_document). */
export const SafetyDocument = z.object({
  filename: z.string(),
  byte_size: z.number().int(),
  created_at: z.string(),
}).nullable();

export const UserAttributes = z.object({
  full_name: z.string(),
  first_name: z.string(),
  middle_name: z.string().nullable(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address_one: z.string().nullable(),
  address_two: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
  uscg_cred: z.string().nullable(),
  ssn_last4: z.string().nullable().describe("Only the last 4 digits are ever stored"),
  member_number: z.string().nullable(),
  roles: z.array(z.enum(["admin", "der", "member"])),
  created_at: z.string(),
});

/** GET /auth/user/{id}: the record with every flag of admin spec §3 User. */
export const UserDetailAttributes = UserAttributes.extend({
  can_delete: z.boolean().describe("An administrator may delete this account (see DELETE /auth/user/{id})"),
  can_download_compliance: z.boolean(),
  is_membership_annual: z.boolean().describe("A running annual membership (the Downloads tab)"),
  has_pending_company_request: z.boolean(),
  /** The notification where the pending company request is worked (the warning links to its review). */
  pending_request_notification_id: z.number().int().nullable(),
  /** The primary business (the i3 set-up warning links to its page); null without one. */
  primary_business_id: z.number().int().nullable(),
  is_attached_business: z.boolean(),
  is_primary_business_setup: z.boolean().describe("The primary business is set up in i3"),
  has_duplicate: z.boolean(),
  _deleted: z.boolean(),
  safety_document: SafetyDocument,
});

export const UserRecord = recordSchema("user", UserAttributes);
export const UserDetailRecord = recordSchema("user", UserDetailAttributes);
export const UserList = listOf(UserRecord);

/**
 * A member's change of their own details (public spec §3 "User form fields"; decision 0021 and 0027): only the
 * fields sent change. Phone and address apply at once; names, e-mail, USCG credential and SSN digits identify
 * the donor on the custody form and wait for APCA.
 */
const optionalText = (max = 255) => z.string().trim().max(max).nullish().transform((v) => v || null);
const matchingText = (pattern: RegExp, message: string, max = 255) =>
  optionalText(max).refine((v) => v === null || pattern.test(v), message);

export const PROFILE_MESSAGES = {
  changePending: "Your earlier changes to your account are waiting for APCA approval.",
  nothingToChange: "Nothing to change: the values sent are the ones already on your account.",
} as const;

export const ProfileUpdateBody = z.object({
  first_name: z.string().trim().min(1, M.firstNameRequired).max(255),
  middle_name: optionalText(),
  last_name: z.string().trim().min(1, M.lastNameRequired).max(255),
  email: z.string().trim().toLowerCase().max(254).regex(EMAIL_PATTERN, M.emailInvalid),
  phone: matchingText(PHONE_PATTERN, M.phoneInvalid),
  address_one: optionalText(),
  address_two: optionalText(),
  city: optionalText(),
  state: optionalText(),
  postal_code: optionalText(20),
  country: optionalText(),
  uscg_cred: optionalText(100),
  ssn: matchingText(SSN_PATTERN, M.ssnInvalid, 20).describe("Last 4 digits only"),
}).partial();

const ChangeValues = z.record(z.string(), z.unknown());

export const ProfilePendingChange = z.object({
  notification_id: z.number().int(),
  changes: ChangeValues.describe("The proposed values (ssn as ssn_last4)"),
  previous: ChangeValues.describe("The values they replace"),
  created_at: z.string(),
}).describe("A change of the member's identity waiting for APCA; further changes answer 409 until decided");

export const ProfileAnswer = z.object({
  data: UserRecord,
  pending_request: ProfilePendingChange.nullable(),
});

export const ProfileUpdateAnswer = ProfileAnswer.extend({
  applied: z.array(z.string()).describe("Applied at once (phone and address)"),
  awaiting_approval: z.array(z.string()).describe(
    "Waiting for APCA (names, e-mail, USCG credential, SSN); see pending_request",
  ),
});

export type ProfileUpdateRequest = z.input<typeof ProfileUpdateBody>;
export type ProfileAnswerBody = z.infer<typeof ProfileAnswer>;
export type ProfileUpdateAnswerBody = z.infer<typeof ProfileUpdateAnswer>;
export const UserResponse = z.object({ data: UserDetailRecord });
export const UserMessageResponse = z.object({ data: UserDetailRecord, message: z.string() });
export const MessageResponse = z.object({ message: z.string() });

export const DUPLICATE_SORTS = ["userFirstLastName", "email", "phone"] as const;
export const DuplicateListQuery = listQuery(DUPLICATE_SORTS).extend({
  sort_by: z.enum(["id", ...DUPLICATE_SORTS], {
    error: `sort_by must be one of: id, ${DUPLICATE_SORTS.join(", ")}`,
  }).default("userFirstLastName"),
  sort_dir: z.string().toLowerCase().pipe(z.enum(["asc", "desc"], { error: "sort_dir must be asc or desc" }))
    .default("asc"),
});

const required = (message: string, max = 255) => z.string({ error: message }).trim().min(1, message).max(max);
const optional = z.string().trim().max(255).nullish().transform((v) => v || null);
const password = z.string({ error: M.passwordRequired }).min(1, M.passwordRequired)
  .refine((s) => s === "" || s.length >= PASSWORD_MIN_LENGTH, M.passwordTooShort)
  .max(1024, "Password is too long.");

const profile = {
  email: required(M.emailRequired, 254).refine((s) => s === "" || EMAIL_PATTERN.test(s), M.emailInvalid),
  first_name: required(M.firstNameRequired),
  middle_name: optional,
  last_name: required(M.lastNameRequired),
  phone: z.string().trim().max(40).nullish().transform((v) => v || null)
    .refine((v) => v === null || PHONE_PATTERN.test(v), M.phoneInvalid),
  address_one: optional,
  address_two: optional,
  city: optional,
  state: optional,
  postal_code: optional,
  country: optional,
  uscg_cred: optional,
  ssn_last4: z.string().trim().nullish().transform((v) => v || null)
    .refine((v) => v === null || SSN_PATTERN.test(v), M.ssnInvalid),
};

export const UpdateUserBody = z.object(profile);
export const CreateUserBody = z.object({ ...profile, password });
export type UserProfileInput = z.infer<typeof UpdateUserBody>;

export const AdminRightsBody = z.object({
  data: z.object({ admin: z.boolean({ error: "admin must be true or false" }) }, {
    error: "data.admin is required",
  }),
});

/**
 * The largest safety concern letter kept: 5 MiB. Its upload route has a body limit of its own, this plus room
 * for the multipart framing (desk/users-routes.ts), so the global BODY_LIMIT does not cut it lower; the web's
 * form shows the same number (its type is this one's, through api/src/contract.ts).
 */
export const SAFETY_LETTER_MAX_BYTES = 5_242_880 as const;

export const SetPasswordBody = z.object({ password });

export const AddToBusinessBody = z.object({
  business_id: idNumber("business_id must be a business id").nullish()
    .describe("An existing business; omit to create one"),
  name: z.string().trim().max(255).nullish().describe("The new business's name (when business_id is absent)"),
  is_employee: z.boolean().default(true).describe(
    "Join as an employee; a new business with is_employee false is an individual one the user owns",
  ),
}).superRefine((b, ctx) => {
  if (b.business_id == null && !b.name) {
    ctx.addIssue({ code: "custom", path: ["name"], message: USER_MESSAGES.businessNameRequired });
  }
});
export const AddToBusinessResponse = z.object({
  message: z.string(),
  business_id: z.number().int(),
  created: z.boolean(),
});

// The web's types (api/src/contract.ts re-exports them).
export type UserDetail = z.infer<typeof UserDetailRecord>;
export type UserAnswer = z.infer<typeof UserResponse>;
export type UserMessageAnswer = z.infer<typeof UserMessageResponse>;
export type UserPageAnswer = z.infer<typeof UserList>;
export type UserCreateRequest = z.input<typeof CreateUserBody>;
export type UserUpdateRequest = z.input<typeof UpdateUserBody>;
export type AdminRightsRequest = z.input<typeof AdminRightsBody>;
export type AddToBusinessRequest = z.input<typeof AddToBusinessBody>;
export type AddToBusinessAnswer = z.infer<typeof AddToBusinessResponse>;
export type UserActionAnswer = z.infer<typeof MessageResponse>;
