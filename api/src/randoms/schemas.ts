/**
 * Random pool requests and answers (admin spec §3 "Random pool", §4 "Random pool"): the pool record with the
 * spec's fields (status, actual_candidates_number, pdf_download_status, pdf_ready_candidate_total,
 * expired_zip_download, exempt_candidate_total) plus the audit fields (commitment, seed once drawn), the
 * candidates, the pace monitor and the verify report. The web's random screens import the types below.
 */
import { z } from "zod";
import { listMetaSchema, listQuery } from "../lib/list.ts";
import { idText, intText } from "../lib/params.ts";

export const RANDOM_MESSAGES = {
  yearRequired: "Year is required",
  monthRequired: "Month is required",
  reasonRequired: "A reason is required",
  rateInvalid: "The rate is a whole percentage between 1 and 100",
} as const;

export const POOL_STATUSES = [
  "draft",
  "building",
  "preordering",
  "preordered",
  "ordering",
  "built",
  "complete",
] as const;

export const CreatePoolBody = z.object({
  year: z.number({ error: RANDOM_MESSAGES.yearRequired }).int(RANDOM_MESSAGES.yearRequired).min(2000).max(
    2200,
  ),
  month: z.number({ error: RANDOM_MESSAGES.monthRequired }).int(RANDOM_MESSAGES.monthRequired).min(1).max(12),
});

export const ReasonBody = z.object({
  reason: z.string({ error: RANDOM_MESSAGES.reasonRequired }).trim().min(1, RANDOM_MESSAGES.reasonRequired)
    .max(500),
});

export const RateBody = z.object({
  rate_percent: z.number({ error: RANDOM_MESSAGES.rateInvalid }).int(RANDOM_MESSAGES.rateInvalid)
    .min(1, RANDOM_MESSAGES.rateInvalid).max(100, RANDOM_MESSAGES.rateInvalid),
});

export const PoolListQuery = z.object({
  page: intText("page must be a whole number from 1", 1).default(1),
  year: intText("year must be a whole number", 2000).optional(),
});

export const YearParam = z.object({ year: intText("year must be a whole number", 2000) });
export const CandidateParam = z.object({
  id: idText("Not a valid id"),
  candidateId: idText("Not a valid candidate id"),
});

const when = z.string().nullable();

export const PoolRecord = z.object({
  id: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  status: z.enum(POOL_STATUSES),
  rate_percent: z.number().int(),
  covered_count: z.number().int(),
  /** The selected candidates (the spec's field). */
  actual_candidates_number: z.number().int(),
  target_count: z.number().int().nullable(),
  completed_count: z.number().int(),
  pdf_download_status: z.enum(["none", "building", "Ready", "failed"]),
  pdf_ready_candidate_total: z.number().int(),
  expired_zip_download: z.boolean(),
  exempt_candidate_total: z.number().int(),
  algorithm: z.string().nullable(),
  /** SHA-256 of the seed, shown from creation (before the draw). */
  commitment: z.string().nullable(),
  /** Revealed only once drawn. */
  seed: z.string().nullable(),
  snapshot_sha256: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  drawn_at: when,
  ordered_at: when,
  completed_at: when,
  /** When an administrator released the pool to the DERs (null: administrators only, unannounced). */
  released_at: when,
  released_by_user_id: z.number().int().nullable(),
});

export const PoolAnswer = z.object({ data: PoolRecord, message: z.string().optional() });

export const PaceRecord = z.object({
  year: z.number().int(),
  rate_percent: z.number().int(),
  average_covered: z.number(),
  target: z.number().int(),
  completed: z.number().int(),
  pending: z.number().int(),
  /** Never more than needed_this_year. */
  needed_this_month: z.number().int(),
  needed_this_year: z.number().int(),
  /**
   * The months of the year so far (all twelve for an earlier year) with no drawn pool: months without a
   * selection. pool_created: a pool exists for it but was never built.
   */
  months_without_pool: z.array(z.object({ month: z.number().int(), pool_created: z.boolean() })),
});

export const PreviewQuery = z.object({
  year: intText("year must be a whole number", 2000).optional(),
  month: intText("month must be a whole number from 1 to 12", 1).optional(),
}).refine((q) => (q.year === undefined) === (q.month === undefined), {
  message: "Give both year and month, or neither",
  path: ["month"],
}).refine((q) => q.month === undefined || q.month <= 12, {
  message: "month must be a whole number from 1 to 12",
  path: ["month"],
});

export const PreviewRecord = z.object({
  year: z.number().int(),
  month: z.number().int(),
  rate_percent: z.number().int(),
  /** Members covered now: the population a pool built now would snapshot. */
  covered_count: z.number().int(),
  /** How many the pool would select if built now (the year's remainder over the months left, at least one). */
  to_select: z.number().int(),
  /** Alternates drawn with them. */
  alternates: z.number().int(),
  /** A pool for this month exists already (it cannot be created again). */
  exists: z.boolean(),
});

export const PreviewAnswer = z.object({ data: PreviewRecord });

export const PoolListAnswer = z.object({
  data: z.array(PoolRecord),
  meta: z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int() }),
  pace: PaceRecord,
});

export const CandidateRecord = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  member_number: z.string().nullable(),
  business_id: z.number().int().nullable(),
  business_name: z.string().nullable(),
  draw_position: z.number().int(),
  /** selected, alternate (drawn, not used), substituted (replaced, with the reason) or exempt. */
  role: z.enum(["selected", "alternate", "substituted", "exempt"]),
  exempt_reason: z.string().nullable(),
  substitution_reason: z.string().nullable(),
  replaces_candidate_id: z.number().int().nullable(),
  pdf_ready: z.boolean(),
  test: z.object({
    id: z.number().int(),
    status: z.string(),
    result: z.string().nullable(),
    i3_order_ref: z.string().nullable(),
    ordered_at: when,
    error: z.string().nullable(),
  }).nullable(),
  blocked: z.object({
    reason: z.string().describe("Why this candidate's test could not be ordered (its own cause)"),
    action: z.string().describe("What fixes it"),
    fix: z.enum(["link_business", "set_up_business", "retry"]).describe(
      "link_business: the member has no business; set_up_business: business_id is to be set up in i3; " +
        "retry: i3 refused, the queue (or Order Tests) retries",
    ),
    business_id: z.number().int().nullable().describe("The business the test goes through"),
  }).nullable().describe("Set while a selected candidate's test cannot be ordered"),
});

export const CandidateListAnswer = z.object({ data: z.array(CandidateRecord) });

export const VerifyAnswer = z.object({
  data: z.object({
    pool_id: z.number().int(),
    match: z.boolean(),
    algorithm: z.string(),
    commitment: z.string().nullable(),
    seed: z.string().nullable(),
    covered_count: z.number().int(),
    positions_checked: z.number().int(),
    checks: z.object({ commitment: z.boolean(), snapshot: z.boolean(), selection: z.boolean() }),
    mismatches: z.array(z.string()),
  }),
});

export const RateAnswer = z.object({
  data: z.object({ year: z.number().int(), rate_percent: z.number().int() }),
});

/** One released selection of a DER's company (the DER's view; decision 0033). */
export const DerSelectionRecord = z.object({
  /** The candidate's id (its notice PDF is /auth/business/{id}/random-selections/{candidate id}/pdf). */
  id: z.number().int(),
  pool_id: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  released_at: z.string(),
  user_id: z.number().int(),
  name: z.string(),
  member_number: z.string().nullable(),
  /** Exempt this month by the administrators (no test, no notice). */
  exempt: z.boolean(),
  left_company: z.boolean().describe(
    "No longer with the company (removed from it, or the account deleted, after the selection): the selection " +
      "stays in the company's record",
  ),
  /** The random test as the company's Business Tests shows it, with where to go and by when. */
  test: z.object({
    status: z.string(),
    result: z.string().nullable(),
    passed: z.boolean().nullable(),
    i3_order_ref: z.string().nullable(),
    collection_site: z.string().nullable(),
    ordered_on: z.string().nullable(),
    report_by: z.string().nullable(),
  }).nullable(),
  pdf_ready: z.boolean(),
});
export const DerSelectionPage = z.object({ data: z.array(DerSelectionRecord), meta: listMetaSchema });
export const DerSelectionQuery = listQuery(["month"]).extend({
  sort_by: z.enum(["id", "month"], { error: "sort_by must be one of: id, month" }).default("month"),
});
export const BusinessCandidateParam = z.object({
  id: idText("Not a valid id"),
  candidateId: idText("Not a valid candidate id"),
});

/**
 * An independent mariner's selection notice (issue 25 item 4, decision 0071): a selection of a released pool
 * drawn through their own business, while its test waits for collection. Where to go, by when, and the i3
 * order reference to show at the site; never a result.
 */
export const SelectionNoticeRecord = z.object({
  /** The candidate's id. */
  id: z.number().int(),
  pool_id: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  released_at: z.string().describe("ISO timestamp"),
  i3_order_ref: z.string().nullable().describe("The order reference the collection site asks for"),
  collection_site: z.string().nullable().describe("i3's collection site (location) code"),
  collection_site_address: z.string().nullable().describe(
    "The collection site nearest the member's ZIP code: name, address and telephone; null when unknown",
  ),
  ordered_on: z.string().nullable().describe("YYYY-MM-DD, the office's day the test was ordered"),
  report_by: z.string().nullable().describe("YYYY-MM-DD: immediately, and no later than this day"),
  zip: z.string().nullable().describe("The member's ZIP code, for the collection site finder"),
});
export const SelectionNoticeList = z.object({ data: z.array(SelectionNoticeRecord) });
export const SelectionNoticeAnswer = z.object({ data: SelectionNoticeRecord });

export type SelectionNotice = z.infer<typeof SelectionNoticeRecord>;
export type PoolRecordAnswer = z.infer<typeof PoolRecord>;
export type PoolPageAnswer = z.infer<typeof PoolListAnswer>;
export type PoolCandidate = z.infer<typeof CandidateRecord>;
export type PoolVerifyAnswer = z.infer<typeof VerifyAnswer>;
export type DerSelection = z.infer<typeof DerSelectionRecord>;
export type DerSelectionPageAnswer = z.infer<typeof DerSelectionPage>;
export type PoolPace = z.infer<typeof PaceRecord>;
export type PoolPreview = z.infer<typeof PreviewRecord>;
export type CreatePoolRequest = z.input<typeof CreatePoolBody>;
export type ReasonRequest = z.input<typeof ReasonBody>;
