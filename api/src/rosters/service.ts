/**
 * Rosters confirmed on a schedule (issue 36 item 3, decision 0087). Every `roster_confirmation_months` months
 * (a setting: 1, 3, 6 or 12; default quarterly), periods counted from January 1 in the office's zone, each
 * active company with a DER is asked "Is your crew list still right?": an e-mail to its DER and an in-app task
 * listing the company's employees. The `rosters.confirm-requests` job (hourly, background.ts) sends a period's
 * requests on its first office day, or at the first run after (a company set up later is asked then); each
 * request is claimed on its row (one per company and period) before the mail is handed to the outbox, so a
 * request goes out once. The DER has 30 days (due on the 30th office day after it was sent); one tap confirms,
 * recording who and when with the list as it was (audited); a change goes through the existing remove and add.
 * Administrators see every company's latest request (confirmed, waiting, overdue since when) and send reminders.
 */
import type { Kysely } from "kysely";
import { ownedBusiness } from "../businesses/service.ts";
import type { DateString, DB } from "../db/types.ts";
import { audit } from "../lib/audit.ts";
import type { Actor, Deps, SessionUser } from "../lib/context.ts";
import { addDays, officeDay } from "../lib/dates.ts";
import { AppError, notFound } from "../lib/errors.ts";
import type { JobHandler } from "../lib/jobs.ts";
import {
  claimRequest,
  companiesToAsk,
  confirmationMonths,
  confirmRequest,
  crewOf,
  dropRequest,
  latestRequest,
  latestRequests,
  markReminded,
  requestById,
} from "./queries.ts";
import { ROSTER_MESSAGES as R } from "./schemas.ts";

export const ROSTER_QUEUE = "rosters.confirm-requests";
/** Days the DER has to answer, counting the day it was sent. */
export const ROSTER_ANSWER_DAYS = 30;

/** The first day of the period `day` falls in: periods of `months` months counted from January 1. */
export function periodStart(day: DateString, months: number): DateString {
  const [y, m] = day.split("-").map(Number);
  const first = Math.floor((m - 1) / months) * months + 1;
  return `${y}-${String(first).padStart(2, "0")}-01`;
}

/** The day a request sent on `sentOn` is due: the 30th day, counting the day it was sent. */
export const dueOn = (sentOn: DateString) => addDays(sentOn, ROSTER_ANSWER_DAYS - 1);

type Row = NonNullable<Awaited<ReturnType<typeof latestRequest>>>;
type MailDeps = Pick<Deps, "database" | "config" | "mailer" | "now">;

/** 'waiting' until its due day is over, then 'overdue' (since the day after), or 'confirmed'. */
function stateOf(r: Row, today: DateString) {
  if (r.confirmed_at) return { status: "confirmed" as const, overdue_since: null };
  if (today > r.due_on) return { status: "overdue" as const, overdue_since: addDays(r.due_on, 1) };
  return { status: "waiting" as const, overdue_since: null };
}

/** What the DER's task and the administrators' list both say of a request: its company, period, state. */
function requestAttributes(r: Row, today: DateString) {
  return {
    business_id: r.business_id,
    business_name: r.business_name,
    period_start: r.period_start,
    due_on: r.due_on,
    sent_at: new Date(r.sent_at).toISOString(),
    ...stateOf(r, today),
    confirmed_at: r.confirmed_at ? new Date(r.confirmed_at).toISOString() : null,
    confirmed_by: r.confirmed_first ? `${r.confirmed_first} ${r.confirmed_last}` : null,
  };
}

const longDate = (date: DateString) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

async function mailRequest(
  deps: MailDeps,
  to: { email: string; first_name: string | null },
  business: { id: number; name: string },
  due: DateString,
  reminder: boolean,
) {
  const crew = await crewOf(deps.database.db, business.id);
  const list = crew.length
    ? crew.map((p) => `  - ${p.first_name} ${p.last_name}${p.member_number ? ` (${p.member_number})` : ""}`)
      .join("\n")
    : "  (no employees on the list)";
  const url = `${deps.config.publicUrl}/app/member/businesses/${business.id}/roster`;
  await deps.mailer.send({
    to: to.email,
    subject: `${reminder ? "Reminder: " : ""}${R.question} (${business.name})`,
    text: `Hello ${to.first_name ?? ""},\n\n` +
      `${R.question} These are the employees on ${business.name}'s list, the people its random pool draws ` +
      `from (46 CFR 16.230):\n\n${list}\n\n` +
      `If it is right, confirm it with one tap by ${longDate(due)}: ${url}\n` +
      "If someone left or is missing, remove or add them on the company's Employees tab first, then confirm." +
      "\n\nAPCA",
  });
}

/** Sends the requests of the current period that are not sent yet; answers how many it sent. */
export async function sendRosterRequests(deps: MailDeps): Promise<number> {
  const { db } = deps.database;
  const now = deps.now();
  const today = officeDay(now, deps.config.officeTimeZone);
  const period = periodStart(today, await confirmationMonths(db));
  let sent = 0;
  const errors: unknown[] = [];
  for (const company of await companiesToAsk(db, period)) {
    const due = dueOn(today);
    const claimed = await claimRequest(db, {
      business_id: company.id,
      period_start: period,
      due_on: due,
      der_user_id: company.der_id,
      sent_at: now,
    });
    if (!claimed) continue;
    try {
      await mailRequest(
        deps,
        { email: company.der_email, first_name: company.der_first },
        company,
        due,
        false,
      );
      sent++;
    } catch (error) {
      // Unclaimed, so the next run asks again.
      await dropRequest(db, claimed.id);
      errors.push(error);
    }
  }
  if (errors.length) throw new AggregateError(errors, `${errors.length} roster request(s) failed`);
  return sent;
}

export const sendRosterRequestsJob: JobHandler<Deps> = async (_payload, { deps }) => {
  await sendRosterRequests(deps);
};

async function toTask(db: Kysely<DB>, r: Row, today: DateString) {
  const crew = await crewOf(db, r.business_id);
  return {
    id: r.id,
    type: "roster_confirmation" as const,
    attributes: {
      ...requestAttributes(r, today),
      employees: crew.map((p) => ({
        user_id: p.user_id,
        name: `${p.first_name} ${p.last_name}`,
        member_number: p.member_number,
      })),
    },
  };
}

/** The company's roster task (its latest request), for its DER or an administrator; null when never asked. */
export async function rosterTask(
  deps: Pick<Deps, "database" | "now" | "config">,
  viewer: SessionUser,
  id: number,
) {
  const { db } = deps.database;
  await ownedBusiness(db, viewer, id);
  const r = await latestRequest(db, id);
  return r ? await toTask(db, r, officeDay(deps.now(), deps.config.officeTimeZone)) : null;
}

/** The DER confirms the list as it is now: who and when, and the list itself, recorded and audited. */
export async function confirmRoster(
  deps: Pick<Deps, "database" | "now" | "config">,
  actor: Actor,
  id: number,
) {
  const { db } = deps.database;
  await ownedBusiness(db, actor.user, id);
  const r = await latestRequest(db, id);
  if (!r) throw notFound("Roster confirmation request");
  const at = deps.now();
  const crew = await crewOf(db, id);
  await db.transaction().execute(async (trx) => {
    if (!await confirmRequest(trx, r.id, actor.user.user_id, at, crew)) {
      throw new AppError("CONFLICT", R.alreadyConfirmed);
    }
    await audit(trx, {
      actor: actor.user.user_id,
      action: "roster.confirm",
      entity: "business",
      entityId: id,
      detail: { roster_confirmation_id: r.id, period_start: r.period_start, employees: crew.length },
      ip: actor.ip,
    });
  });
  return await rosterTask(deps, actor.user, id);
}

/** Every company's latest request with its state, optionally only those in one state. */
export async function rosterOverview(
  deps: Pick<Deps, "database" | "now" | "config">,
  status?: "confirmed" | "waiting" | "overdue",
) {
  const { db } = deps.database;
  const today = officeDay(deps.now(), deps.config.officeTimeZone);
  const rows = (await latestRequests(db)).map((r) => ({
    id: r.id,
    type: "roster_confirmation" as const,
    attributes: {
      ...requestAttributes(r, today),
      der_name: r.der_first ? `${r.der_first} ${r.der_last}` : null,
      der_email: r.der_email,
      reminded_at: r.reminded_at ? new Date(r.reminded_at).toISOString() : null,
      reminder_count: r.reminder_count,
    },
  }));
  const data = status ? rows.filter((r) => r.attributes.status === status) : rows;
  return {
    data,
    meta: {
      today,
      confirmed: rows.filter((r) => r.attributes.status === "confirmed").length,
      waiting: rows.filter((r) => r.attributes.status === "waiting").length,
      overdue: rows.filter((r) => r.attributes.status === "overdue").length,
    },
  };
}

/** An administrator reminds the DER of a request not yet confirmed (audited). */
export async function remindRoster(deps: MailDeps, actor: Actor, requestId: number) {
  const { db } = deps.database;
  const r = await requestById(db, requestId);
  if (!r) throw notFound("Roster confirmation request");
  if (r.confirmed_at) throw new AppError("CONFLICT", R.alreadyConfirmed);
  if (!r.der_email) throw new AppError("CONFLICT", R.noDer);
  const at = deps.now();
  await mailRequest(
    deps,
    { email: r.der_email, first_name: r.der_first },
    {
      id: r.business_id,
      name: r.business_name,
    },
    r.due_on,
    true,
  );
  await db.transaction().execute(async (trx) => {
    await markReminded(trx, r.id, at);
    await audit(trx, {
      actor: actor.user.user_id,
      action: "roster.remind",
      entity: "business",
      entityId: r.business_id,
      detail: { roster_confirmation_id: r.id, period_start: r.period_start, to: r.der_email },
      ip: actor.ip,
    });
  });
  return R.reminded(r.business_name);
}

/** An administrator sends the current period's requests now instead of at the next hourly run (audited). */
export async function sendRosterRequestsNow(deps: MailDeps, actor: Actor) {
  const sent = await sendRosterRequests(deps);
  await audit(deps.database.db, {
    actor: actor.user.user_id,
    action: "roster.send_requests",
    entity: "settings",
    entityId: null,
    detail: { sent },
    ip: actor.ip,
  });
  return { sent, message: R.sent(sent) };
}
