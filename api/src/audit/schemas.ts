/**
 * The audit record read back (issue 24 item 6, decision 0062): the Audit screen's list and filters, a record's
 * History (the same list narrowed to one subject), and the CSV export.
 */
import { z } from "zod";
import { isDateString } from "../lib/dates.ts";
import { listOf, listQuery, recordSchema } from "../lib/list.ts";
import { idText } from "../lib/params.ts";

const day = z.string().refine(isDateString, "Enter the date as YYYY-MM-DD").optional();

export const AuditFilterSchema = z.object({
  actor: idText("actor must be a user id").optional().describe("The user who acted"),
  action: z.string().trim().max(80, "action must be at most 80 characters").optional()
    .describe("An action name, e.g. membership_paused, order_shipped"),
  entity: z.string().trim().max(40, "entity must be at most 40 characters").optional()
    .describe("The subject's kind: user, business, membership, order, random_pool, ..."),
  entity_id: idText("entity_id must be a positive whole number").optional()
    .describe("The subject's id (with entity): that record's History"),
  from: day.describe("On or after this day (YYYY-MM-DD, UTC)"),
  to: day.describe("On or before this day (YYYY-MM-DD, UTC)"),
  reads: z.enum(["include", "exclude"], { message: "reads must be include or exclude" }).optional()
    .describe(
      "exclude: leave out the rows of administrators' reads (action admin.request: every administrator screen " +
        "leaves them, decision 0044), so the changes stand out; include (the default): every row",
    ),
});
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

export const AuditQuery = listQuery([]).extend(AuditFilterSchema.shape);

export const AuditRecord = recordSchema(
  "audit_entry",
  z.object({
    action: z.string(),
    entity: z.string(),
    entity_id: z.string().nullable(),
    actor_name: z.string().nullable().describe("Who acted; null for the system (a job, a renewal)"),
    ip: z.string().nullable().describe("From where"),
    request_id: z.string().nullable(),
    created_at: z.string(),
    summary: z.string().describe("What was done, in words"),
    changes: z.array(z.object({ field: z.string(), before: z.string(), after: z.string() }))
      .describe("Before → after, for the fields the action changed"),
    detail: z.record(z.string(), z.unknown()),
  }),
  ["actor"],
);
export const AuditList = listOf(AuditRecord);

export type AuditPageAnswer = z.infer<typeof AuditList>;
export type AuditEntry = AuditPageAnswer["data"][number];
export type AuditListQuery = z.input<typeof AuditQuery>;

/** One look at a member's records by someone else (decision 0093), as the member reads it. */
export const RecordViewRecord = recordSchema(
  "record_view",
  z.object({
    at: z.string().describe("When (ISO 8601)"),
    by: z.enum(["administrator", "company"]).describe("Who looked: APCA's staff, or a company (its DER)"),
    who: z.string().describe("A staff member by first name and role, a company by its name"),
    record: z.enum(["letter", "tests", "selection_notice"])
      .describe("What: the Letter of Compliance, the tests (or the last test), a random selection notice"),
    how: z.enum(["viewed", "downloaded"]),
    summary: z.string().describe("The line in words, e.g. 'Gulf Coast Towing LLC viewed your tests'"),
  }),
);
export const RecordViewList = listOf(RecordViewRecord);
export type RecordView = z.infer<typeof RecordViewRecord>;
