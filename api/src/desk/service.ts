/**
 * The administrators' notification center: the lists, the badges' counts and the actions on one notification
 * (admin spec §4 "Registration notification progress", "Notifications"). Two administrators work one queue, so
 * every action locks the notification, checks it is still open and writes conditionally: the second one's stale
 * action answers 409 ALREADY_PROCESSED, never a second effect. Every action is audited in its transaction.
 */
import type { Transaction } from "kysely";
import type { DB, NotificationType } from "../db/types.ts";
import { audit } from "../lib/audit.ts";
import type { Actor, Deps } from "../lib/context.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { type ListParams, record, ref } from "../lib/list.ts";
import { emailLetter } from "../compliance/service.ts";
import { orderDrugTest, setUpIfOwnBusiness } from "../drug-tests/service.ts";
import { currentTestBusiness } from "../drug-tests/desk.ts";
import { resumeMembership } from "../memberships/changes.ts";
import { orderStateOf } from "../orders/state.ts";
import { lockRegistration, updateRegistration } from "../registration/desk.ts";
import {
  archiveNotification,
  countOpenByType,
  countOpenChanges,
  decideAndArchive,
  deleteNotification,
  findNotification,
  listNotifications,
  listPaused,
  listRegistrations,
  lockNotification,
  type NotificationSearch,
  reopenNotification,
} from "../notifications/center.ts";
import { addDays, startOfDayIn } from "../lib/dates.ts";
import { applyApproved, CHANGES } from "./changes.ts";
import { tellRequester } from "./decision-mail.ts";
import { CATEGORIES, type Category, NOTIFICATION_MESSAGES as M, NOTIFICATION_TYPES } from "./schemas.ts";

type Row = NonNullable<Awaited<ReturnType<typeof lockNotification>>>;

export const alreadyProcessed = () => new AppError("ALREADY_PROCESSED", M.alreadyProcessed);
const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());

/** The five badges: open notifications per category, exact (the web caps the display at 99+). */
export async function countNotifications(deps: Pick<Deps, "database">) {
  const rows = await countOpenByType(deps.database.db);
  const by = new Map(rows.map((r) => [r.type, Number(r.n)]));
  const sum = (types: readonly NotificationType[]) => types.reduce((n, t) => n + (by.get(t) ?? 0), 0);
  const counts = Object.fromEntries(
    (Object.keys(CATEGORIES) as Category[]).map((c) => [c, sum(CATEGORIES[c])]),
  ) as Record<Category, number>;
  // A company request filed at registration is one card, its registration's: the badge counts what is listed.
  if (by.get("NEW_BUSINESS_REQUEST")) {
    counts.changes = await countOpenChanges(deps.database.db, CATEGORIES.changes);
  }
  return counts;
}

type ListRow = Awaited<ReturnType<typeof listNotifications>>["rows"][number];

function toNotification(r: ListRow) {
  const meta = { ...(r.meta as Record<string, unknown>) };
  // An order's chips follow the order as it is now, not as it was when the notification was written.
  if (r.type === "NEW_ORDER" && r.order_status) {
    // The order's one state (orders/state.ts), as the orders list and the header search say it (issue 37).
    const state = orderStateOf({
      status: r.order_status,
      ships: r.order_ships,
      shipping_status: r.order_shipping_status,
    });
    meta.order_state = state;
    meta.order_completed = state === "completed";
    meta.order_cancelled = state === "cancelled";
  }
  const requestStatus = r.business_request_status ?? r.employee_request_status;
  // Whom the card is about: the person an employee request names, else the member the notification is about
  // (an order an administrator placed names the member, not the administrator).
  const person = (meta.user ?? null) as { first_name?: string; last_name?: string } | null;
  const subject = r.type === "NEW_EMPLOYEE_REQUEST" && person
    ? `${person.first_name ?? ""} ${person.last_name ?? ""}`.trim()
    : r.subject_first_name
    ? `${r.subject_first_name} ${r.subject_last_name}`
    : null;
  return record("notification", r.id, {
    type: r.type,
    meta,
    approved: r.approved,
    archived_at: iso(r.archived_at),
    created_at: iso(r.created_at)!,
    trigger_user_id: r.trigger_user_id,
    trigger_user_first_name: r.trigger_first_name ?? null,
    trigger_user_last_name: r.trigger_last_name ?? null,
    subject_name: subject || null,
    user_id: r.user_id,
    business_id: r.business_id,
    vessel_id: r.vessel_id,
    request_id: r.business_request_id ?? r.employee_request_id ?? null,
    request_pending: requestStatus === "pending",
  }, {
    user: ref("user", r.user_id),
    business: ref("business", r.business_id),
    order: ref("order", r.order_id),
  });
}

/** The list's search and date range (days in the office's time zone, `to` inclusive) as instants. */
export interface SearchQuery {
  q?: string;
  from?: string;
  to?: string;
}

function searchOf(deps: Pick<Deps, "config">, q: SearchQuery): NotificationSearch {
  const tz = deps.config.officeTimeZone;
  return {
    q: q.q?.trim() || undefined,
    from: q.from ? startOfDayIn(q.from, tz) : undefined,
    to: q.to ? startOfDayIn(addDays(q.to, 1), tz) : undefined,
  };
}

export async function notificationPage(
  deps: Pick<Deps, "database" | "config">,
  q: ListParams & SearchQuery & { archived: boolean; types?: NotificationType[]; business_id?: number },
) {
  const types = q.types?.length ? q.types : [...NOTIFICATION_TYPES];
  const search = { ...searchOf(deps, q), businessId: q.business_id };
  const { rows, meta } = await listNotifications(
    deps.database.db,
    { archived: q.archived, types, search },
    q,
  );
  return { data: rows.map(toNotification), meta };
}

/** One notification, open or archived (the change-approval and employee-request screens open it by id). */
export async function oneNotification(deps: Pick<Deps, "database">, id: number) {
  const filter = { archived: false, types: [...NOTIFICATION_TYPES], id };
  const one = { page: 1, per_page: 1, sort_by: "id", sort_dir: "desc" } as const;
  const { rows } = await listNotifications(deps.database.db, filter, one);
  if (!rows[0]) throw notFound("Notification");
  return toNotification(rows[0]);
}

const passed = (s: string | null) => s === "negative" || s === "negative_dilute";

export async function registrationPage(
  deps: Pick<Deps, "database" | "config">,
  q: ListParams & SearchQuery & { archived: boolean },
) {
  const { rows, meta } = await listRegistrations(deps.database.db, q.archived, q, searchOf(deps, q));
  const data = rows.map((r) =>
    record("registration_notification", r.id, {
      type: r.kind,
      user_id: r.user_id,
      user_name: `${r.first_name} ${r.last_name}`,
      member_number: r.member_number,
      business_id: r.business_id,
      business_name: r.business_name ?? null,
      created_at: iso(r.created_at)!,
      business_approved_at: iso(r.business_approved_at),
      paid_at: iso(r.paid_at),
      company_training_at: iso(r.company_training_at),
      drug_test_at: iso(r.drug_test_at),
      loc_sent_at: iso(r.loc_sent_at),
      drug_test_status: (r.drug_test_status as string | null) ?? null,
      drug_test_passed: passed(r.drug_test_status as string | null),
      is_annual: r.is_annual,
      membership_created: Boolean(r.membership_created),
      compliance_paid: Boolean(r.has_compliance_kit),
      business_request_id: r.business_request_id ?? null,
      employee_request_notification_id: r.employee_request_notification_id ?? null,
      archived_at: iso(r.archived_at),
    }, { user: ref("user", r.user_id), business: ref("business", r.business_id) })
  );
  return { data, meta };
}

export async function pausedPage(
  deps: Pick<Deps, "database" | "config">,
  q: ListParams & SearchQuery & { archived: boolean },
) {
  const { rows, meta } = await listPaused(deps.database.db, q.archived, q, searchOf(deps, q));
  const data = rows.map((r) =>
    record("paused_notification", r.id, {
      user_id: r.user_id!,
      user_name: `${r.first_name} ${r.last_name}`,
      member_number: r.member_number,
      reason: r.other_reason ?? r.reason,
      paused_at: iso(r.paused_at),
      resumed_at: iso(r.resumed_at),
      archived_at: iso(r.archived_at),
    }, { user: ref("user", r.user_id) })
  );
  return { data, meta };
}

/**
 * Runs `act` on the locked, open notification of one of `types` in one transaction, then audits it. Another
 * type or no such notification is a 404; an archived one was processed already (409).
 */
export async function onOpen<T>(
  deps: Pick<Deps, "database" | "now">,
  actor: Actor,
  id: number,
  types: readonly NotificationType[],
  action: string,
  act: (trx: Transaction<DB>, n: Row, at: Date) => Promise<T>,
): Promise<T> {
  const at = deps.now();
  return await deps.database.db.transaction().execute(async (trx) => {
    const n = await lockNotification(trx, id);
    if (!n || !types.includes(n.type)) throw notFound("Notification");
    if (n.archived_at) throw alreadyProcessed();
    const result = await act(trx, n, at);
    await auditAction(trx, actor, n, action);
    return result;
  });
}

/** The audit row of a desk action, written in the action's transaction (with before → after when given). */
async function auditAction(
  trx: Transaction<DB>,
  actor: Actor,
  n: Row,
  action: string,
  change?: { before: Record<string, unknown>; after: Record<string, unknown> },
) {
  await audit(trx, {
    actor: actor.user.user_id,
    action: `notification.${action}`,
    entity: "notification",
    entityId: n.id,
    detail: { type: n.type, user_id: n.user_id, business_id: n.business_id, ...change },
    ip: actor.ip,
  });
}

const ARCHIVED_MESSAGE: Partial<Record<NotificationType, string>> = {
  REGISTRATION: M.archivedRegistration,
  MEMBERSHIP_PAUSED: M.archivedPaused,
  MEMBERSHIP_CANCELLED: M.archivedCancelled,
};

/** Archive any notification (open → archived); the spec's toast for its kind. */
export async function archive(
  deps: Pick<Deps, "database" | "now">,
  actor: Actor,
  id: number,
  types: readonly NotificationType[] = NOTIFICATION_TYPES,
) {
  return await onOpen(deps, actor, id, types, "archive", async (trx, n, at) => {
    if (!await archiveNotification(trx, id, at)) throw alreadyProcessed();
    return ARCHIVED_MESSAGE[n.type] ?? M.archived;
  });
}

/**
 * Reopens an archived notification (archived → open, decision 0082): it is listed and counted again and its
 * actions are offered again. One that records a decision (a change approved or declined, a company or employee
 * request linked, created or declined) stays archived (409 CONFLICT): reopening it would offer the decision a
 * second time. The row is locked from the check to the write, so of two administrators reopening one
 * notification the second is told it is open already (409 ALREADY_PROCESSED) and one audit row is written.
 */
export async function reopen(deps: Pick<Deps, "database" | "now">, actor: Actor, id: number) {
  await deps.database.db.transaction().execute(async (trx) => {
    const n = await lockNotification(trx, id);
    if (!n) throw notFound("Notification");
    if (!n.archived_at) throw new AppError("ALREADY_PROCESSED", M.alreadyOpen);
    const one = { page: 1, per_page: 1, sort_by: "id", sort_dir: "desc" } as const;
    const { rows } = await listNotifications(trx, { archived: true, types: [n.type], id }, one);
    const status = rows[0]?.business_request_status ?? rows[0]?.employee_request_status ?? null;
    if (n.approved !== null || (status !== null && status !== "pending")) {
      throw new AppError("CONFLICT", M.decidedNotReopened);
    }
    if (!await reopenNotification(trx, id)) throw new AppError("ALREADY_PROCESSED", M.alreadyOpen);
    await auditAction(trx, actor, n, "reopen", {
      before: { archived_at: iso(n.archived_at) },
      after: { archived_at: null },
    });
  });
  return M.reopened;
}

/**
 * Approve (apply the waiting change, decision 0021) or refuse a change notification; either way it is
 * decided and archived. A change already applied at once (contact details, vessels) is acknowledged.
 */
export async function decide(deps: Deps, actor: Actor, id: number, approved: boolean, reason?: string) {
  await onOpen(deps, actor, id, CHANGES, approved ? "approve" : "refuse", async (trx, n, at) => {
    if (n.approved !== null) throw alreadyProcessed();
    const decision = { approved, by: actor.user.user_id, at, reason: approved ? undefined : reason };
    if (!await decideAndArchive(trx, id, decision)) throw alreadyProcessed();
    const applied = approved ? await applyApproved(trx, n) : null;
    // The subject's History says what the approval changed, before → after (issue 37).
    if (applied) {
      await audit(trx, {
        actor: actor.user.user_id,
        action: `${applied.entity}.change_approved`,
        entity: applied.entity,
        entityId: applied.entityId,
        detail: { notification_id: id, changes: applied.changes },
        ip: actor.ip,
      });
    }
  });
  await tellRequester(
    deps,
    id,
    approved ? { kind: "approved" } : { kind: "declined", reason: reason ?? "No reason was given." },
  );
  return approved ? M.approved : M.refused;
}

/** Deletes a registration notification and its progress (the member and what they bought stay). */
export async function deleteRegistration(deps: Pick<Deps, "database" | "now">, actor: Actor, id: number) {
  await onOpen(deps, actor, id, ["REGISTRATION"], "delete", async (trx) => {
    if (!await deleteNotification(trx, id)) throw alreadyProcessed();
  });
}

/** DER: the company's training is done (once). */
export async function companyTraining(deps: Pick<Deps, "database" | "now">, actor: Actor, id: number) {
  await onOpen(deps, actor, id, ["REGISTRATION"], "company_training", async (trx, _n, at) => {
    const r = await lockRegistration(trx, id);
    if (!r) throw notFound("Notification");
    if (r.kind !== "DER") throw new AppError("CONFLICT", M.notDer);
    if (r.company_training_at) throw alreadyProcessed();
    await updateRegistration(trx, id, { company_training_at: at });
  });
  return M.training;
}

/**
 * Orders the member's test through i3. The registration is claimed first (drug_test_at set where it was
 * empty), so a double click or a second administrator never orders two; a failed i3 order frees it again.
 */
export async function orderTest(
  deps: Pick<Deps, "config" | "database" | "now" | "i3">,
  actor: Actor,
  id: number,
) {
  const r = await onOpen(deps, actor, id, ["REGISTRATION"], "order_test", async (trx, _n, at) => {
    const r = await lockRegistration(trx, id);
    if (!r) throw notFound("Notification");
    if (r.drug_test_at) throw alreadyProcessed();
    if (!r.business_id) throw new AppError("CONFLICT", M.noBusiness);
    await updateRegistration(trx, id, { drug_test_at: at, drug_test_status: "ordered" });
    return r;
  });
  const db = deps.database.db;
  // Through the business the member's tests go through (the one rule: the paying company, else their own
  // primary business), which for a registration is the business it was approved with.
  const businessId = (await currentTestBusiness(db, r.user_id)) ?? r.business_id!;
  try {
    // An independent's own business is set up in i3 once paid; if that has not happened yet, now.
    await setUpIfOwnBusiness(deps, businessId);
  } catch (error) {
    await updateRegistration(db, id, { drug_test_at: null, drug_test_status: null });
    throw error;
  }
  const test = await orderDrugTest(deps, {
    userId: r.user_id,
    businessId,
    reason: "pre_employment",
    orderedBy: actor.user.user_id,
  });
  if (test.status === "failed") {
    await updateRegistration(db, id, { drug_test_at: null, drug_test_status: null, drug_test_id: test.id });
    throw new AppError("I3_FAILED", test.error ?? "i3 did not accept the order.");
  }
  await updateRegistration(db, id, { drug_test_id: test.id });
  return M.ordered;
}

/** Mails the member their Letter of Compliance and notes when. */
export async function sendLoc(
  deps: Pick<Deps, "config" | "database" | "now" | "mailer" | "letterKeys">,
  actor: Actor,
  id: number,
) {
  const r = await onOpen(deps, actor, id, ["REGISTRATION"], "send_loc", async (trx) => {
    const r = await lockRegistration(trx, id);
    if (!r) throw notFound("Notification");
    return r;
  });
  await emailLetter(deps, r.user_id, actor.user.user_id);
  await updateRegistration(deps.database.db, id, { loc_sent_at: deps.now() });
  return M.locSent;
}

/**
 * Resumes the paused membership the notification reports (memberships' rules) and archives the notification,
 * in one transaction that holds the notification's lock from the check to the archive: a second administrator
 * waits, then finds it archived (409), and the membership is resumed once.
 */
export async function resumeFromNotification(deps: Pick<Deps, "database" | "now">, actor: Actor, id: number) {
  const found = await findNotification(deps.database.db, id);
  if (!found || found.type !== "MEMBERSHIP_PAUSED" || found.user_id === null) throw notFound("Notification");
  if (found.archived_at) throw alreadyProcessed();
  await resumeMembership(
    deps,
    actor,
    found.user_id,
    async (trx, at) => {
      const n = await lockNotification(trx, id);
      if (!n || n.type !== "MEMBERSHIP_PAUSED") throw notFound("Notification");
      if (n.archived_at || !await archiveNotification(trx, id, at)) throw alreadyProcessed();
      await auditAction(trx, actor, n, "resume");
    },
  );
  return M.resumed;
}
