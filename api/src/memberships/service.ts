/**
 * The membership lifecycle: start or renew (a card charge or, for administrators, a manual payment), pause,
 * resume, cancel, and the administrators' expiry update. One code path for members acting on their own
 * membership and administrators acting on anyone's; `actor` is who acted and is what the audit log records.
 * Pause, resume and cancel lock the member's membership rows, re-derive the state inside the transaction and
 * refuse a conflicting action with 409 MEMBERSHIP_CONFLICT in words for people.
 */
import { type Kysely, sql, type Transaction } from "kysely";
import { coverageToday } from "../compliance/status.ts";
import type { DateString, DB, MembershipType, PaymentMedium } from "../db/types.ts";
import { audit } from "../lib/audit.ts";
import type { Deps } from "../lib/context.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { type ListParams, record, ref } from "../lib/list.ts";
import { payOnce } from "../registration/checkout.ts";
import { type PauseSpan, pauseWarning } from "./pause-warning.ts";
import {
  currentMembership,
  declinedMembershipOrders,
  findMember,
  hadAnnual,
  insertMembership,
  listMemberships,
  liveMemberships,
  lockMemberships,
  type Member,
  membershipByOrder,
  type MembershipRow,
  pauseRule,
  pausesOf,
  prices,
} from "./queries.ts";
import {
  addDays,
  addYears,
  type MembershipAction,
  type MembershipFacts,
  membershipState,
  refusal,
} from "./state.ts";

/** Who is acting: the member themself or an administrator. */
export interface Actor {
  userId: number;
  ip?: string | null;
}

const conflict = (message: string) => new AppError("MEMBERSHIP_CONFLICT", message);
const utcDate = (d: Date): DateString => d.toISOString().slice(0, 10);

function factsOf(row: MembershipRow): MembershipFacts {
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

/** The day a pause stopped counting: its resumption, or the end of its membership while it was still open. */
function spanOf(
  p: { paused_at: Date; resumed_at: Date | null; expire_at: DateString | null; cancelled_at: Date | null },
  today: DateString,
): PauseSpan {
  const from = coverageToday(p.paused_at);
  if (p.resumed_at) return { from, to: coverageToday(p.resumed_at) };
  if (p.cancelled_at) return { from, to: coverageToday(p.cancelled_at) };
  if (p.expire_at !== null && p.expire_at < today) return { from, to: addDays(p.expire_at, 1) };
  return { from, to: null };
}

async function warningFor(db: Kysely<DB>, userId: number, today: DateString) {
  const [pauses, rule] = await Promise.all([pausesOf(db, userId), pauseRule(db)]);
  if (pauses.length === 0) return null;
  return pauseWarning(pauses.map((p) => spanOf(p, today)), today, {
    windowDays: rule.pause_window_days,
    warningDays: rule.pause_warning_days,
  });
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

async function toRecord(db: Kysely<DB>, row: MembershipRow, now: Date) {
  const today = coverageToday(now);
  const s = membershipState(factsOf(row), today);
  return record("membership", row.id, {
    type: row.type,
    created_at: row.created_at.toISOString(),
    expire_at: row.expire_at,
    has_expiration: row.has_expiration,
    is_renewal: row.is_renewal,
    price_cents: row.price_cents,
    failed: row.failed,
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
    pause_warning: await warningFor(db, row.user_id, today),
  }, { user: ref("user", row.user_id), order: ref("order", row.order_id) });
}

export type MembershipRecord = Awaited<ReturnType<typeof toRecord>>;

async function requireMember(db: Kysely<DB>, userId: number): Promise<Member> {
  const member = await findMember(db, userId);
  if (!member) throw notFound("User");
  return member;
}

/** The member's membership as the web shows it, or null when they never had one. */
export async function getMembership(deps: Deps, userId: number): Promise<MembershipRecord | null> {
  const { db } = deps.database;
  await requireMember(db, userId);
  const row = await currentMembership(db, userId);
  return row ? await toRecord(db, row, deps.now()) : null;
}

/** One page of the member's membership history (Created, Expiration Date, Type, Failed, Cancelled). */
export async function membershipHistory(deps: Deps, userId: number, params: ListParams) {
  const { db } = deps.database;
  await requireMember(db, userId);
  const today = coverageToday(deps.now());
  const { rows, meta } = await listMemberships(db, userId, params);
  const data = rows.map((row) => {
    const s = membershipState({ ...row, paused: Boolean(row.paused) }, today);
    return record("membership", row.id, {
      type: row.type,
      created_at: row.created_at.toISOString(),
      expire_at: row.expire_at,
      has_expiration: row.has_expiration,
      is_renewal: row.is_renewal,
      price_cents: row.price_cents,
      failed: row.failed,
      cancelled: row.cancelled,
      expired: s.expired,
      status: s.status,
      order_number: row.order_number,
    });
  });
  return { data, meta };
}

export type StartPayment =
  | { type: "card"; payment_method_id: number }
  | { type: "manual"; payment_medium: PaymentMedium; payment_date: DateString };

export interface StartInput {
  membershipType: MembershipType;
  payment: StartPayment;
  /** Administrators only: an explicit expiry instead of the default. */
  expirationDate?: DateString | null;
  /** Administrators only: the drug testing rule. */
  orderTest?: boolean | null;
  /** The request's Idempotency-Key header, when sent. */
  headerKey?: string;
}

/** Refuses the action for the member's current membership (404 when there is none). */
function check(action: MembershipAction, row: MembershipRow | undefined, today: DateString): MembershipRow {
  if (!row) throw notFound("Membership");
  const why = refusal(action, factsOf(row), today);
  if (why) throw conflict(why);
  return row;
}

/**
 * Starts or renews the member's membership. Allowed when they have none, or when the current one may be
 * renewed (state.ts). The price is the one-time price, the renewal price for a member who had a paid annual
 * membership, or the new-member price. An early renewal's term follows on from the current one's.
 */
export async function startMembership(deps: Deps, actor: Actor, userId: number, input: StartInput) {
  const { db } = deps.database;
  await requireMember(db, userId);
  const current = await currentMembership(db, userId);
  const [price, returning] = await Promise.all([prices(db), hadAnnual(db, userId)]);
  const annual = input.membershipType === "annual";
  const amount = !annual
    ? price.one_time_cents
    : returning
    ? price.annual_renewal_cents
    : price.annual_new_cents;
  const todayUtc = utcDate(deps.now());
  const runningUntil = current && !current.failed && !current.cancelled && current.type === "annual" &&
      current.expire_at !== null && current.expire_at >= todayUtc
    ? current.expire_at
    : todayUtc;
  const expireAt = input.expirationDate ?? (annual ? addYears(runningUntil, 1) : null);
  const itemName = annual ? "APCA annual membership" : "APCA one-time drug test membership";

  const guard = async (db: Kysely<DB>) => {
    const fresh = await currentMembership(db, userId);
    if (fresh) {
      const why = refusal("renew", factsOf(fresh), coverageToday(deps.now()));
      if (why) throw conflict(why);
    }
  };
  const fulfil = async (trx: Kysely<DB>, orderId: number, now: Date) => {
    const id = await insertMembership(trx, {
      userId,
      type: input.membershipType,
      isRenewal: current !== undefined,
      startsAt: now,
      expireAt,
      autorenew: annual,
      priceCents: amount,
      orderId,
      createdBy: actor.userId,
      orderTest: input.orderTest ?? null,
    });
    if (actor.userId !== userId) {
      await trx.updateTable("orders").set({ created_by_user_id: actor.userId }).where("id", "=", orderId)
        .execute();
    }
    await audit(trx, {
      actor: actor.userId,
      action: current ? "membership_renewed" : "membership_started",
      entity: "membership",
      entityId: id,
      ip: actor.ip,
      detail: {
        member_user_id: userId,
        type: input.membershipType,
        expire_at: expireAt,
        price_cents: amount,
        payment: input.payment.type,
      },
    });
  };
  const answer = async (db: Kysely<DB>, orderId: number) => {
    const row = await membershipByOrder(db, userId, orderId);
    if (!row) throw new Error(`no membership for order ${orderId}`);
    return await toRecord(db, row, deps.now());
  };

  if (input.payment.type === "manual") {
    return await recordManualPayment(deps, actor, userId, {
      key: input.headerKey ? `manual:key:${input.headerKey}` : `manual:after-${current?.id ?? 0}`,
      payment: input.payment,
      amount,
      itemName,
      guard,
      fulfil,
      answer,
    });
  }
  // Without the header a double submit derives the same key (one charge) while a retry after a decline, or
  // the next renewal, derives a fresh one.
  const derived = `auto:after-${current?.id ?? 0}:attempt-${
    (await declinedMembershipOrders(db, userId)) + 1
  }`;
  return await payOnce(deps, {
    userId,
    businessId: null,
    kind: "membership",
    purpose: actor.userId === userId ? "membership" : `membership-by-${actor.userId}`,
    headerKey: input.headerKey ?? derived,
    paymentMethodId: input.payment.payment_method_id,
    amountCents: amount,
    itemName,
    guard,
    fulfil: (trx, orderId, now) => fulfil(trx, orderId, now),
    answer,
  });
}

interface ManualPayment<T> {
  key: string;
  payment: Extract<StartPayment, { type: "manual" }>;
  amount: number;
  itemName: string;
  guard(db: Kysely<DB>): Promise<void>;
  fulfil(trx: Transaction<DB>, orderId: number, now: Date): Promise<void>;
  answer(db: Kysely<DB>, orderId: number): Promise<T>;
}

/** A payment taken outside the processor (check, cash, a card charged by phone): a completed manual order. */
async function recordManualPayment<T>(deps: Deps, actor: Actor, userId: number, p: ManualPayment<T>) {
  const { db } = deps.database;
  const byKey = () =>
    db.selectFrom("orders").select("id").where("user_id", "=", userId).where("idempotency_key", "=", p.key)
      .executeTakeFirst();
  const previous = await byKey();
  if (previous) return await p.answer(db, previous.id);
  await p.guard(db);
  const now = deps.now();
  const orderId = await db.transaction().execute(async (trx) => {
    const order = await trx.insertInto("orders").values({
      kind: "membership",
      user_id: userId,
      total_cents: p.amount,
      status: "completed",
      completed_at: now,
      payment_type: "manual",
      payment_medium: p.payment.payment_medium,
      manual_charge_date: p.payment.payment_date,
      idempotency_key: p.key,
      created_by_user_id: actor.userId,
      created_at: now,
    }).onConflict((oc) =>
      oc.columns(["user_id", "idempotency_key"]).where("idempotency_key", "is not", null).doNothing()
    ).returning("id").executeTakeFirst();
    if (!order) return null;
    await trx.insertInto("order_items")
      .values({ order_id: order.id, name: p.itemName, cost_cents: p.amount, quantity: 1 }).execute();
    await p.fulfil(trx, order.id, now);
    return order.id;
  });
  return await p.answer(db, orderId ?? (await byKey())!.id);
}

/** Runs `change` on the member's locked memberships and answers the membership afterwards. */
async function changeLocked(
  deps: Deps,
  userId: number,
  change: (trx: Transaction<DB>, member: Member, now: Date, today: DateString) => Promise<void>,
): Promise<MembershipRecord> {
  const { db } = deps.database;
  const member = await requireMember(db, userId);
  const now = deps.now();
  await db.transaction().execute(async (trx) => {
    await lockMemberships(trx, userId);
    await change(trx, member, now, coverageToday(now));
  });
  const row = await currentMembership(db, userId);
  return await toRecord(db, row!, now);
}

const memberMeta = (m: Member) => ({
  member_user_id: m.id,
  member_first_name: m.first_name,
  member_last_name: m.last_name,
  member_number: m.member_number,
});

/**
 * Pauses the membership (and any other term still running after an early renewal) and tells the
 * administrators (a MEMBERSHIP_PAUSED notification). `reason` is already the stored form: the free text for
 * 'Other'.
 */
export async function pauseMembership(
  deps: Deps,
  actor: Actor,
  userId: number,
  pause: { reason: string; otherReason: string | null },
): Promise<MembershipRecord> {
  return await changeLocked(deps, userId, async (trx, member, now, today) => {
    const current = check("pause", await currentMembership(trx, userId), today);
    let currentPauseId = 0;
    for (const m of await liveMemberships(trx, userId, today)) {
      if (m.type !== "annual") continue;
      const open = await trx.selectFrom("membership_pauses").select("id").where("membership_id", "=", m.id)
        .where("resumed_at", "is", null).executeTakeFirst();
      const id = open?.id ?? (await trx.insertInto("membership_pauses").values({
        membership_id: m.id,
        paused_at: now,
        reason: pause.reason,
        other_reason: pause.otherReason,
        paused_by_user_id: actor.userId,
      }).returning("id").executeTakeFirstOrThrow()).id;
      if (m.id === current.id) currentPauseId = id;
    }
    await trx.insertInto("notifications").values({
      type: "MEMBERSHIP_PAUSED",
      meta: { ...memberMeta(member), reason: pause.reason, paused_at: now.toISOString(), resumed_at: null },
      trigger_user_id: actor.userId,
      user_id: userId,
      membership_id: current.id,
      membership_pause_id: currentPauseId,
      created_at: now,
    }).execute();
    await audit(trx, {
      actor: actor.userId,
      action: "membership_paused",
      entity: "membership",
      entityId: current.id,
      ip: actor.ip,
      detail: { member_user_id: userId, reason: pause.reason },
    });
  });
}

/** Closes the member's open pauses at `now`; answers their ids (their notifications get resumed_at). */
async function closePauses(trx: Transaction<DB>, userId: number, actorId: number, now: Date) {
  const closed = await trx.updateTable("membership_pauses").set({
    resumed_at: now,
    resumed_by_user_id: actorId,
  })
    .where("resumed_at", "is", null)
    .where(
      "membership_id",
      "in",
      (eb) => eb.selectFrom("memberships").select("id").where("user_id", "=", userId),
    )
    .returning("id").execute();
  const ids = closed.map((p) => p.id);
  if (ids.length) {
    await trx.updateTable("notifications")
      .set({ meta: sql`meta || jsonb_build_object('resumed_at', cast(${now.toISOString()} as text))` })
      .where("type", "=", "MEMBERSHIP_PAUSED").where("membership_pause_id", "in", ids).execute();
  }
  return ids;
}

/** Resumes a paused membership (only a paused one: anything else is a 409 saying why). */
export async function resumeMembership(deps: Deps, actor: Actor, userId: number): Promise<MembershipRecord> {
  return await changeLocked(deps, userId, async (trx, _member, now, today) => {
    const current = check("resume", await currentMembership(trx, userId), today);
    const pauses = await closePauses(trx, userId, actor.userId, now);
    await audit(trx, {
      actor: actor.userId,
      action: "membership_resumed",
      entity: "membership",
      entityId: current.id,
      ip: actor.ip,
      detail: { member_user_id: userId, pause_ids: pauses },
    });
  });
}

/**
 * Cancels the membership now: coverage ends today, autorenewal stops, an open pause ends, the administrators
 * get a MEMBERSHIP_CANCELLED notification and the member a confirmation e-mail.
 */
export async function cancelMembership(deps: Deps, actor: Actor, userId: number): Promise<MembershipRecord> {
  let cancelledFor: Member | undefined;
  const answer = await changeLocked(deps, userId, async (trx, member, now, today) => {
    const current = check("cancel", await currentMembership(trx, userId), today);
    const ids = [...new Set([current.id, ...(await liveMemberships(trx, userId, today)).map((m) => m.id)])];
    await trx.updateTable("memberships")
      .set({ cancelled_at: now, cancelled_by_user_id: actor.userId, autorenew: false })
      .where("user_id", "=", userId).where("id", "in", ids).where("cancelled_at", "is", null).execute();
    await closePauses(trx, userId, actor.userId, now);
    await trx.insertInto("notifications").values({
      type: "MEMBERSHIP_CANCELLED",
      meta: { ...memberMeta(member), cancelled_at: now.toISOString() },
      trigger_user_id: actor.userId,
      user_id: userId,
      membership_id: current.id,
      created_at: now,
    }).execute();
    await audit(trx, {
      actor: actor.userId,
      action: "membership_cancelled",
      entity: "membership",
      entityId: current.id,
      ip: actor.ip,
      detail: { member_user_id: userId, membership_ids: ids },
    });
    cancelledFor = member;
  });
  if (cancelledFor) {
    await deps.mailer.send(cancellationMail(deps.config.publicUrl, cancelledFor, actor.userId !== userId));
  }
  return answer;
}

function cancellationMail(publicUrl: string, member: Member, byAdministrator: boolean) {
  return {
    to: member.email,
    subject: "Your APCA membership has been cancelled",
    text: `Hello ${member.first_name},\n\n` +
      (byAdministrator
        ? "An APCA administrator has cancelled your membership"
        : "As you asked, your APCA membership has been cancelled") +
      ". You are no longer enrolled in the APCA random drug-testing program, it will not renew, and no " +
      "further payment will be taken.\n\n" +
      `You can start a new membership at any time from ${publicUrl}/app/account/membership/new.\n\nAPCA`,
  };
}

/** The administrators' update of the expiry (admin spec §2): refused for a failed or cancelled membership. */
export async function updateMembership(
  deps: Deps,
  actor: Actor,
  userId: number,
  input: { hasExpiration: boolean; date: DateString | null },
): Promise<MembershipRecord> {
  return await changeLocked(deps, userId, async (trx, _member, _now, today) => {
    const current = check("update", await currentMembership(trx, userId), today);
    await trx.updateTable("memberships").set({
      has_expiration: input.hasExpiration,
      expire_at: input.hasExpiration ? input.date : null,
      // Nothing to renew without an expiry.
      autorenew: input.hasExpiration && current.autorenew,
    }).where("id", "=", current.id).execute();
    await audit(trx, {
      actor: actor.userId,
      action: "membership_updated",
      entity: "membership",
      entityId: current.id,
      ip: actor.ip,
      detail: {
        member_user_id: userId,
        before: { expire_at: current.expire_at, has_expiration: current.has_expiration },
        after: { expire_at: input.date, has_expiration: input.hasExpiration },
      },
    });
  });
}
