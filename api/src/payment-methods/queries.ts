/**
 * The SQL of saved cards. A user has at most one default among the cards not deleted (a partial unique index);
 * changes to one user's cards first lock that user's row (lockCardOwner), so they queue instead of racing.
 */
import type { Insertable, Kysely, Transaction } from "kysely";
import type { DB, PaymentProvider } from "../db/types.ts";
import type { CardRow } from "./service.ts";

const CARD = ["id", "brand", "last4", "exp_month", "exp_year", "is_default"] as const;

const COLUMNS = [
  "id",
  "user_id",
  "provider",
  "provider_ref",
  "brand",
  "last4",
  "exp_month",
  "exp_year",
] as const;

/** The user's cards that are not deleted, default first, then newest first. */
export function listOwnCards(db: Kysely<DB>, userId: number): Promise<CardRow[]> {
  return db.selectFrom("payment_methods")
    .select(CARD)
    .where("user_id", "=", userId).where("deleted_at", "is", null)
    .orderBy("is_default", "desc").orderBy("id", "desc")
    .execute();
}

/** One of the user's own cards, or null (another user's card is as unknown as a missing one). */
export function findOwnCard(db: Kysely<DB>, userId: number, id: number) {
  return db.selectFrom("payment_methods").select([...COLUMNS, "is_default"])
    .where("id", "=", id).where("user_id", "=", userId).where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** The user's name and e-mail (the processor's customer record). */
export function customerOf(db: Kysely<DB>, userId: number) {
  return db.selectFrom("users").select(["id", "email", "first_name", "last_name"])
    .where("id", "=", userId).executeTakeFirstOrThrow();
}

/** Serialises one user's card changes (saving, default, removal) until the transaction ends. */
export async function lockCardOwner(trx: Transaction<DB>, userId: number): Promise<void> {
  await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().executeTakeFirst();
}

/** Whose cards: a user's own, or a company's (payment_methods.user_id or .business_id). */
export type CardOwnerKey = { user_id: number } | { business_id: number };

/** Serialises one owner's card saves until the transaction ends: locks the user's, or the company's, row. */
export async function lockCardsOf(trx: Transaction<DB>, owner: CardOwnerKey): Promise<void> {
  if ("user_id" in owner) return await lockCardOwner(trx, owner.user_id);
  await trx.selectFrom("businesses").select("id").where("id", "=", owner.business_id).forUpdate()
    .executeTakeFirst();
}

/** The card saved under a processor reference, whoever it belongs to, deleted or not. */
export function findCardByRef(trx: Transaction<DB>, provider: PaymentProvider, ref: string) {
  return trx.selectFrom("payment_methods")
    .select([
      "id",
      "user_id",
      "business_id",
      "brand",
      "last4",
      "exp_month",
      "exp_year",
      "is_default",
      "deleted_at",
    ])
    .where("provider", "=", provider).where("provider_ref", "=", ref).executeTakeFirst();
}

/** Whether the owner has a default card that is not deleted. */
export async function hasDefaultCard(trx: Transaction<DB>, owner: CardOwnerKey): Promise<boolean> {
  const live = trx.selectFrom("payment_methods").select("id")
    .where("is_default", "=", true).where("deleted_at", "is", null);
  const row =
    await ("user_id" in owner
      ? live.where("user_id", "=", owner.user_id)
      : live.where("business_id", "=", owner.business_id)).executeTakeFirst();
  return row !== undefined;
}

export function insertCard(trx: Transaction<DB>, card: Insertable<DB["payment_methods"]>): Promise<CardRow> {
  return trx.insertInto("payment_methods").values(card).returning(CARD).executeTakeFirstOrThrow();
}

/** One of the user's cards that is not deleted, with its processor reference. */
export function liveCard(trx: Transaction<DB>, userId: number, id: number) {
  return trx.selectFrom("payment_methods").select([...CARD, "provider", "provider_ref"])
    .where("id", "=", id).where("user_id", "=", userId).where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** Makes the card the user's only default. */
export async function setDefaultCard(trx: Transaction<DB>, userId: number, cardId: number): Promise<CardRow> {
  // Clear the old default first: the partial unique index allows only one at any moment.
  await trx.updateTable("payment_methods").set({ is_default: false })
    .where("user_id", "=", userId).where("is_default", "=", true).where("deleted_at", "is", null)
    .execute();
  return await trx.updateTable("payment_methods").set({ is_default: true })
    .where("id", "=", cardId).returning(CARD).executeTakeFirstOrThrow();
}

/** A soft delete: orders keep pointing at the card. */
export async function softDeleteCard(trx: Transaction<DB>, cardId: number, now: Date): Promise<void> {
  await trx.updateTable("payment_methods").set({ is_default: false, deleted_at: now })
    .where("id", "=", cardId).execute();
}

/** Makes the most recently added remaining card the default; its id, or null when none remains. */
export async function promoteNewestCard(trx: Transaction<DB>, userId: number): Promise<number | null> {
  const next = await trx.selectFrom("payment_methods").select("id")
    .where("user_id", "=", userId).where("deleted_at", "is", null)
    .orderBy("created_at", "desc").orderBy("id", "desc").executeTakeFirst();
  if (!next) return null;
  await trx.updateTable("payment_methods").set({ is_default: true }).where("id", "=", next.id).execute();
  return next.id;
}

/** The user's default card (the one the autorenewal charges), if any. */
export function defaultCard(db: Kysely<DB>, userId: number) {
  return db.selectFrom("payment_methods").select(["id", "provider", "provider_ref", "brand", "last4"])
    .where("user_id", "=", userId).where("is_default", "=", true).where("deleted_at", "is", null)
    .executeTakeFirst();
}

/**
 * A company the viewer may act for: its owner (an owning business user, or its DER) or an administrator; a
 * live, non-individual business. Anything else is null (a 404: other companies' ids reveal nothing).
 */
export function ownedCompany(
  db: Kysely<DB>,
  viewer: { user_id: number; is_admin: boolean },
  businessId: number,
) {
  return db.selectFrom("businesses as b").select(["b.id", "b.name", "b.der_user_id", "b.has_compliance_kit"])
    .where("b.id", "=", businessId).where("b.deleted_at", "is", null).where("b.is_individual", "=", false)
    .where((eb) =>
      viewer.is_admin ? eb.lit(true) : eb.or([
        eb("b.der_user_id", "=", viewer.user_id),
        eb.exists(
          eb.selectFrom("business_users as bu").select("bu.id").whereRef("bu.business_id", "=", "b.id")
            .where("bu.user_id", "=", viewer.user_id).where("bu.is_owner", "=", true)
            .where("bu.removed_at", "is", null),
        ),
      ])
    )
    .executeTakeFirst();
}

/** The company's cards that are not deleted, default first, then newest first. */
export function listCompanyCards(db: Kysely<DB>, businessId: number): Promise<CardRow[]> {
  return db.selectFrom("payment_methods").select(CARD)
    .where("business_id", "=", businessId).where("deleted_at", "is", null)
    .orderBy("is_default", "desc").orderBy("id", "desc").execute();
}

/** One of the company's cards with its processor reference, or undefined. */
export function findCompanyCard(db: Kysely<DB>, businessId: number, id: number) {
  return db.selectFrom("payment_methods").select(["id", "provider", "provider_ref", "last4"])
    .where("id", "=", id).where("business_id", "=", businessId).where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** Whether the user has a card of their own that is not deleted. */
export async function hasOwnCard(db: Kysely<DB>, userId: number): Promise<boolean> {
  const row = await db.selectFrom("payment_methods").select("id")
    .where("user_id", "=", userId).where("deleted_at", "is", null).executeTakeFirst();
  return row !== undefined;
}

/**
 * Whose processor customer holds the card: its user's, or for a company card the company's DER (company cards
 * are saved from a SetupIntent created for the DER, payment-methods/company.ts).
 */
export async function cardHolderUserId(db: Kysely<DB>, paymentMethodId: number): Promise<number | null> {
  const row = await db.selectFrom("payment_methods as pm").leftJoin(
    "businesses as b",
    "b.id",
    "pm.business_id",
  )
    .select((eb) => eb.fn.coalesce("pm.user_id", "b.der_user_id").as("holder"))
    .where("pm.id", "=", paymentMethodId).executeTakeFirst();
  return row?.holder ?? null;
}

/**
 * How many live cards the user has saved. An account merge (decision 0080) moves none: a card belongs to the
 * processor's customer of its account and cannot be charged for another.
 */
export async function cardCountOf(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db.selectFrom("payment_methods").select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId).where("deleted_at", "is", null).executeTakeFirstOrThrow();
  return Number(row.n);
}
