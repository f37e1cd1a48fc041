/**
 * The SQL of registration: the account, the business a registration creates, and the company request an
 * administrator approves. All of it runs inside registration's one transaction (service.ts).
 */
import type { Insertable, Kysely, Transaction, Updateable } from "kysely";
import type { DB } from "../db/types.ts";

/** Whether an account uses this e-mail address (any case). */
export async function emailExists(db: Kysely<DB>, email: string): Promise<boolean> {
  const row = await db.selectFrom("users").select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase())).executeTakeFirst();
  return row !== undefined;
}

/** The oldest live company with the same name (any case), other than `exceptId`: a likely duplicate. */
export async function likelyDuplicateCompany(
  db: Kysely<DB>,
  name: string,
  exceptId: number | null,
): Promise<number | null> {
  const row = await db.selectFrom("businesses").select("id")
    .where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()))
    .where("is_individual", "=", false).where("deleted_at", "is", null)
    .$if(exceptId !== null, (q) => q.where("id", "<>", exceptId!))
    .orderBy("id").executeTakeFirst();
  return row?.id ?? null;
}

/** A registration's progress row, written beside its REGISTRATION notification (one transaction). */
export async function insertRegistrationProgress(
  trx: Transaction<DB>,
  row: Insertable<DB["registration_notifications"]>,
) {
  await trx.insertInto("registration_notifications").values(row).execute();
}

/** The wizard is paid for: the registration's progress row says so. */
export async function markRegistrationPaid(
  trx: Transaction<DB>,
  userId: number,
  now: Date,
  isAnnual?: boolean,
) {
  await trx.updateTable("registration_notifications").set({
    paid_at: now,
    ...(isAnnual === undefined ? {} : { is_annual: isAnnual }),
  }).where("user_id", "=", userId).execute();
}

/** A membership of the user that covers `today` (the wizard sells a first membership only). */
export function activeMembership(db: Kysely<DB>, userId: number, today: string) {
  return db.selectFrom("memberships").select("id")
    .where("user_id", "=", userId).where("failed", "=", false).where("pending", "=", false)
    .where("cancelled_at", "is", null)
    .where((eb) => eb.or([eb("expire_at", "is", null), eb("expire_at", ">=", today)]))
    .executeTakeFirst();
}

/** The DER's company: the one they registered, else the first company they represent. */
export async function derCompany(db: Kysely<DB>, userId: number) {
  const registered = await db.selectFrom("registration_notifications").select("business_id")
    .where("user_id", "=", userId).executeTakeFirst();
  return await db.selectFrom("businesses").select(["id", "has_compliance_kit"])
    .where("der_user_id", "=", userId).where("deleted_at", "is", null).where("is_individual", "=", false)
    .orderBy((eb) => eb("id", "=", registered?.business_id ?? 0), "desc").orderBy("id")
    .executeTakeFirst();
}

// ---- For the administrators' desk (api/src/desk/, decision 0049). ----

export async function lockRegistration(trx: Transaction<DB>, notificationId: number) {
  return await trx.selectFrom("registration_notifications").selectAll()
    .where("notification_id", "=", notificationId).forUpdate().executeTakeFirst() ?? null;
}

export async function updateRegistration(
  trx: Kysely<DB>,
  notificationId: number,
  patch: Updateable<DB["registration_notifications"]>,
) {
  await trx.updateTable("registration_notifications").set(patch).where("notification_id", "=", notificationId)
    .execute();
}

export async function approveRegistrationBusiness(
  trx: Kysely<DB>,
  userId: number,
  businessId: number,
  at: Date,
) {
  await trx.updateTable("registration_notifications").set({
    business_id: businessId,
    business_approved_at: at,
  })
    .where("user_id", "=", userId).execute();
}

/**
 * An account merge (decision 0080): the registration progress of `from` becomes `to`'s when `to` has none (one
 * per account); answers how many moved (0 or 1).
 */
export async function moveRegistrationOfUser(db: Kysely<DB>, from: number, to: number): Promise<number> {
  const own = await db.selectFrom("registration_notifications").select("notification_id")
    .where("user_id", "=", to).executeTakeFirst();
  if (own) return 0;
  const moved = await db.updateTable("registration_notifications").set({ user_id: to })
    .where("user_id", "=", from).returning("notification_id").execute();
  return moved.length;
}
