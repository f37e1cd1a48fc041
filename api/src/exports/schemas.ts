/**
 * Export requests and answers (admin spec §2 "Export wizard", §3 "Export", §5): the wizard's body, the list
 * and one export with its progress. The web's export screens `import type` the types at the end.
 */
import { z } from "zod";
import { isDateString } from "../lib/dates.ts";
import { listOf, listQuery, recordSchema } from "../lib/list.ts";
import { idNumber } from "../lib/params.ts";
import { TEST_REASONS } from "../drug-tests/schemas.ts";
import { COVERAGE_FILTERS } from "@apca/rules/company-compliance";

export const EXPORT_TYPES = ["users", "transactions", "i3_tests", "expired_memberships", "mis"] as const;

export const EXPORT_MESSAGES = {
  typeRequired: "Export type is required",
  typeInvalid: "Please select an export type",
  dateInvalid: "Enter the date as YYYY-MM-DD",
  rangeOrder: "The start date must be on or before the end date",
  yearRequired: "Year is required",
  yearInvalid: "Year must be between 2000 and 2100",
  reasonInvalid: "Please select a test reason",
  notFailed: "Only a failed export can be run again.",
  tooManyQueued: (n: number) =>
    `You already have ${n} export${n === 1 ? "" : "s"} being built. Try again once one has finished.`,
  notBuilt: "This export is not built yet.",
  expired: "This export has expired; create it again.",
  simulationRefused: "The simulated storage failure is for testing and is not available in production.",
} as const;
const M = EXPORT_MESSAGES;

const date = z.string({ error: M.dateInvalid }).refine(isDateString, M.dateInvalid).nullish()
  .transform((v) => v ?? null);

export const ExportFilters = z.object({
  reason: z.enum(TEST_REASONS, { error: M.reasonInvalid }).nullish().transform((v) => v ?? null)
    .describe("I3 Tests: the test reason; null for every reason"),
  from: date.describe("I3 Tests (created) and Expired Memberships (expiry): first day, YYYY-MM-DD"),
  to: date.describe("Last day, YYYY-MM-DD, inclusive"),
  year: z.number({ error: M.yearInvalid }).int(M.yearInvalid).min(2000, M.yearInvalid).max(
    2100,
    M.yearInvalid,
  )
    .nullish().transform((v) => v ?? null).describe("MIS report: the calendar year"),
  business_id: idNumber("business_id must be a positive whole number").nullish().transform((v) => v ?? null)
    .describe("MIS report: one employer; null for every employer and the consortium total"),
}).default({
  reason: null,
  from: null,
  to: null,
  year: null,
  business_id: null,
});

export const ExportCreateBody = z.object({
  type: z.enum(EXPORT_TYPES, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ""
        ? M.typeRequired
        : M.typeInvalid,
  }),
  filters: ExportFilters,
}).superRefine((v, ctx) => {
  const f = v.filters;
  if (f.from && f.to && f.from > f.to) {
    ctx.addIssue({ code: "custom", path: ["filters", "to"], message: M.rangeOrder });
  }
  if (v.type === "mis" && f.year === null) {
    ctx.addIssue({ code: "custom", path: ["filters", "year"], message: M.yearRequired });
  }
});

export const ExportListQuery = listQuery(["status", "type", "created_at", "progress"] as const);

const iso = z.string().describe("ISO 8601 instant");

export const ExportRecord = recordSchema(
  "export",
  z.object({
    type: z.enum(EXPORT_TYPES),
    type_label: z.string().describe("Users, Transactions, I3 Tests, Expired Memberships or MIS Report"),
    status: z.enum(["BUILDING", "BUILT", "FAILED"]),
    filters: z.record(z.string(), z.unknown()),
    rows_written: z.number().int().describe("Progress: source rows read so far"),
    rows_total: z.number().int().nullable().describe("Progress: rows the export will read; null until known"),
    row_count: z.number().int().nullable().describe("Lines in the built file (without the header)"),
    byte_size: z.number().int().nullable(),
    error: z.string().nullable().describe("Why the last run failed"),
    runs: z.number().int(),
    created_at: iso,
    finished_at: iso.nullable(),
    expires_at: iso.nullable().describe("When the built file is deleted (EXPORT_RETENTION_DAYS)"),
    expired: z.boolean().describe("The file was deleted after its retention"),
    filename: z.string().describe("export-{id}.csv"),
  }),
  ["created_by"],
);

export const ExportAnswer = z.object({ data: ExportRecord });
export const ExportPage = listOf(ExportRecord);

export type Export = z.infer<typeof ExportRecord>;
export type ExportTypeName = (typeof EXPORT_TYPES)[number];
export type ExportCreateRequest = z.input<typeof ExportCreateBody>;
export type ExportFiltersInput = z.input<typeof ExportFilters>;
export type ExportAnswerBody = z.infer<typeof ExportAnswer>;
export type ExportPageAnswer = z.infer<typeof ExportPage>;
export type ExportListParams = z.input<typeof ExportListQuery>;

/** The DER's compliance overview of a company (issue 25; exports/overview.ts). */
export const ComplianceOverviewQuery = z.object({
  filter: z.enum(COVERAGE_FILTERS, { error: "Choose a filter: " + COVERAGE_FILTERS.join(", ") }).default(
    "all",
  ),
});

export const ComplianceRowRecord = z.object({
  id: z.number().int(),
  type: z.literal("compliance_row"),
  attributes: z.object({
    user_id: z.number().int(),
    name: z.string(),
    member_number: z.string().nullable(),
    coverage: z.enum(["covered", "ending", "paused", "not_covered"]),
    coverage_label: z.string(),
    covered_through: z.string().nullable().describe("The last covered day, YYYY-MM-DD"),
    renews: z.boolean().describe("The covering membership renews automatically"),
    paused: z.boolean(),
    ending_soon: z.boolean().describe("Coverage ends within 30 days"),
    last_test_at: z.string().nullable(),
    last_test_reason: z.string().nullable(),
    last_test_summary: z.enum(["Passed", "Not passed", "Refusal", "Cancelled", "Pending"]).nullable(),
  }),
});

export const ComplianceOverviewResponse = z.object({
  business: z.object({ id: z.number().int(), name: z.string() }),
  data: z.array(ComplianceRowRecord),
  meta: z.object({
    filter: z.enum(COVERAGE_FILTERS),
    total: z.number().int(),
    counts: z.object({
      covered: z.number().int(),
      ending: z.number().int(),
      paused: z.number().int(),
      not_covered: z.number().int(),
    }),
  }),
});
export type ComplianceOverviewAnswer = z.infer<typeof ComplianceOverviewResponse>;
export type ComplianceRow = z.infer<typeof ComplianceRowRecord>;
