/**
 * Records kept as long as the rules require and no longer than the consortium decides (issue 38 item 1,
 * decision 0091). The schedule is data (sql/0054): one row per kind of record with its legal minimum and the
 * consortium's period (never below the minimum). The daily `retention.sweep` job removes or anonymises, in
 * batches, every record whose period has passed since its own date (the office's day, the injected clock),
 * except those of a member or company under a legal hold, and audits what it took as counts per kind. The
 * "due for removal" list asks each owner the same question with a cutoff 30 days later. An account deletion
 * takes at once what the legal minimum no longer requires of that member; the rest goes by the job.
 */
import type { Kysely } from "kysely";
import { anonymiseDrugTests, dueDrugTests, removeDrugTests } from "../drug-tests/retention.ts";
import type { DateString, DB } from "../db/types.ts";
import { dueEmails, removeEmails } from "../integrations/mail/retention.ts";
import { audit, changedFields, dueAuditEntries, removeAuditEntries } from "../lib/audit.ts";
import type { Actor, Deps } from "../lib/context.ts";
import { addDays, officeDay } from "../lib/dates.ts";
import { AppError, invalid, notFound } from "../lib/errors.ts";
import type { JobHandler } from "../lib/jobs.ts";
import type { RetentionRow, RetentionWindow } from "../lib/retention-window.ts";
import { anonymiseOrders, dueOrders } from "../orders/retention.ts";
import { duePools, removePools } from "../randoms/retention.ts";
import {
  companyExists,
  holdById,
  holdRows,
  insertHold,
  liftHold,
  memberExists,
  openHoldSubjects,
  scheduleRow,
  scheduleRows,
  setPeriod,
} from "./queries.ts";
import { RETENTION_MESSAGES as M } from "./schemas.ts";

export const RETENTION_QUEUE = "retention.sweep";
/** Rows taken per statement: small enough for one short transaction, large enough to finish a day's work. */
export const RETENTION_BATCH = 500;
/** How far ahead the due list looks. */
export const DUE_WINDOW_DAYS = 30;
/** Records the due list names per kind (the counts are whole). */
const DUE_LIST_RECORDS = 50;

interface KindRule {
  due(db: Kysely<DB>, w: RetentionWindow): Promise<RetentionRow[]>;
  apply(db: Kysely<DB>, ids: number[], at: Date): Promise<number>;
}

/** Each kind of the schedule, asked of the domain that owns its rows. */
export const KINDS: Record<string, KindRule> = {
  results_five_years: {
    due: (db, w) => dueDrugTests(db, "results_five_years", w),
    apply: (db, ids) => anonymiseDrugTests(db, ids),
  },
  results_one_year: {
    due: (db, w) => dueDrugTests(db, "results_one_year", w),
    apply: (db, ids) => anonymiseDrugTests(db, ids),
  },
  collection_records: {
    due: (db, w) => dueDrugTests(db, "collection_records", w),
    apply: (db, ids) => removeDrugTests(db, ids),
  },
  mis_data: { due: (db, w) => dueDrugTests(db, "mis_data", w), apply: (db, ids) => removeDrugTests(db, ids) },
  random_selections: { due: duePools, apply: (db, ids) => removePools(db, ids) },
  orders: { due: dueOrders, apply: anonymiseOrders },
  audit_entries: { due: dueAuditEntries, apply: (db, ids) => removeAuditEntries(db, ids) },
  emails: { due: dueEmails, apply: (db, ids) => removeEmails(db, ids) },
};

type ClockDeps = Pick<Deps, "database" | "now" | "config">;

const today = (deps: ClockDeps) => officeDay(deps.now(), deps.config.officeTimeZone);

async function windowFor(db: Kysely<DB>, timeZone: string, cutoff: DateString, limit: number) {
  return { cutoff, timeZone, limit, ...await openHoldSubjects(db) };
}

/** Takes every due row of every kind, batch by batch; answers the counts per kind (zero kinds left out). */
async function sweep(
  db: Kysely<DB>,
  at: { now: Date; timeZone: string },
  months: (row: { minimum_months: number; period_months: number }) => number,
  userId?: number,
): Promise<Record<string, number>> {
  const base = {
    ...await windowFor(db, at.timeZone, officeDay(at.now, at.timeZone), RETENTION_BATCH),
    userId,
  };
  const counts: Record<string, number> = {};
  for (const row of await scheduleRows(db)) {
    const rule = KINDS[row.kind];
    if (!rule) continue;
    const w = { ...base, months: months(row) };
    let taken = 0;
    for (;;) {
      const due = await rule.due(db, w);
      if (!due.length) break;
      const done = await rule.apply(db, due.map((r) => r.id), at.now);
      taken += done;
      if (due.length < w.limit || done === 0) break;
    }
    if (taken) counts[row.kind] = taken;
  }
  return counts;
}

/** The daily job: everything past the consortium's period goes; audited as counts per kind. */
export async function runRetention(deps: ClockDeps): Promise<Record<string, number>> {
  const { db } = deps.database;
  const at = { now: deps.now(), timeZone: deps.config.officeTimeZone };
  const counts = await sweep(db, at, (row) => row.period_months);
  await audit(db, {
    actor: null,
    action: "retention.sweep",
    entity: "retention",
    detail: { day: officeDay(at.now, at.timeZone), counts },
  });
  return counts;
}

export const retentionJob: JobHandler<Deps> = async (_payload, { deps }) => {
  await runRetention(deps);
};

/**
 * An account deletion (decision 0024 as amended by 0091), inside its transaction and before the account's
 * e-mail address is replaced: what the legal minimum no longer requires of this member goes now; what it still
 * requires stays for the job to take when the consortium's period passes. Answers the counts per kind.
 */
export async function removeWhatNoRuleKeeps(
  trx: Kysely<DB>,
  userId: number,
  at: { now: Date; timeZone: string },
): Promise<Record<string, number>> {
  return await sweep(trx, at, (row) => row.minimum_months, userId);
}

const fullName = (first: string | null, last: string | null) =>
  first ? `${first} ${last ?? ""}`.trim() : null;

export async function schedule(deps: ClockDeps) {
  const rows = await scheduleRows(deps.database.db);
  return {
    data: rows.map((r) => ({
      kind: r.kind,
      record: r.record,
      record_date: r.record_date,
      citation: r.citation,
      action: r.action,
      minimum_months: r.minimum_months,
      period_months: r.period_months,
      updated_at: new Date(r.updated_at).toISOString(),
      updated_by: fullName(r.updated_by_first, r.updated_by_last),
    })),
  };
}

/** Sets the consortium's period of one kind: never below its legal minimum; audited before → after. */
export async function changePeriod(deps: ClockDeps, actor: Actor, kind: string, months: number) {
  const { db } = deps.database;
  const row = await scheduleRow(db, kind);
  if (!row) throw notFound("Retention schedule row");
  if (months < row.minimum_months) {
    throw invalid("period_months", M.belowMinimum(row.minimum_months));
  }
  if (months === row.period_months) return { ...await schedule(deps), message: M.unchanged };
  await db.transaction().execute(async (trx) => {
    await setPeriod(trx, kind, months, actor.user.user_id, deps.now());
    await audit(trx, {
      actor: actor.user.user_id,
      action: "retention.set_period",
      entity: "retention_schedule",
      entityId: kind,
      detail: { changes: changedFields({ period_months: row.period_months }, { period_months: months }) },
      ip: actor.ip,
    });
  });
  return { ...await schedule(deps), message: M.periodSet };
}

export async function holds(deps: ClockDeps) {
  const rows = await holdRows(deps.database.db);
  return {
    data: rows.map((h) => ({
      id: h.id,
      subject: h.user_id !== null ? "member" as const : "company" as const,
      user_id: h.user_id,
      business_id: h.business_id,
      name: h.user_id !== null
        ? `${fullName(h.member_first, h.member_last) ?? "Member"}${
          h.member_number ? ` (${h.member_number})` : ""
        }`
        : h.business_name ?? "Company",
      reason: h.reason,
      placed_at: new Date(h.placed_at).toISOString(),
      placed_by: fullName(h.placed_first, h.placed_last),
      lifted_at: h.lifted_at ? new Date(h.lifted_at).toISOString() : null,
      lifted_by: fullName(h.lifted_first, h.lifted_last),
      lift_reason: h.lift_reason,
    })),
  };
}

export async function placeHold(
  deps: ClockDeps,
  actor: Actor,
  body: { user_id?: number | null; business_id?: number | null; reason: string },
) {
  const { db } = deps.database;
  const userId = body.user_id ?? null;
  const businessId = body.business_id ?? null;
  if ((userId === null) === (businessId === null)) throw invalid("user_id", M.oneSubject);
  if (userId !== null && !await memberExists(db, userId)) throw invalid("user_id", M.noMember);
  if (businessId !== null && !await companyExists(db, businessId)) throw invalid("business_id", M.noCompany);
  const id = await db.transaction().execute(async (trx) => {
    const placed = await insertHold(trx, {
      user_id: userId,
      business_id: businessId,
      reason: body.reason.trim(),
      by: actor.user.user_id,
      at: deps.now(),
    });
    if (!placed) throw new AppError("CONFLICT", M.alreadyHeld);
    await audit(trx, {
      actor: actor.user.user_id,
      action: "legal_hold.place",
      entity: userId !== null ? "user" : "business",
      entityId: userId ?? businessId,
      detail: { legal_hold_id: placed.id, reason: body.reason.trim() },
      ip: actor.ip,
    });
    return placed.id;
  });
  return { ...await holds(deps), id, message: M.placed };
}

export async function removeHold(deps: ClockDeps, actor: Actor, id: number, reason: string | null) {
  const { db } = deps.database;
  const hold = await holdById(db, id);
  if (!hold) throw notFound("Legal hold");
  await db.transaction().execute(async (trx) => {
    if (!await liftHold(trx, id, actor.user.user_id, deps.now(), reason)) {
      throw new AppError("CONFLICT", M.liftedAlready);
    }
    await audit(trx, {
      actor: actor.user.user_id,
      action: "legal_hold.lift",
      entity: hold.user_id !== null ? "user" : "business",
      entityId: hold.user_id ?? hold.business_id,
      detail: { legal_hold_id: id, reason: hold.reason, lift_reason: reason },
      ip: actor.ip,
    });
  });
  return { ...await holds(deps), message: M.lifted };
}

/** What the job will take in the next 30 days (and what it would take now), per kind, with the records. */
export async function dueForRemoval(deps: ClockDeps) {
  const { db } = deps.database;
  const from = today(deps);
  const until = addDays(from, DUE_WINDOW_DAYS);
  const w = await windowFor(db, deps.config.officeTimeZone, until, 1_000_000);
  const kinds = [];
  for (const row of await scheduleRows(db)) {
    const rule = KINDS[row.kind];
    if (!rule) continue;
    const due = await rule.due(db, { ...w, months: row.period_months });
    kinds.push({
      kind: row.kind,
      record: row.record,
      action: row.action,
      period_months: row.period_months,
      count: due.length,
      records: due.slice(0, DUE_LIST_RECORDS).map((r) => ({
        id: r.id,
        label: r.label,
        record_day: r.record_day,
        removal_on: r.removal_on < from ? from : r.removal_on,
      })),
    });
  }
  return { data: { from, until, kinds } };
}
