/**
 * Employees of a business (admin spec §3 "Business user") and the employee request an owner makes (public
 * spec §4: "Employee additions need admin approval"; admin §3 "Employee request notice"). The web's Employees
 * tab, employee detail and Add Employee form read these types (`import type`).
 */
import { z } from "zod";
import { recordSchema } from "../lib/list.ts";
import { matching, text } from "../lib/text-fields.ts";
import {
  EMAIL_PATTERN,
  PHONE_PATTERN,
  REGISTRATION_MESSAGES as M,
  SSN_PATTERN,
} from "@apca/rules/messages/registration";
import { UserAttributes } from "../users/schemas.ts";

export const EMPLOYEE_MESSAGES = {
  firstNameRequired: M.firstNameRequired,
  lastNameRequired: M.lastNameRequired,
  emailInvalid: M.emailInvalid,
  phoneInvalid: M.phoneInvalid,
  ssnInvalid: M.ssnInvalid,
  /** Public spec §6: a DER adds employees only when the business is set up in i3. */
  notInI3: "Please contact APCA to allow new employees to be added",
  alreadyRequested: "A request to add this employee is already waiting for APCA approval.",
  inactive: "Business is inactive.",
  pendingRequest: "This employee has a request waiting for APCA; process it before removing them.",
  pendingRequestMove: "This employee has a request waiting for APCA; process it before moving them.",
  ownerNotRemoved: "The company's owner stays with it; only employees can be removed.",
  ownerNotMoved: "Only employees can be moved; the company's owner stays with it.",
  sameBusiness: "The employee already belongs to this company.",
  notACompany: "Choose one of your companies.",
  targetNotInI3:
    "The other company is not set up in i3 yet; please contact APCA before moving employees to it.",
  removed: "The employee has been removed from the company.",
  moved: "User attached to new business",
  primary: "This company is now the employee's primary business.",
} as const;

/** Add Employee: the user form's fields (public spec §3); an administrator links or creates the user. */
export const EmployeeRequestBody = z.object({
  first_name: z.string({ error: M.firstNameRequired }).trim().min(1, M.firstNameRequired).max(255),
  middle_name: text(),
  last_name: z.string({ error: M.lastNameRequired }).trim().min(1, M.lastNameRequired).max(255),
  email: matching(EMAIL_PATTERN, M.emailInvalid),
  phone: matching(PHONE_PATTERN, M.phoneInvalid),
  address_one: text(),
  address_two: text(),
  city: text(),
  state: text(),
  postal_code: text(20),
  country: text(),
  uscg_cred: text(100),
  ssn: matching(SSN_PATTERN, M.ssnInvalid).describe("Last 4 digits only"),
});

/**
 * The person an employee request names, as the user record has them (users/schemas.ts), except that the
 * e-mail may be missing: an owner may not know it. The administrators' request view shows the same
 * (notifications).
 */
export const RequestedPerson = UserAttributes.pick({
  first_name: true,
  middle_name: true,
  last_name: true,
  email: true,
  phone: true,
  address_one: true,
  address_two: true,
  city: true,
  state: true,
  postal_code: true,
  country: true,
  uscg_cred: true,
}).extend({ email: z.string().nullable() });
export type RequestedPersonFields = z.infer<typeof RequestedPerson>;
const PERSON_FIELDS = RequestedPerson.keyof().options;

/** The RequestedPerson fields of a request's row, in the schema's order (the answers list them so). */
export const requestedPerson = (row: RequestedPersonFields): RequestedPersonFields =>
  Object.fromEntries(PERSON_FIELDS.map((k) => [k, row[k]])) as RequestedPersonFields;

export const EmployeeRequestRecord = recordSchema(
  "employee_request",
  RequestedPerson.extend({
    possible_exists: z.boolean().describe("A user with this e-mail or name seems to exist already"),
    status: z.enum(["pending", "linked", "created", "rejected"]),
    created_at: z.string(),
  }),
  ["business", "owner"],
);
export const EmployeeRequestResponse = z.object({ data: EmployeeRequestRecord });
export const EmployeeRequestList = z.object({ data: z.array(EmployeeRequestRecord) });

export const BusinessUserRecord = recordSchema(
  "business_user",
  z.object({
    user_id: z.number().int(),
    user_first_name: z.string(),
    user_middle_name: z.string().nullable(),
    user_last_name: z.string(),
    user_member_id: z.string().nullable().describe("The member number"),
    user_uscg_cred: z.string().nullable(),
    is_owner: z.boolean(),
    is_employee: z.boolean(),
    is_primary: z.boolean(),
    user_pending_request: z.boolean().describe("A change of the user's details waits for APCA"),
    pending_request: z.boolean().describe("An employee request about this user waits for APCA"),
    user_active_membership: z.boolean(),
    user_is_membership_annual: z.boolean(),
    user_can_download_compliance: z.boolean(),
  }),
  ["business", "user"],
);
export const BusinessUserList = z.object({ data: z.array(BusinessUserRecord) });
export const BusinessUserResponse = z.object({ data: BusinessUserRecord });

export const BusinessUserParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  businessUserId: z.coerce.number().int().positive().max(2_147_483_647),
});

export type EmployeeRequestRequest = z.input<typeof EmployeeRequestBody>;
export type EmployeeRequest = z.infer<typeof EmployeeRequestRecord>;
export type EmployeeRequestAnswer = z.infer<typeof EmployeeRequestResponse>;
export type EmployeeRequestListAnswer = z.infer<typeof EmployeeRequestList>;
export type BusinessUser = z.infer<typeof BusinessUserRecord>;
export type BusinessUserListAnswer = z.infer<typeof BusinessUserList>;
export type BusinessUserAnswer = z.infer<typeof BusinessUserResponse>;

/** Administrator: add an existing user to the business (admin spec §7 "add business user"). */
export const AddBusinessUserBody = z.object({
  user_id: z.number({ error: "user_id is required" }).int().positive().max(2_147_483_647),
  is_employee: z.boolean().default(true).describe("false: an owner who is not tested as its employee"),
  is_owner: z.boolean().default(false),
}).refine((v) => v.is_owner || v.is_employee, {
  path: ["is_employee"],
  message: "A business user is its owner, its employee, or both",
});
export type AddBusinessUserRequest = z.input<typeof AddBusinessUserBody>;
export const ALREADY_LINKED = "This user already belongs to this business.";

/** Update business user's business (public and admin spec §7): move an employee to another company. */
export const MoveBusinessUserBody = z.object({
  business_id: z.number({ error: "business_id is required" }).int().positive().max(2_147_483_647)
    .describe(
      "The company the employee moves to: another of the same DER's (any company, for an administrator)",
    ),
});
export type MoveBusinessUserRequest = z.input<typeof MoveBusinessUserBody>;

export const MoveBusinessUserResponse = z.object({
  data: BusinessUserRecord,
  message: z.string(),
  meta: z.object({
    memberships_carried: z.array(z.number().int()).describe(
      "Memberships the old company paid, now carried by the new",
    ),
    tests_moved: z.array(z.number().int()).describe(
      "Tests not yet ordered, now ordered through the new company",
    ),
    open_orders: z.array(z.string()).describe(
      "i3 orders already placed, which stay at the old company's location",
    ),
  }),
});
export type MoveBusinessUserAnswer = z.infer<typeof MoveBusinessUserResponse>;

export const MessageOnly = z.object({ message: z.string() });
