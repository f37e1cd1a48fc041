/**
 * What the random screens read: the pool record with the spec's fields (admin §3), the candidates with their
 * role and test, and the pace monitor (the year's target on the average covered population, the tests
 * completed and pending, and what is still needed this month and this year).
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import { yearTarget } from "./draw.ts";
import { type candidateList, paceFigures, poolMonthsFrom, type PoolRow, rateOf } from "./queries.ts";
import type { PoolCandidate, PoolPace, PoolRecordAnswer } from "./schemas.ts";

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The zip of a pool's PDFs expires a year after completion (negative results' retention, 49 CFR 40.333). */
const ZIP_KEPT_MS = 365 * 24 * 3600_000;
export const zipExpired = (completedAt: Date | null, now: Date) =>
  completedAt !== null && now.getTime() - new Date(completedAt).getTime() > ZIP_KEPT_MS;

export function poolRecord(p: PoolRow, now: Date): PoolRecordAnswer {
  const pdf = { none: "none", building: "building", ready: "Ready", failed: "failed" } as const;
  return {
    id: p.id,
    year: p.year,
    month: p.month,
    status: p.status,
    rate_percent: p.rate_percent,
    covered_count: p.covered_count,
    actual_candidates_number: p.drawn_at ? Number(p.to_test ?? 0) + Number(p.exempt_count ?? 0) : 0,
    target_count: p.target_count,
    completed_count: Number(p.completed_count ?? 0),
    pdf_download_status: pdf[p.pdf_status],
    pdf_ready_candidate_total: Number(p.pdf_ready ?? 0),
    expired_zip_download: zipExpired(p.completed_at, now),
    exempt_candidate_total: Number(p.exempt_count ?? 0),
    algorithm: p.algorithm,
    commitment: p.commitment,
    // The seed stays secret until the draw: only its commitment is shown before (decision 0033).
    seed: p.drawn_at ? p.seed : null,
    snapshot_sha256: p.snapshot_sha256,
    error: p.error,
    created_at: iso(p.created_at)!,
    drawn_at: iso(p.drawn_at),
    ordered_at: iso(p.ordered_at),
    completed_at: iso(p.completed_at),
    released_at: iso(p.released_at),
    released_by_user_id: p.released_by_user_id,
  };
}

type CandidateRow = Awaited<ReturnType<typeof candidateList>>[number];

/** The action that fixes what blocks a candidate's order (item shown on the pool screen per candidate). */
export const BLOCKED_ACTIONS = {
  link_business: "Link the member to a business (user page, Businesses tab), then Order Tests again; or " +
    "exempt or substitute the candidate with the documented reason.",
  approve_company: "Approve the member's company request (their registration card, Set up business), then " +
    "Order Tests again; or exempt or substitute the candidate with the documented reason.",
  set_up_company: (name: string) => `Resend to i3 on ${name} (its business page), then Order Tests again.`,
  set_up_own: "The queue retries the set-up of the member's own business; Resend to i3 on it (user page, " +
    "Businesses tab) or Order Tests again to retry now.",
  retry: "The queue retries the order; Order Tests again retries it now.",
} as const;

/** What still blocks a selected candidate's test (its own reason and the action that fixes it), or null. */
function blockedOf(c: CandidateRow): PoolCandidate["blocked"] {
  if (!c.selected || c.exempt || c.drug_test_id === null || c.test_status !== "failed") return null;
  const reason = c.test_error ?? "i3 did not accept the order.";
  const business_id = c.test_business_id;
  if (business_id === null) {
    const action = c.company_request_pending
      ? BLOCKED_ACTIONS.approve_company
      : BLOCKED_ACTIONS.link_business;
    return { reason, action, fix: "link_business", business_id };
  }
  if (!c.test_business_in_i3) {
    const action = c.test_business_individual
      ? BLOCKED_ACTIONS.set_up_own
      : BLOCKED_ACTIONS.set_up_company(c.test_business_name ?? "the business");
    return { reason, action, fix: "set_up_business", business_id };
  }
  return { reason, action: BLOCKED_ACTIONS.retry, fix: "retry", business_id };
}

export function candidateRecord(c: CandidateRow): PoolCandidate {
  const role = c.exempt
    ? "exempt"
    : c.selected
    ? "selected"
    : c.substitution_reason !== null
    ? "substituted"
    : "alternate";
  return {
    id: c.id,
    user_id: c.user_id,
    name: `${c.first_name} ${c.last_name}`,
    member_number: c.member_number,
    business_id: c.business_id,
    business_name: c.business_name,
    draw_position: c.draw_position!,
    role,
    exempt_reason: c.exempt_reason,
    substitution_reason: c.substitution_reason,
    replaces_candidate_id: c.replaces_candidate_id,
    pdf_ready: c.pdf_document_id !== null,
    test: c.drug_test_id === null ? null : {
      id: c.drug_test_id,
      status: c.test_status!,
      result: c.test_result,
      i3_order_ref: c.i3_order_ref,
      ordered_at: iso(c.ordered_at),
      error: c.test_error,
    },
    blocked: blockedOf(c),
  };
}

/**
 * The pace monitor for `year` as of `month` (the office's current month; 1 for a later year, 12 for an earlier
 * one). Still needed this year: the target less the tests completed and pending. Still needed this month:
 * nothing once this month's pool is drawn (its tests are then pending), else the year's remainder spread over
 * the months left, never more than the year still needs (issue 24: never "this year 0" beside "this month 1").
 * The months of the year up to `throughMonth` (this month for this year, 12 for an earlier year, none for a
 * later one) with no drawn pool are flagged: each is a month without a selection (16.230(h)).
 */
export async function pace(
  db: Kysely<DB>,
  year: number,
  month: number,
  throughMonth: number,
): Promise<PoolPace> {
  const rate = await rateOf(db, year);
  const f = await paceFigures(db, year);
  const counts = f.pools.map((p) => p.covered_count);
  const average = counts.length ? counts.reduce((a, b) => a + b, 0) / counts.length : 0;
  const target = yearTarget({ ratePercent: rate, coveredCounts: counts });
  const neededYear = Math.max(0, target - f.completed - f.pending);
  const drawnThisMonth = f.pools.some((p) => p.month === month);
  const monthsLeft = 12 - month + 1;
  const neededMonth = drawnThisMonth || neededYear === 0 ? 0 : Math.ceil(neededYear / monthsLeft);
  const drawn = new Set(f.pools.map((p) => p.month));
  const created = new Set(
    (await poolMonthsFrom(db, year)).filter((p) => p.year === year).map((p) => p.month),
  );
  const missing = Array.from({ length: throughMonth }, (_, i) => i + 1).filter((m) => !drawn.has(m));
  return {
    year,
    rate_percent: rate,
    average_covered: Math.round(average * 10) / 10,
    target,
    completed: f.completed,
    pending: f.pending,
    needed_this_month: neededMonth,
    needed_this_year: neededYear,
    months_without_pool: missing.map((m) => ({ month: m, pool_created: created.has(m) })),
  };
}

/**
 * The first month from `year`-`month` (the office's current month) on that has no pool at all: the new-pool
 * form's default (a month already holding a pool, even a draft, cannot take a second).
 */
export async function nextMonthWithoutPool(db: Kysely<DB>, year: number, month: number) {
  const taken = new Set((await poolMonthsFrom(db, year)).map((p) => p.year * 12 + p.month - 1));
  let at = year * 12 + month - 1;
  while (taken.has(at)) at++;
  return { year: Math.floor(at / 12), month: (at % 12) + 1 };
}
