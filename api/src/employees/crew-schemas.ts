/**
 * A DER's crew list (decision 0086): the preview of an uploaded or pasted list, row by row, and the submit that
 * files its usable rows as employee requests in one go. Each row is checked with Add Employee's own schema
 * (EmployeeRequestBody) and its messages; the rules only a list has are named here.
 */
import { z } from "zod";
import { EmployeeRequestBody } from "./schemas.ts";

export const CREW_MESSAGES = {
  listedTwice: (row: number) => `This person is listed twice in the file (row ${row}).`,
  alreadyEmployee: "Already on this company's crew list.",
  emailToInvite:
    "Add the e-mail address to invite someone new, or the last four SSN digits of an existing APCA member.",
  noFile: "Choose a CSV file or paste the list.",
  tooLarge: "A crew list file is at most 1 MB.",
  submitted: (n: number) => `${n} employee request${n === 1 ? "" : "s"} sent to APCA for approval.`,
  notUsable: "Some rows cannot be used; remove them or correct the list and preview it again.",
} as const;

/** The most bytes a crew list upload may have (this route's own body limit). */
export const CREW_LIST_MAX_BYTES = 1024 * 1024;

const Issue = z.object({ path: z.string(), message: z.string() });

/** The person as the row names them: Add Employee's fields, as text (null when empty). */
const RowFields = z.object({
  first_name: z.string().nullable(),
  middle_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address_one: z.string().nullable(),
  address_two: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
  uscg_cred: z.string().nullable(),
  ssn: z.string().nullable().describe("Last 4 digits only"),
});

export const CrewMatch = z.object({
  user_id: z.number().int(),
  name: z.string(),
  member_number: z.string().nullable(),
  matched_by: z.enum(["email", "name_ssn"]).describe(
    "email: the same e-mail; name_ssn: the same first and last name with the same last four SSN digits",
  ),
});

export const CrewRow = z.object({
  row: z.number().int().describe("The row's number as a spreadsheet numbers it (the header is row 1)"),
  status: z.enum(["existing", "new", "error"]).describe(
    "existing: matches an APCA member, who is linked on approval; new: invited as a new member on approval; " +
      "error: cannot be used (issues say why)",
  ),
  fields: RowFields,
  match: CrewMatch.nullable(),
  issues: z.array(Issue),
});
export type CrewRowRecord = z.infer<typeof CrewRow>;

export const CrewPreviewResponse = z.object({
  data: z.array(CrewRow),
  meta: z.object({
    file_name: z.string().nullable(),
    existing: z.number().int(),
    new: z.number().int(),
    error: z.number().int(),
  }),
});
export type CrewPreviewAnswer = z.infer<typeof CrewPreviewResponse>;

/** One row to file: its number in the list and Add Employee's body. */
export const CrewSubmitRow = EmployeeRequestBody.extend({
  row: z.number({ error: "row is required" }).int().positive().max(1_000_000),
});

export const CrewSubmitBody = z.object({
  upload_key: z.uuid({ error: "upload_key must be a UUID" }).describe(
    "The client's key for this upload: the same upload submitted again files nothing more",
  ),
  file_name: z.string().trim().max(255).nullable().default(null),
  rows: z.array(CrewSubmitRow).min(1, "Choose at least one row to send.").max(500, "At most 500 rows."),
});
export type CrewSubmitRequest = z.input<typeof CrewSubmitBody>;

export const CrewBatchRecord = z.object({
  id: z.number().int(),
  type: z.literal("employee_request_batch"),
  attributes: z.object({
    company_id: z.number().int(),
    company_name: z.string(),
    owner_name: z.string().nullable(),
    file_name: z.string().nullable(),
    request_count: z.number().int(),
    notification_id: z.number().int().nullable(),
    created_at: z.string(),
  }),
});

export const CrewSubmitResponse = z.object({ data: CrewBatchRecord, message: z.string() });
export type CrewSubmitAnswer = z.infer<typeof CrewSubmitResponse>;

/** The administrators' view of one batch: its requests, each with the member it matched. */
export const BatchRequest = z.object({
  id: z.number().int(),
  first_name: z.string(),
  middle_name: z.string().nullable(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  uscg_cred: z.string().nullable(),
  status: z.enum(["pending", "linked", "created", "rejected"]),
  match: CrewMatch.omit({ matched_by: true }).nullable().describe(
    "The member the row matched (linked on approval)",
  ),
  user_id: z.number().int().nullable().describe("The user it was linked to or created as, once approved"),
});

export const BatchResponse = z.object({
  data: CrewBatchRecord.extend({
    attributes: CrewBatchRecord.shape.attributes.extend({
      archived: z.boolean().describe("Every request of the batch has been decided"),
      requests: z.array(BatchRequest),
    }),
  }),
});
export type BatchAnswer = z.infer<typeof BatchResponse>;

export const BatchDecisionBody = z.object({
  request_ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(500).optional().describe(
    "The requests to decide; without it, every request of the batch still waiting",
  ),
});
export const BatchDeclineBody = BatchDecisionBody.extend({
  reason: z.string({ error: "Please give a reason" }).trim().min(1, "Please give a reason").max(1000),
});
export type BatchDecisionRequest = z.input<typeof BatchDecisionBody>;
export type BatchDeclineRequest = z.input<typeof BatchDeclineBody>;

export const BatchDecisionResponse = BatchResponse.extend({ message: z.string() });
export type BatchDecisionAnswer = z.infer<typeof BatchDecisionResponse>;

export const BATCH_MESSAGES = {
  approved: (n: number) => `${n} employee request${n === 1 ? "" : "s"} approved`,
  declined: (n: number) => `${n} employee request${n === 1 ? "" : "s"} declined`,
  notInBatch: "Choose requests of this upload.",
} as const;
