/**
 * The membership as the web reads it: the record with its state flags (state.ts) and pause warning, the
 * history list, and the checks every change makes before it acts. One code path for members reading their own
 * membership and administrators reading anyone's.
 */
import type { Kysely, SqlBool } from "kysely";
import type { DateString, DB } from "../db/types.ts";
import type { Deps } from "../lib/context.ts";
import { coverageDay, coverageDayNumber, dateOfDayNumber, dayNumber } from "../lib/dates.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { type ListParams, record, ref } from "../lib/list.ts";
import { type PauseDays, pauseOutlookOn, pauseWarningOn } from "./pause-warning.ts";
import {
  currentRecordRow,
  deletionFacts,
  findMember,
  listMemberships,
  type Member,
  type MembershipRow,
  type Pause,
  pausesWithRule,
} from "./queries.ts";
import { type MembershipAction, type MembershipFacts, membershipState, refusal } from "./state.ts";

export type { Actor } from "../lib/context.ts";

export const conflict = (message: string) => new AppError("MEMBERSHIP_CONFLICT", message);

export function factsOf(row: MembershipRow): MembershipFacts {
  return {
    type: row.type,
    expire_at: row.expire_at,
    pending: row.pending,
    failed: row.failed,
    cancelled: row.cancelled,
    autorenew: row.autorenew,
    paused: row.pause_id !== null,
  };
}

/**
 * The days a pause counted, as day numbers: from its first day to the day it stopped counting, its resumption,
 * or the end of its membership while it was still open. Coverage days (UTC-12), like `today`: the days the pause
 * warning counts are the days coverage is read on.
 */
function pauseDays(p: Pause, today: DateString): PauseDays {
  const from = coverageDayNumber(p.paused_at);
  if (p.resumed_at) return { from, to: coverageDayNumber(p.resumed_at) };
  if (p.cancelled_at) return { from, to: coverageDayNumber(p.cancelled_at) };
  if (p.expire_at !== null && p.expire_at < today) return { from, to: dayNumber(p.expire_at) + 1 };
  return { from, to: null };
}

type PausesWithRule = Awaited<ReturnType<typeof pausesWithRule>>;

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** What the history and the record say first: kind, term, price, failed. */
const termOf = (
  row: Pick<
    MembershipRow,
    "type" | "created_at" | "expire_at" | "has_expiration" | "is_renewal" | "price_cents" | "failed"
  >,
) => ({
  type: row.type,
  created_at: row.created_at.toISOString(),
  expire_at: row.expire_at,
  has_expiration: row.has_expiration,
  is_renewal: row.is_renewal,
  price_cents: row.price_cents,
  failed: row.failed,
});

/** The record of a membership row that was just read or written (two more statements, sent together). */
export async function toRecord(db: Kysely<DB>, row: MembershipRow, now: Date) {
  const [deletion, pauses] = await Promise.all([
    deletionFacts(db, row.user_id),
    pausesWithRule(db, row.user_id),
  ]);
  return recordOf(row, deletion, pauses, now);
}

/**
 * The record: the term the history shows too (`termOf`), then the rest in the answer's key order, with the
 * pauses turned into day numbers once for both the warning and the outlook (the member's dashboard, issue 27).
 */
function recordOf(
  row: MembershipRow,
  deletion: { scheduled_deletion_at: Date | null; has_own_card: SqlBool },
  { pauses, rule }: PausesWithRule,
  now: Date,
) {
  const todayNumber = coverageDayNumber(now); // expired, renewable, pause warning: read on the coverage day
  const today = dateOfDayNumber(todayNumber);
  const s = membershipState(factsOf(row), today);
  const days: PauseDays[] = [];
  for (const p of pauses) days.push(pauseDays(p, today));
  const pauseRule = { windowDays: rule.pause_window_days, warningDays: rule.pause_warning_days };
  return record("membership", row.id, {
    ...termOf(row),
    failure_reason: row.failure_reason,
    cancelled: row.cancelled,
    cancelled_at: iso(row.cancelled_at),
    is_renewable: s.can_renew,
    is_pending: row.pending,
    is_paused: s.is_paused,
    paused_at: s.is_paused ? iso(row.paused_at) : null,
    pause_reason: s.is_paused ? row.pause_reason : null,
    autorenew: s.autorenew,
    order_test: row.order_test,
    status: s.status,
    expired: s.expired,
    renewable_from: s.renewable_from,
    can_renew: s.can_renew,
    can_pause: s.can_pause,
    can_resume: s.can_resume,
    can_cancel: s.can_cancel,
    can_update: s.can_update,
    pause_warning: days.length === 0 ? null : pauseWarningOn(days, todayNumber, pauseRule),
    // What pausing today would lead to (only where the member can pause now): see `pauseOutlook`.
    pause_outlook: s.can_pause ? pauseOutlookOn(days, todayNumber, pauseRule) : null,
    // public spec §6: a company that paid and a member without a card of their own: cancelling by the
    // company deletes the member's account in 30 days (users/deletion.ts). The web shows the warning then.
    account_deletion_warning: row.business_id !== null && !deletion.has_own_card,
    account_deletion_at: iso(deletion.scheduled_deletion_at),
  }, {
    user: ref("user", row.user_id),
    order: ref("order", row.order_id),
    business: ref("business", row.business_id),
  });
}

export type MembershipRecord = ReturnType<typeof recordOf>;

export async function requireMember(db: Kysely<DB>, userId: number): Promise<Member> {
  const member = await findMember(db, userId);
  if (!member) throw notFound("User");
  return member;
}

/**
 * The member's membership as the web shows it, or null when they never had one; 404 for an unknown or deleted
 * user (an administrator's or a company's read of someone else).
 */
export async function getMembership(
  deps: Pick<Deps, "database" | "now">,
  userId: number,
): Promise<MembershipRecord | null> {
  await requireMember(deps.database.db, userId);
  return await getOwnMembership(deps, userId);
}

/**
 * The caller's own membership: the member's most frequent read (their dashboard). The session check behind
 * `allow()` has already proved that the member exists and is not deleted, so this is two statements sent
 * together: the current row with the deletion facts, and the pauses with the pause rule (docs/benchmarks.md).
 */
export async function getOwnMembership(
  deps: Pick<Deps, "database" | "now">,
  userId: number,
): Promise<MembershipRecord | null> {
  const { db } = deps.database;
  const [row, pauses] = await Promise.all([currentRecordRow(db, userId), pausesWithRule(db, userId)]);
  if (!row) return null;
  return recordOf(row, row, pauses, deps.now()); // the row carries the deletion facts too
}

/** One page of the member's membership history (Created, Expiration Date, Type, Failed, Cancelled). */
export async function membershipHistory(
  deps: Pick<Deps, "database" | "now">,
  userId: number,
  params: ListParams,
) {
  const { db } = deps.database;
  await requireMember(db, userId);
  const today = coverageDay(deps.now()); // "expired" in the history: the coverage day
  const { rows, meta } = await listMemberships(db, userId, params);
  const data = rows.map((row) => {
    const s = membershipState({ ...row, paused: Boolean(row.paused) }, today);
    return record("membership", row.id, {
      ...termOf(row),
      cancelled: row.cancelled,
      expired: s.expired,
      status: s.status,
      order_number: row.order_number,
    });
  });
  return { data, meta };
}

/** Refuses the action for the member's current membership (404 when there is none). */
export function check(
  action: MembershipAction,
  row: MembershipRow | undefined,
  today: DateString,
): MembershipRow {
  if (!row) throw notFound("Membership");
  const why = refusal(action, factsOf(row), today);
  if (why) throw conflict(why);
  return row;
}
