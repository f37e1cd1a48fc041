/** Import requests and answers (decision 0084); the web's import screen `import type`s the types below. */
import { z } from "zod";
import { listOf, listQuery, recordSchema } from "../lib/list.ts";
import { DATE_FORMATS, PHONE_FORMATS } from "./fields.ts";

export const IMPORT_KINDS = ["companies", "members", "memberships", "drug_tests", "store_orders"] as const;

export const IMPORT_MESSAGES = {
  kindInvalid: `kind must be one of: ${IMPORT_KINDS.join(", ")}`,
  fileNameRequired: "file_name is required",
  empty: "The file is empty.",
  notUploaded: "The columns can be mapped again only before the batch is applied.",
  notChecked: "Run the dry run before applying.",
  notApplied: "Only an applied batch can be rolled back.",
  notAppliedClaim: "Claim e-mails go out once the batch is applied.",
  outcomeInvalid: "outcome must be one of: create, update, unchanged, error",
  mappingRequired: (field: string) => `Map a column to ${field}`,
  mappingTwice: "One column is mapped to two fields",
  mappingOutside: "A mapped column is not in the file",
  rollbackBlocked: "This batch cannot be rolled back: records it wrote were changed since.",
  rolledBack: "Batch rolled back",
  claimQueued: (n: number) =>
    n === 0
      ? "Nobody is left to send a claim e-mail to"
      : `${n} claim e-mail${n === 1 ? "" : "s"} being sent`,
  claimRunning: "Claim e-mails for this batch are still being sent.",
} as const;
const M = IMPORT_MESSAGES;

export const UploadQuery = z.object({
  kind: z.enum(IMPORT_KINDS, { error: M.kindInvalid }),
  file_name: z.string({ error: M.fileNameRequired }).trim().min(1, M.fileNameRequired).max(255),
});

export const ExportParam = z.object({ kind: z.enum(IMPORT_KINDS, { error: M.kindInvalid }) });

export const CheckBody = z.object({
  mapping: z.record(z.string(), z.number().int().min(0).max(999)).describe(
    "Product field → the file's column index (0-based)",
  ),
  date_format: z.enum(DATE_FORMATS).default("YYYY-MM-DD"),
  phone_format: z.enum(PHONE_FORMATS).default("as_written"),
});

export const IMPORT_OUTCOMES = ["create", "update", "unchanged", "error"] as const;

const { page, per_page } = listQuery([]).shape;
export const RowsQuery = z.object({
  outcome: z.enum(IMPORT_OUTCOMES, { error: M.outcomeInvalid }).optional().describe(
    "Only the rows with this outcome: what the apply did once it did, else the dry run's verdict",
  ),
  page,
  per_page,
});

const counts = {
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.number().int(),
  warnings: z.number().int(),
};

export const ImportAttributes = z.object({
  kind: z.enum(IMPORT_KINDS),
  status: z.enum(["uploaded", "checking", "checked", "applying", "applied", "rolled_back", "failed"]),
  file_name: z.string(),
  file_sha256: z.string(),
  byte_size: z.number(),
  encoding: z.string(),
  separator: z.string(),
  header: z.array(z.string()),
  mapping: z.record(z.string(), z.number()).nullable(),
  date_format: z.string().nullable(),
  phone_format: z.string().nullable(),
  rows_total: z.number().int().nullable(),
  rows_checked: z.number().int(),
  rows_done: z.number().int(),
  seconds_left: z.number().int().nullable().describe("While applying: from the pace so far"),
  ...counts,
  error: z.string().nullable(),
  created_at: z.string(),
  checked_at: z.string().nullable(),
  applied_at: z.string().nullable(),
  rolled_back_at: z.string().nullable(),
  claim_sent_at: z.string().nullable(),
  claim_sent_count: z.number().int().describe("Claim e-mails sent so far"),
  claim_total: z.number().int().describe(
    "Claim e-mails asked for; while above claim_sent_count, a job sends",
  ),
});
export const ImportRecord = recordSchema("import", ImportAttributes, ["created_by"]);
export const ImportAnswer = z.object({ data: ImportRecord });
export const ImportList = z.object({ data: z.array(ImportRecord) }).describe(
  "The latest 100 batches, newest first",
);

export const Field = z.object({ name: z.string(), required: z.boolean() });
export const UploadAnswer = z.object({
  data: ImportRecord,
  fields: z.array(Field),
  suggested_mapping: z.record(z.string(), z.number()),
  mapping_saved: z.boolean().describe("The suggestion is the mapping last used for a file with this header"),
  sample: z.array(z.array(z.string())).describe("The first rows, to show under each field"),
});

export const ImportRow = z.object({
  row_number: z.number().int(),
  key: z.string().nullable(),
  cells: z.array(z.string()),
  outcome: z.enum(IMPORT_OUTCOMES),
  reason: z.string().nullable(),
  warnings: z.array(z.string()),
  applied_outcome: z.enum(IMPORT_OUTCOMES).nullable(),
  target_id: z.number().int().nullable(),
});
export const RowsAnswer = listOf(ImportRow).describe("One page of the rows in file order, and their total");
export const MessageAnswer = z.object({ message: z.string(), data: ImportRecord });

export type ImportRecordT = z.infer<typeof ImportRecord>;
export type UploadAnswerT = z.infer<typeof UploadAnswer>;
export type ImportRowT = z.infer<typeof ImportRow>;
