/**
 * The one writer of the notifications table (docs/decisions/0019-notification-writer.md). Every domain that
 * tells the administrators something calls `notify(trx, ...)` inside its own transaction, so the notification
 * exists exactly when the change it reports does; a test fails when other code writes the table.
 */
import { type Expression, type Kysely, type QueryCreator, sql, type Transaction } from "kysely";
import type { DB, NotificationType } from "../db/types.ts";
import { type ListParams, paginate, paginateById } from "../lib/list.ts";
import { escapeLike } from "../lib/search-terms.ts";
import type { Notification } from "./kinds.ts";

/** The columns a notification links to, read off its kind (absent links stay null). */
function links(n: Notification) {
  return {
    user_id: "userId" in n ? n.userId : null,
    business_id: "businessId" in n ? n.businessId : null,
    vessel_id: "vesselId" in n ? n.vesselId : null,
    order_id: "orderId" in n ? n.orderId : null,
    membership_id: "membershipId" in n ? n.membershipId : null,
    membership_pause_id: "membershipPauseId" in n ? n.membershipPauseId : null,
  };
}

/** Writes one notification; answers its id. (A registration's progress row is registration's, decision 0050.) */
export async function notify(trx: Transaction<DB>, n: Notification): Promise<number> {
  const { id } = await trx.insertInto("notifications").values({
    type: n.type,
    meta: { ...n.meta },
    trigger_user_id: n.triggerUserId,
    ...links(n),
    ...(n.at ? { created_at: n.at } : {}),
  }).returning("id").executeTakeFirstOrThrow();
  return id;
}

/** Marks the pause notifications of these membership pauses as resumed at `at` (their meta's resumed_at). */
export async function markPausesResumed(trx: Transaction<DB>, pauseIds: number[], at: Date): Promise<void> {
  if (!pauseIds.length) return;
  await trx.updateTable("notifications")
    .set({ meta: sql`meta || jsonb_build_object('resumed_at', cast(${at.toISOString()} as text))` })
    .where("type", "=", "MEMBERSHIP_PAUSED").where("membership_pause_id", "in", pauseIds).execute();
}

/**
 * Records an administrator's decision on a change request (approved or refused) at `at`; false when the
 * notification was not an open, undecided change of that type (someone decided it first).
 */
export async function decideChange(
  trx: Transaction<DB>,
  id: number,
  type: "UPDATE_BUSINESS" | "UPDATE_USER" | "UPDATE_VESSEL",
  decision: { approved: boolean; by: number; at: Date },
): Promise<boolean> {
  const result = await trx.updateTable("notifications")
    .set({ approved: decision.approved, decided_at: decision.at, decided_by_user_id: decision.by })
    .where("id", "=", id).where("type", "=", type).where("approved", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- The administrators' center (issue 12): reads, and the conditional writes that decide a race. ----

/** Open notifications by type: an index-only count over notifications_type_open_idx (sql/0006). */
export async function countOpenByType(db: Kysely<DB>) {
  return await db.selectFrom("notifications").select(["type", sql<number>`count(*)::int`.as("n")])
    .where("archived_at", "is", null).groupBy("type").execute();
}

/**
 * The notification center's search and date range (issue 24): `q` is a name, an e-mail, a member number or a
 * company's name or DBA; a notification matches when the member it is about, the user who triggered it or its
 * company matches, or (an employee request) the person it names. `from` and `to` bound created_at.
 */
export interface NotificationSearch {
  q?: string;
  from?: Date;
  to?: Date;
  /** Only the notifications about this business (its page's pending changes, issue 24 item 3). */
  businessId?: number;
}

/** The words of a search as a LIKE pattern (its % and _ taken literally). */
const likeOf = (q: string) => `%${escapeLike(q.trim().toLowerCase())}%`;

/**
 * Ids of the users a search names (member number, e-mail, name), indexed lookups first.
 *
 * The name matches when `lower(first_name || ' ' || last_name) like '%text%'`; how those members are found depends
 * on the text's spaces (decision 0096, amendment of 2026-12-07). Without one: the name trigram index (sql/0039).
 * With spaces, a member whose first and last names have none has exactly one space in `first last`, between the
 * two, so the text can only lie across it with its own space there: the text has exactly one space, the first
 * name ends with the words before it and the last name begins with the words after it (and such a name does
 * hold the text). So the members are those with a space in their first or last name whose name holds the text
 * (a partial trigram index of those alone, sql/0066) and, for a text with one space, that range of
 * users_name_parts_c_idx (sql/0066: the reversed first name equal to the reversed words, or longer and so after
 * them in byte order; the last name by prefix), read from the index alone. `lower` maps each character on its
 * own, so `lower(first || ' ' || last)` is `lower(first) || ' ' || lower(last)`. At a million members the trigram
 * index's bitmap and rows for "maria garcia" (2,862 members) took 30 ms; the range takes under 1.
 */
function matchingUsers(db: Kysely<DB>, q: string) {
  const text = q.trim();
  const lower = text.toLowerCase();
  const like = likeOf(text);
  const words = lower.split(" ");
  const byKey = db.selectFrom("users as su").select("su.id").where((w) =>
    w.or([
      w("su.member_number", "=", text.toUpperCase()),
      w("su.member_number", "=", text),
      w(sql`lower(su.email)`, "=", lower),
      w(sql`lower(su.email)`, "like", like),
      ...(words.length === 1 ? [w(sql`lower(su.first_name || ' ' || su.last_name)`, "like", like)] : []),
    ])
  );
  if (words.length === 1) return byKey;
  const spaced = byKey.unionAll(
    db.selectFrom("users as su").select("su.id")
      .where(sql<boolean>`(su.first_name like '% %' or su.last_name like '% %')`)
      .where(sql`lower(su.first_name || ' ' || su.last_name)`, "like", like),
  );
  if (words.length > 2) return spaced;
  // The first name ends with words[0]: its reversal is words[0] reversed, or longer and so after it in byte order.
  const reversed = [...words[0]].reverse().join("");
  const first = sql`reverse(lower(su.first_name)) collate "C"`;
  const last = sql`lower(su.last_name) collate "C"`;
  return spaced
    .unionAll(
      db.selectFrom("users as su").select("su.id").where(first, "=", reversed)
        .where(last, "like", `${escapeLike(words[1])}%`),
    )
    .unionAll(
      db.selectFrom("users as su").select("su.id").where(first, ">", reversed)
        .where(first, "like", `${escapeLike(reversed)}%`).where(last, "like", `${escapeLike(words[1])}%`),
    );
}

/** Ids of the companies a search names (name or DBA). */
function matchingBusinesses(db: Kysely<DB>, q: string) {
  const like = likeOf(q);
  return db.selectFrom("businesses as sb").select("sb.id").where((w) =>
    w.or([w(sql`lower(sb.name)`, "like", like), w(sql`lower(coalesce(sb.dba_name, ''))`, "like", like)])
  );
}

/** The search's date range and business on a notifications alias `n` (true when there is none). */
function rangeCondition(search: NotificationSearch | undefined) {
  const parts = [sql<boolean>`true`];
  if (search?.from) parts.push(sql<boolean>`n.created_at >= ${search.from}`);
  if (search?.to) parts.push(sql<boolean>`n.created_at < ${search.to}`);
  if (search?.businessId !== undefined) parts.push(sql<boolean>`n.business_id = ${search.businessId}`);
  return parts;
}

/** The person a notification's meta names (an employee request's), lowered. */
const metaPerson = (alias: "n" | "x") =>
  sql`lower(coalesce(${sql.ref(`${alias}.meta`)}->'user'->>'first_name', '') || ' ' || coalesce(${
    sql.ref(`${alias}.meta`)
  }->'user'->>'last_name', ''))`;

/** The search's condition on a notifications alias `n` (true when the search is empty). */
function searchCondition(db: Kysely<DB>, search: NotificationSearch | undefined) {
  const parts = rangeCondition(search);
  const text = search?.q?.trim();
  if (text) {
    const like = likeOf(text);
    // One union of ids, each branch an index probe (sql/0039, decision 0070): an OR of these conditions on `n`
    // itself read every notification of the category (a sequential scan of 250,000 rows at scale).
    // The matching users are looked up once (materialized) for both the member and the one who triggered it.
    parts.push(sql<boolean>`n.id in (
      with mu as materialized (${matchingUsers(db, text)})
      select x.id from notifications x where x.user_id in (select id from mu)
      union select x.id from notifications x where x.trigger_user_id in (select id from mu)
      union select x.id from notifications x where x.business_id in (${matchingBusinesses(db, text)})
      union select x.id from notifications x where ${metaPerson("x")} like ${like}
      union select x.id from notifications x where lower(coalesce(x.meta->'user'->>'email', '')) like ${like}
      union select x.id from notifications x
        where lower(coalesce(x.meta->>'order_number', '')) = ${text.toLowerCase()})`);
  }
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/**
 * The notification center's list (decision 0096, amendment of 2026-12-07): the same matches as `searchCondition`,
 * as one condition on `n` that a bitmap of index probes answers, the list's type and archive filter applied to
 * each candidate's row as it is read. The matching users' and companies' ids are looked up once, in the
 * statement's common table expressions `mu` and `mb` (`searchScope`), and probed as arrays (`= any`): the
 * union of `in (select ...)` branches probed the notifications once per user for each of the member and the one
 * who triggered it, then once more per candidate for its type and archive state. Who triggered a notification
 * is probed only where it is not the member it is about (sql/0066): where it is, the member's probe finds it.
 */
function listSearchCondition(search: NotificationSearch | undefined) {
  const parts = rangeCondition(search);
  const text = search?.q?.trim();
  if (text) {
    const like = likeOf(text);
    parts.push(sql<boolean>`(n.user_id = any((select ids from mu)::int[])
      or (n.trigger_user_id = any((select ids from mu)::int[]) and n.trigger_user_id is not null
        and n.trigger_user_id is distinct from n.user_id)
      or n.business_id = any((select ids from mb)::int[])
      or ${metaPerson("n")} like ${like}
      or lower(coalesce(n.meta->'user'->>'email', '')) like ${like}
      or lower(coalesce(n.meta->>'order_number', '')) = ${text.toLowerCase()})`);
  }
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/** The statement's start for `listSearchCondition`: with the matching users' and companies' ids when searching. */
function searchScope(db: Kysely<DB>, search: NotificationSearch | undefined): QueryCreator<DB> {
  const text = search?.q?.trim();
  if (!text) return db;
  const ids = (of: Expression<unknown>) => db.selectNoFrom(sql<number[]>`array(${of})`.as("ids"));
  const scope = db.with((cte) => cte("mu").materialized(), () => ids(matchingUsers(db, text)))
    .with((cte) => cte("mb").materialized(), () => ids(matchingBusinesses(db, text)));
  // The two expressions are named in listSearchCondition's raw SQL only: the list's builder keeps the tables' type.
  return scope as unknown as QueryCreator<DB>;
}

/**
 * A company request filed at registration is worked from its registration's card (one request, one card): its
 * NEW_BUSINESS_REQUEST notification is left out of the lists and the count while that registration is open.
 */
const REGISTRATION_REQUEST = sql<boolean>`(n.type = 'NEW_BUSINESS_REQUEST' and exists (
  select 1 from notifications rn join registration_notifications rr on rr.notification_id = rn.id
  where rn.type = 'REGISTRATION' and rn.archived_at is null and rr.user_id = n.user_id))`;

/** Open change requests that have their own card (the Changes badge). */
export async function countOpenChanges(db: Kysely<DB>, types: readonly NotificationType[]) {
  const row = await db.selectFrom("notifications as n").select(sql<number>`count(*)::int`.as("n"))
    .where("n.archived_at", "is", null).where("n.type", "in", types).where(
      sql<boolean>`not ${REGISTRATION_REQUEST}`,
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Whether the card's order `o` holds a line that ships, as orders/queries.ts `orderShips` answers it (this
 * domain sits below orders): a scalar sub-query, never planned as a hashed read of every order line.
 */
const orderShips = sql<
  boolean
>`coalesce((select true from order_items si where si.order_id = o.id and si.ships limit 1), false)`;

/**
 * One page of notifications of these types, open or archived, newest first, with what the cards show. The
 * matching notifications are counted and their page's ids found without the cards' joins; only the page's rows
 * are then joined (decision 0096, amendment of 2026-12-07: the joins of every match before the top 20 were most
 * of a common name's page).
 */
export async function listNotifications(
  db: Kysely<DB>,
  filter: { archived: boolean; types: NotificationType[]; id?: number; search?: NotificationSearch },
  params: ListParams,
) {
  const matches = searchScope(db, filter.search).selectFrom("notifications as n").select("n.id")
    .$if(filter.id === undefined, (q) => q.where("n.archived_at", filter.archived ? "is not" : "is", null))
    .$if(filter.id !== undefined, (q) => q.where("n.id", "=", filter.id!))
    .where("n.type", "in", filter.types)
    .$if(
      filter.id === undefined && !filter.archived,
      (q) => q.where(sql<boolean>`not ${REGISTRATION_REQUEST}`),
    )
    .where(listSearchCondition(filter.search));
  const cards = (ids: Expression<unknown>) =>
    db.selectFrom("notifications as n")
      .leftJoin("users as t", "t.id", "n.trigger_user_id")
      .leftJoin("users as s", "s.id", "n.user_id")
      .leftJoin("new_business_requests as br", "br.notification_id", "n.id")
      .leftJoin("employee_requests as er", "er.notification_id", "n.id")
      .leftJoin("orders as o", "o.id", "n.order_id")
      .where(sql<boolean>`n.id in (${ids})`)
      .select([
        "n.id",
        "n.type",
        "n.meta",
        "n.approved",
        "n.archived_at",
        "n.created_at",
        "n.trigger_user_id",
        "t.first_name as trigger_first_name",
        "t.last_name as trigger_last_name",
        "s.first_name as subject_first_name",
        "s.last_name as subject_last_name",
        "n.user_id",
        "n.business_id",
        "n.vessel_id",
        "n.order_id",
        "o.status as order_status",
        "o.shipping_status as order_shipping_status",
        orderShips.as("order_ships"),
        "br.id as business_request_id",
        "br.status as business_request_status",
        "er.id as employee_request_id",
        "er.status as employee_request_status",
      ]);
  return await paginateById(
    matches,
    newestFirst(params),
    { id: "n.id", created_at: "n.created_at" },
    undefined,
    cards,
  );
}

/** Newest first: the lists sort by when the notification was written (then id), whatever the page asks. */
const newestFirst = (params: ListParams): ListParams =>
  params.sort_by === "id" ? { ...params, sort_by: "created_at" } : params;

/** One page of registrations with their live progress (membership, compliance kit, test, company request). */
export async function listRegistrations(
  db: Kysely<DB>,
  archived: boolean,
  params: ListParams,
  search?: NotificationSearch,
) {
  const base = db.selectFrom("notifications as n")
    .innerJoin("registration_notifications as r", "r.notification_id", "n.id")
    .innerJoin("users as u", "u.id", "r.user_id")
    .leftJoin("businesses as b", "b.id", "r.business_id")
    .leftJoin("drug_tests as dt", "dt.id", "r.drug_test_id")
    .where("n.type", "=", "REGISTRATION")
    .where("n.archived_at", archived ? "is not" : "is", null)
    .select((eb) => [
      "n.id",
      "n.created_at",
      "n.archived_at",
      "r.kind",
      "r.user_id",
      "u.first_name",
      "u.last_name",
      "u.member_number",
      "r.business_id",
      "b.name as business_name",
      "b.has_compliance_kit",
      "r.business_approved_at",
      "r.paid_at",
      "r.company_training_at",
      "r.drug_test_at",
      "r.loc_sent_at",
      "r.is_annual",
      eb.fn.coalesce("dt.result", "dt.status", "r.drug_test_status").as("drug_test_status"),
      eb.exists(
        eb.selectFrom("memberships as m").select("m.id").whereRef("m.user_id", "=", "r.user_id")
          .where("m.pending", "=", false).where("m.failed", "=", false),
      ).as("membership_created"),
      eb.selectFrom("new_business_requests as br").select("br.id").whereRef("br.user_id", "=", "r.user_id")
        .where("br.status", "=", "pending").orderBy("br.id").limit(1).as("business_request_id"),
      // The employee request the registration brought (its member filed it as an owner, or it names them),
      // still waiting on an open notification: sql/0024's partial indexes find it.
      eb.selectFrom("employee_requests as er").innerJoin("notifications as en", "en.id", "er.notification_id")
        .select("er.notification_id").where("er.status", "=", "pending").where("en.archived_at", "is", null)
        .where((w) =>
          w.or([
            w("er.owner_user_id", "=", w.ref("r.user_id")),
            w("er.possible_user_id", "=", w.ref("r.user_id")),
          ])
        )
        .orderBy("er.id").limit(1).as("employee_request_notification_id"),
    ]);
  const query = base.where(searchCondition(db, search));
  return await paginate(query, newestFirst(params), { id: "n.id", created_at: "n.created_at" });
}

/** One page of paused-membership notifications with their pause. */
export async function listPaused(
  db: Kysely<DB>,
  archived: boolean,
  params: ListParams,
  search?: NotificationSearch,
) {
  const base = db.selectFrom("notifications as n")
    .innerJoin("membership_pauses as p", "p.id", "n.membership_pause_id")
    .innerJoin("users as u", "u.id", "n.user_id")
    .where("n.type", "=", "MEMBERSHIP_PAUSED")
    .where("n.archived_at", archived ? "is not" : "is", null)
    .select([
      "n.id",
      "n.user_id",
      "n.archived_at",
      "u.first_name",
      "u.last_name",
      "u.member_number",
      "p.reason",
      "p.other_reason",
      "p.paused_at",
      "p.resumed_at",
    ]);
  const query = base.where(searchCondition(db, search));
  return await paginate(query, newestFirst(params), { id: "n.id", created_at: "n.created_at" });
}

/** The notification by id. */
export async function findNotification(db: Kysely<DB>, id: number) {
  return await db.selectFrom("notifications").selectAll().where("id", "=", id).executeTakeFirst() ?? null;
}

/** The notification, locked for the deciding transaction (a second administrator waits, then sees it done). */
export async function lockNotification(trx: Transaction<DB>, id: number) {
  return await trx.selectFrom("notifications").selectAll().where("id", "=", id).forUpdate()
    .executeTakeFirst() ?? null;
}

/** Archives an open notification; false when someone archived it first. */
export async function archiveNotification(trx: Kysely<DB>, id: number, at: Date): Promise<boolean> {
  const result = await trx.updateTable("notifications").set({ archived_at: at })
    .where("id", "=", id).where("archived_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Reopens an archived notification; false when someone reopened it first (decision 0082). */
export async function reopenNotification(trx: Transaction<DB>, id: number): Promise<boolean> {
  const result = await trx.updateTable("notifications").set({ archived_at: null })
    .where("id", "=", id).where("archived_at", "is not", null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a decision on an open, undecided notification and archives it; false when it was decided first. */
export async function decideAndArchive(
  trx: Transaction<DB>,
  id: number,
  decision: { approved: boolean; by: number; at: Date; reason?: string },
): Promise<boolean> {
  const result = await trx.updateTable("notifications")
    .set({
      approved: decision.approved,
      decided_at: decision.at,
      decided_by_user_id: decision.by,
      archived_at: decision.at,
      ...(decision.reason
        ? { meta: sql`meta || jsonb_build_object('decline_reason', ${decision.reason}::text)` }
        : {}),
    })
    .where("id", "=", id).where("approved", "is", null).where("archived_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a registration notification (its progress row goes with it); false when already gone. */
export async function deleteNotification(trx: Transaction<DB>, id: number): Promise<boolean> {
  const result = await trx.deleteFrom("notifications").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The registration's progress row, locked. */
/** Every registration of the user takes the business its company request ended as. */
/**
 * The company request a notification is about, locked: its own (NEW_BUSINESS_REQUEST), or for a
 * registration the member's request still waiting.
 */
/** The company request with its member, for the wizard. */
/** Marks a waiting company request done; false when another administrator did it first. */
/** Moves the member's links from the provisional business to the one the request ended as. */
/**
 * Possible duplicates of a submitted company, ranked: a normalised name (no case, punctuation or legal suffix)
 * scores 4, the tax id's digits 3, the phone's digits and the e-mail 2 each. Each key is an indexed equality
 * (sql/0019), so the businesses are never scanned.
 */
/** The employee request behind a notification, locked. */
/** Users the request may mean: the same e-mail, or the same first and last name (any case). */
/** Marks a waiting employee request linked or created; false when another administrator did it first. */
/** Applies an approved change of a user's details. */
/** Applies an approved vessel change. */
/** A company request by its own id (the wizard's /app/admin/requests/{id}/business/new). */
/** Marks the store notification of a cancelled order (admin spec §3 "Order notification": order_cancelled). */
export async function markOrderCancelled(trx: Transaction<DB>, orderId: number): Promise<void> {
  await trx.updateTable("notifications")
    .set({ meta: sql`meta || jsonb_build_object('order_cancelled', true, 'order_completed', false)` })
    .where("type", "=", "NEW_ORDER").where("order_id", "=", orderId).execute();
}

/**
 * An account merge (decision 0080): the notifications about `from` are about `to` (who triggered one stays as
 * it was: that is history); answers how many moved.
 */
export async function moveNotificationsOfUser(db: Kysely<DB>, from: number, to: number): Promise<number> {
  const moved = await db.updateTable("notifications").set({ user_id: to }).where("user_id", "=", from)
    .returning("id").execute();
  return moved.length;
}
