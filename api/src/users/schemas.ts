import { z } from "zod";
import { listOf, listQuery, recordSchema } from "../lib/list.ts";
import {
  EMAIL_PATTERN,
  PHONE_PATTERN,
  REGISTRATION_MESSAGES as M,
  SSN_PATTERN,
} from "../registration/schemas.ts";

export const USER_SORTS = ["first_name", "last_name", "email", "created_at"] as const;

export const UserListQuery = listQuery(USER_SORTS).extend({
  search: z.string().trim().max(200, "search is too long").optional()
    .describe("Matches the start of first name, last name or email, or the member number"),
});

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

export const UserRecord = recordSchema("user", UserAttributes);
export const UserList = listOf(UserRecord);
export const UserResponse = z.object({ data: UserRecord });

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
