/** Reads and writes of memberships and their pauses. Every query names the member it is about. */
import { type Insertable, type Kysely, sql, type Transaction, type Updateable } from "kysely";
import type { DateString, DB, MembershipType } from "../db/types.ts";
import { compiledRead } from "../db/compiled-query.ts";
import { type ListParams, paginate } from "../lib/list.ts";
import { addDays } from "../lib/dates.ts";
import { insertWithIds, updateAll } from "../lib/bulk.ts";

/** The member an action is about; deleted accounts are unknown. */
export function findMember(db: Kysely<DB>, userId: number) {
  return db.selectFrom("users").select(["id", "email", "first_name", "last_name", "member_number"])
    .where("id", "=", userId).where("deleted_at", "is", null).executeTakeFirst();
}

export type Member = NonNullable<Awaited<ReturnType<typeof findMember>>>;

const MEMBERSHIP_COLUMNS = [
  "m.id",
  "m.user_id",
  "m.type",
  "m.is_renewal",
  "m.created_at",
  "m.starts_at",
  "m.expire_at",
  "m.has_expiration",
  "m.pending",
  "m.failed",
  "m.failure_reason",
  "m.cancelled",
  "m.cancelled_at",
  "m.autorenew",
  "m.price_cents",
  "m.order_id",
  "m.order_test",
  "m.business_id",
] as const;

function membershipQuery(db: Kysely<DB>, userId: number) {
  return db.selectFrom("memberships as m")
    .leftJoin(
      "membership_pauses as p",
      (j) => j.onRef("p.membership_id", "=", "m.id").on("p.resumed_at", "is", null),
    )
    .select([...MEMBERSHIP_COLUMNS, "p.id as pause_id", "p.paused_at", "p.reason as pause_reason"])
    .where("m.user_id", "=", userId);
}

/**
 * The member's membership: the latest row (each purchase or renewal is a row, and the latest one is the term
 * that counts), with its open pause if any.
 */
export function currentMembership(db: Kysely<DB>, userId: number) {
  return membershipQuery(db, userId).orderBy("m.id", "desc").limit(1).executeTakeFirst();
}

/** A user id no row has: the marker the compiled-once queries below are built with. */
const USER_MARK = -718_204_114;

/**
 * The member's membership as the record shows it, in one statement: the latest row with its open pause, and
 * what the account-deletion warning needs (the member's scheduled deletion, whether they have a card of their
 * own). Compiled once (the member's most frequent read).
 */
const currentRecordRowRead = compiledRead(
  (db: Kysely<DB>, userId: number) =>
    membershipQuery(db, userId)
      .select((eb) => [
        eb.selectFrom("users as u").select("u.scheduled_deletion_at").whereRef("u.id", "=", "m.user_id")
          .as("scheduled_deletion_at"),
        eb.exists(
          eb.selectFrom("payment_methods as pm").select("pm.id").whereRef("pm.user_id", "=", "m.user_id")
            .where("pm.deleted_at", "is", null),
        ).as("has_own_card"),
      ])
      .orderBy("m.id", "desc").limit(1),
  [USER_MARK],
);

export async function currentRecordRow(db: Kysely<DB>, userId: number) {
  const [row] = await currentRecordRowRead(db, userId);
  return row;
}

/**
 * Every pause of the member's memberships with what ends an open one, and the pause rule, in one statement:
 * the settings row joined with the pauses (one row with null pause columns when there is none). Compiled once.
 */
const pausesWithRuleRead = compiledRead(
  (db: Kysely<DB>, userId: number) =>
    db.selectFrom("settings as s")
      .leftJoinLateral(
        (eb) =>
          eb.selectFrom("membership_pauses as p").innerJoin("memberships as m", "m.id", "p.membership_id")
            .select(["p.paused_at", "p.resumed_at", "m.expire_at", "m.cancelled_at"])
            .where("m.user_id", "=", userId).as("x"),
        (join) => join.onTrue(),
      )
      .select(["s.pause_warning_days", "s.pause_window_days", "x.paused_at", "x.resumed_at", "x.expire_at"])
      .select("x.cancelled_at")
      .orderBy("x.paused_at"),
  [USER_MARK],
);

/** A pause of the member's with what ends an open one: its membership's expiry and cancellation. */
export interface Pause {
  paused_at: Date;
  resumed_at: Date | null;
  expire_at: DateString | null;
  cancelled_at: Date | null;
}

export async function pausesWithRule(db: Kysely<DB>, userId: number) {
  const rows = await pausesWithRuleRead(db, userId);
  if (!rows.length) throw new Error("the settings row is missing");
  const { pause_warning_days, pause_window_days } = rows[0];
  // The rows as they are, without the settings' columns: a plain loop, on the member's most frequent read.
  const pauses: Pause[] = [];
  for (const { paused_at, resumed_at, expire_at, cancelled_at } of rows) {
    if (paused_at !== null) pauses.push({ paused_at, resumed_at, expire_at, cancelled_at });
  }
  return { pauses, rule: { pause_warning_days, pause_window_days } };
}

/** The member's membership row bought with an order. */
export function membershipByOrder(db: Kysely<DB>, userId: number, orderId: number) {
  return membershipQuery(db, userId).where("m.order_id", "=", orderId).executeTakeFirst();
}

export type MembershipRow = NonNullable<Awaited<ReturnType<typeof currentMembership>>>;

/** Locks the member's membership rows for the rest of `trx` (pause, resume and cancel serialise on them). */
export async function lockMemberships(trx: Transaction<DB>, userId: number): Promise<void> {
  await trx.selectFrom("memberships").select("id").where("user_id", "=", userId).forUpdate().execute();
}

/**
 * The member's rows that still cover a day from `today` on: not failed, not cancelled, not expired. Usually
 * one; two after an early renewal (the old term runs to its end beside the new one), and then pause, resume
 * and cancel act on both, so that no term keeps earning a Letter of Compliance behind the member's back.
 */
export function liveMemberships(db: Kysely<DB>, userId: number, today: DateString) {
  return db.selectFrom("memberships").select(["id", "type"])
    .where("user_id", "=", userId).where("failed", "=", false).where("cancelled_at", "is", null)
    .where((eb) => eb.or([eb("expire_at", "is", null), eb("expire_at", ">=", today)]))
    .orderBy("id").execute();
}

/** Every pause of the member's memberships, with what ends an open one (expiry or cancellation). */
export function pausesOf(db: Kysely<DB>, userId: number) {
  return db.selectFrom("membership_pauses as p").innerJoin("memberships as m", "m.id", "p.membership_id")
    .select(["p.paused_at", "p.resumed_at", "m.expire_at", "m.cancelled_at"])
    .where("m.user_id", "=", userId).orderBy("p.paused_at").execute();
}

export function pauseRule(db: Kysely<DB>) {
  return db.selectFrom("settings").select(["pause_warning_days", "pause_window_days"])
    .executeTakeFirstOrThrow();
}

export function prices(db: Kysely<DB>) {
  return db.selectFrom("settings")
    .select(["annual_new_cents", "annual_renewal_cents", "one_time_cents"]).executeTakeFirstOrThrow();
}

/** Whether the member ever had an annual membership that was paid (renewal price from then on). */
export async function hadAnnual(db: Kysely<DB>, userId: number): Promise<boolean> {
  const row = await db.selectFrom("memberships").select("id")
    .where("user_id", "=", userId).where("type", "=", "annual").where("failed", "=", false)
    .limit(1).executeTakeFirst();
  return row !== undefined;
}

export interface NewMembership {
  userId: number;
  type: MembershipType;
  isRenewal: boolean;
  startsAt: Date;
  expireAt: DateString | null;
  autorenew: boolean;
  priceCents: number;
  orderId: number | null;
  createdBy: number | null;
  orderTest?: boolean | null;
  failureReason?: string | null;
  /** The company that pays for its employee's membership. */
  businessId?: number | null;
}

/** Inserts a membership row (a failed one when failureReason is given); answers its id. */
export async function insertMembership(trx: Kysely<DB>, m: NewMembership): Promise<number> {
  const failed = m.failureReason != null;
  const row = await trx.insertInto("memberships").values({
    user_id: m.userId,
    type: m.type,
    is_renewal: m.isRenewal,
    starts_at: m.startsAt,
    created_at: m.startsAt,
    expire_at: m.expireAt,
    has_expiration: m.expireAt !== null,
    autorenew: !failed && m.type === "annual" && m.autorenew && m.expireAt !== null,
    price_cents: m.priceCents,
    order_id: m.orderId,
    order_test: m.orderTest ?? null,
    failed,
    failure_reason: m.failureReason ?? null,
    created_by_user_id: m.createdBy,
    business_id: m.businessId ?? null,
  }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

const HISTORY_SORT = {
  id: "m.id",
  created_at: "m.created_at",
  expire_at: "m.expire_at",
  type: "m.type",
};

/** One page of the member's memberships, newest first unless asked otherwise. */
export function listMemberships(db: Kysely<DB>, userId: number, params: ListParams) {
  const query = db.selectFrom("memberships as m").leftJoin("orders as o", "o.id", "m.order_id")
    .select([...MEMBERSHIP_COLUMNS, "o.number as order_number"])
    .select((eb) =>
      eb.exists(
        eb.selectFrom("membership_pauses as p").select(sql`1`.as("one"))
          .whereRef("p.membership_id", "=", "m.id").where("p.resumed_at", "is", null),
      ).as("paused")
    )
    .where("m.user_id", "=", userId);
  return paginate(query, params, HISTORY_SORT);
}

/** The membership's open pause, or a new one from `pausedAt`: answers its id (pausing twice keeps the first). */
export async function openPause(
  trx: Transaction<DB>,
  p: { membershipId: number; pausedAt: Date; reason: string; otherReason: string | null; pausedBy: number },
): Promise<number> {
  const open = await trx.selectFrom("membership_pauses").select("id").where(
    "membership_id",
    "=",
    p.membershipId,
  )
    .where("resumed_at", "is", null).executeTakeFirst();
  if (open) return open.id;
  const { id } = await trx.insertInto("membership_pauses").values({
    membership_id: p.membershipId,
    paused_at: p.pausedAt,
    reason: p.reason,
    other_reason: p.otherReason,
    paused_by_user_id: p.pausedBy,
  }).returning("id").executeTakeFirstOrThrow();
  return id;
}

/** Closes every open pause of the member's memberships at `now`; answers the closed pauses' ids. */
export async function closeOpenPauses(trx: Transaction<DB>, userId: number, actorId: number, now: Date) {
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
  return closed.map((p) => p.id);
}

/** Cancels the member's memberships `ids` at `now` (autorenewal stops); already cancelled ones keep their date. */
export async function cancelMemberships(
  trx: Transaction<DB>,
  userId: number,
  ids: number[],
  actorId: number,
  now: Date,
): Promise<void> {
  await trx.updateTable("memberships").set({
    cancelled_at: now,
    cancelled_by_user_id: actorId,
    autorenew: false,
  })
    .where("user_id", "=", userId).where("id", "in", ids).where("cancelled_at", "is", null).execute();
}

/** A deleted account's memberships stop renewing (decision 0024); their records stay. */
export async function stopAutorenewOfUser(db: Kysely<DB>, userId: number): Promise<void> {
  await db.updateTable("memberships").set({ autorenew: false })
    .where("user_id", "=", userId).where("autorenew", "=", true).execute();
}

/** The administrators' expiry update of one membership row. */
export async function setExpiry(
  trx: Transaction<DB>,
  membershipId: number,
  e: { hasExpiration: boolean; expireAt: DateString | null; autorenew: boolean },
): Promise<void> {
  await trx.updateTable("memberships")
    .set({ has_expiration: e.hasExpiration, expire_at: e.expireAt, autorenew: e.autorenew })
    .where("id", "=", membershipId).execute();
}

/** A term that ended longer ago than this is left alone: charging for a long-lapsed membership surprises. */
export const AUTORENEW_GRACE_DAYS = 30;

/** Memberships due for renewal on `today`: annual, autorenew, paid, not cancelled, not paused, not yet renewed. */
export function dueRenewals(db: Kysely<DB>, today: DateString) {
  return db.selectFrom("memberships as m").innerJoin("users as u", "u.id", "m.user_id")
    .select(["m.id", "m.user_id", "m.expire_at", "u.email", "u.first_name"])
    .where("m.type", "=", "annual").where("m.autorenew", "=", true).where("m.failed", "=", false)
    .where("m.pending", "=", false).where("m.cancelled_at", "is", null).where("u.deleted_at", "is", null)
    .where("m.expire_at", "<=", today).where("m.expire_at", ">=", addDays(today, -AUTORENEW_GRACE_DAYS))
    // Not yet renewed: no later membership row (paid or failed) for the member.
    .where(({ not, exists, selectFrom }) =>
      not(exists(
        selectFrom("memberships as later").select("later.id")
          .whereRef("later.user_id", "=", "m.user_id").whereRef("later.id", ">", "m.id"),
      ))
    )
    // A paused member said they are off the water: they renew when they come back.
    .where(({ not, exists, selectFrom }) =>
      not(exists(
        selectFrom("membership_pauses as p").select("p.id")
          .whereRef("p.membership_id", "=", "m.id").where("p.resumed_at", "is", null),
      ))
    )
    .orderBy("m.expire_at").orderBy("m.id").execute();
}

export type DueRenewal = Awaited<ReturnType<typeof dueRenewals>>[number];

/** A current employee of the business (a live account linked as an employee, not removed). */
export function currentEmployee(db: Kysely<DB>, businessId: number, userId: number) {
  return db.selectFrom("business_users as bu").innerJoin("users as u", "u.id", "bu.user_id")
    .select(["bu.id", "bu.user_id"])
    .where("bu.business_id", "=", businessId).where("bu.user_id", "=", userId)
    .where("bu.is_employee", "=", true).where("bu.removed_at", "is", null).where("u.deleted_at", "is", null)
    .executeTakeFirst();
}

/** What the 30-day deletion warning needs: whether the member has a card of their own, and any schedule. */
export function deletionFacts(db: Kysely<DB>, userId: number) {
  return db.selectFrom("users as u")
    .select((eb) => [
      "u.scheduled_deletion_at",
      eb.exists(
        eb.selectFrom("payment_methods as pm").select("pm.id").whereRef("pm.user_id", "=", "u.id")
          .where("pm.deleted_at", "is", null),
      ).as("has_own_card"),
    ])
    .where("u.id", "=", userId).executeTakeFirstOrThrow();
}

/** Days before an automatic renewal that its notice is mailed (settings, 15 to 45). */
export async function renewalNoticeDays(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom("settings").select("renewal_notice_days").executeTakeFirstOrThrow();
  return row.renewal_notice_days;
}

/**
 * Terms whose automatic renewal is `noticeDays` or fewer days after `today` (and still ahead) and whose notice
 * is unsent: the memberships dueRenewals will renew, seen ahead of time.
 */
export function renewalNoticesDue(db: Kysely<DB>, today: DateString, noticeDays: number) {
  return db.selectFrom("memberships as m").innerJoin("users as u", "u.id", "m.user_id")
    .select(["m.id", "m.user_id", "m.expire_at", "u.email", "u.first_name"])
    .where("m.type", "=", "annual").where("m.autorenew", "=", true).where("m.failed", "=", false)
    .where("m.pending", "=", false).where("m.cancelled_at", "is", null).where("u.deleted_at", "is", null)
    .where("m.renewal_notice_sent_at", "is", null)
    .where("m.expire_at", ">", today).where("m.expire_at", "<=", addDays(today, noticeDays))
    .where(({ not, exists, selectFrom }) =>
      not(exists(
        selectFrom("memberships as later").select("later.id")
          .whereRef("later.user_id", "=", "m.user_id").whereRef("later.id", ">", "m.id"),
      ))
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(
        selectFrom("membership_pauses as p").select("p.id")
          .whereRef("p.membership_id", "=", "m.id").where("p.resumed_at", "is", null),
      ))
    )
    .orderBy("m.expire_at").orderBy("m.id").execute();
}

/** Claims the term's renewal notice (set while unset); true when this call claimed it. */
export async function claimRenewalNotice(db: Kysely<DB>, membershipId: number, now: Date): Promise<boolean> {
  const row = await db.updateTable("memberships").set({ renewal_notice_sent_at: now })
    .where("id", "=", membershipId).where("renewal_notice_sent_at", "is", null)
    .returning("id").executeTakeFirst();
  return row !== undefined;
}

/** Gives the claim back when the notice could not be handed to the outbox (the next run sends it). */
export async function releaseRenewalNotice(db: Kysely<DB>, membershipId: number, claimedAt: Date) {
  await db.updateTable("memberships").set({ renewal_notice_sent_at: null })
    .where("id", "=", membershipId).where("renewal_notice_sent_at", "=", claimedAt).execute();
}

/** A removed employee: the memberships `businessId` paid stop renewing on its cards (decision 0065). */
export async function stopCompanyRenewals(db: Kysely<DB>, userId: number, businessId: number) {
  const rows = await db.updateTable("memberships").set({ autorenew: false })
    .where("user_id", "=", userId).where("business_id", "=", businessId).where("autorenew", "=", true)
    .returning("id").execute();
  return rows.map((r) => r.id);
}

/**
 * A moved employee: the memberships `from` paid that are not over are carried by `to` from now on, so the
 * member's tests go through the new company (decision 0065). Past ones keep their payer.
 */
export async function carryCompanyMemberships(
  db: Kysely<DB>,
  userId: number,
  from: number,
  to: number,
  today: DateString,
) {
  const rows = await db.updateTable("memberships").set({ business_id: to })
    .where("user_id", "=", userId).where("business_id", "=", from).where("cancelled_at", "is", null)
    .where("failed", "=", false)
    .where((eb) => eb.or([eb("expire_at", "is", null), eb("expire_at", ">=", today)]))
    .returning("id").execute();
  return rows.map((r) => r.id);
}

/**
 * An account merge (decision 0080): moves the memberships of `from` that ran or run to `to` (not the failed
 * ones, which bought nothing, nor any from `below` on: a term later than `to`'s running one would hide it) and
 * marks each account's latest membership current again (sql/0021's trigger keeps it on insert and delete, not
 * on a move). Answers how many moved.
 */
export async function moveMembershipsOfUser(
  db: Kysely<DB>,
  from: number,
  to: number,
  below?: number,
): Promise<number> {
  let move = db.updateTable("memberships").set({ user_id: to }).where("user_id", "=", from)
    .where("failed", "=", false);
  if (below !== undefined) move = move.where("id", "<", below);
  const moved = await move.returning("id").execute();
  await sql`update memberships m set is_current = (m.id = l.max_id)
    from (select x.user_id, max(x.id) as max_id from memberships x where x.user_id in (${from}, ${to})
          group by x.user_id) l
    where m.user_id = l.user_id and m.is_current <> (m.id = l.max_id)`.execute(db);
  return moved.length;
}

/**
 * The user's running memberships on `today` (not failed, not cancelled, not past their expiry; a pending or
 * paused one runs), newest first, with whether each is the latest row (the term that counts).
 */
export async function runningMembershipsOn(db: Kysely<DB>, userId: number, today: DateString) {
  return await db.selectFrom("memberships").select(["id", "type", "expire_at", "is_current"])
    .where("user_id", "=", userId).where("failed", "=", false).where("cancelled_at", "is", null)
    .where((eb) => eb.or([eb("expire_at", "is", null), eb("expire_at", ">=", today)]))
    .orderBy("id", "desc").execute();
}

// ---- For the administrators' import (api/src/imports/, decision 0084). ----

/** The import's chunks, set-based (decision 0089): answers the new ids in the rows' order. */
export const insertImportedMemberships = (db: Kysely<DB>, rows: Insertable<DB["memberships"]>[]) =>
  insertWithIds(db, "memberships", rows);
export const updateImportedMemberships = (
  db: Kysely<DB>,
  rows: { id: number; change: Updateable<DB["memberships"]> }[],
) => updateAll(db, "memberships", rows);

export async function updateImportedMembership(
  db: Kysely<DB>,
  id: number,
  change: Updateable<DB["memberships"]>,
) {
  if (Object.keys(change).length === 0) return;
  await db.updateTable("memberships").set(change).where("id", "=", id).execute();
}

export async function deleteImportedMembership(db: Kysely<DB>, id: number) {
  await db.deleteFrom("memberships").where("id", "=", id).execute();
}
