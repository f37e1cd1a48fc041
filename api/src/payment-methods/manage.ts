/**
 * Choosing the default card and removing cards. A user has at most one default among the cards not deleted
 * (a partial unique index); both changes run in one transaction that first locks the user's row, the same
 * lock saving a card takes, so concurrent changes to one user's cards queue instead of racing. Removing is a
 * soft delete (orders keep pointing at the card); the card is then detached at the processor.
 */
import type { Transaction } from "kysely";
import type { DB } from "../db/types.ts";
import { audit } from "../lib/audit.ts";
import type { Deps } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { type CardRow, listOwnCards } from "./service.ts";

const CARD = ["id", "brand", "last4", "exp_month", "exp_year", "is_default"] as const;

async function lockOwner(trx: Transaction<DB>, userId: number) {
  await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().executeTakeFirst();
}

function liveCard(trx: Transaction<DB>, userId: number, id: number) {
  return trx.selectFrom("payment_methods").select([...CARD, "provider", "provider_ref"])
    .where("id", "=", id).where("user_id", "=", userId).where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** Makes one of the user's cards their default (and no other); another user's card is a 404. */
export async function makeDefaultCard(
  deps: Deps,
  input: { userId: number; cardId: number; actorId: number },
): Promise<CardRow> {
  return await deps.database.db.transaction().execute(async (trx) => {
    await lockOwner(trx, input.userId);
    const card = await liveCard(trx, input.userId, input.cardId);
    if (!card) throw notFound("Payment method");
    if (card.is_default) return card;
    // Clear the old default first: the partial unique index allows only one at any moment.
    await trx.updateTable("payment_methods").set({ is_default: false })
      .where("user_id", "=", input.userId).where("is_default", "=", true).where("deleted_at", "is", null)
      .execute();
    const updated = await trx.updateTable("payment_methods").set({ is_default: true })
      .where("id", "=", card.id).returning(CARD).executeTakeFirstOrThrow();
    await audit(trx, {
      actor: input.actorId,
      action: "payment_method_made_default",
      entity: "payment_method",
      entityId: card.id,
      detail: input.actorId === input.userId ? {} : { user_id: input.userId },
    });
    return updated;
  });
}

/**
 * Removes one of the user's cards. Removing the default promotes the most recently added remaining card, or
 * leaves the user with none. Answers the cards that remain, default first.
 */
export async function removeCard(
  deps: Deps,
  input: { userId: number; cardId: number; actorId: number },
): Promise<CardRow[]> {
  const { db } = deps.database;
  const removed = await db.transaction().execute(async (trx) => {
    await lockOwner(trx, input.userId);
    const card = await liveCard(trx, input.userId, input.cardId);
    if (!card) throw notFound("Payment method");
    await trx.updateTable("payment_methods").set({ is_default: false, deleted_at: deps.now() })
      .where("id", "=", card.id).execute();
    let promoted: number | null = null;
    if (card.is_default) {
      const next = await trx.selectFrom("payment_methods").select("id")
        .where("user_id", "=", input.userId).where("deleted_at", "is", null)
        .orderBy("created_at", "desc").orderBy("id", "desc").executeTakeFirst();
      if (next) {
        await trx.updateTable("payment_methods").set({ is_default: true }).where("id", "=", next.id)
          .execute();
        promoted = next.id;
      }
    }
    await audit(trx, {
      actor: input.actorId,
      action: "payment_method_removed",
      entity: "payment_method",
      entityId: card.id,
      detail: {
        ...(promoted ? { promoted_default: promoted } : {}),
        ...(input.actorId === input.userId ? {} : { user_id: input.userId }),
      },
    });
    return card;
  });
  // After the commit, and best effort: our row is what decides whether the card is used again, and a card
  // left attached at the processor is never charged by us. A card saved with another processor is not ours
  // to detach from this one.
  if (removed.provider === deps.payments.provider) {
    try {
      await deps.payments.detachPaymentMethod(removed.provider_ref);
    } catch (error) {
      console.error(JSON.stringify({
        level: "error",
        event: "payment_method_detach_failed",
        payment_method_id: removed.id,
        error: String(error),
      }));
    }
  }
  return await listOwnCards(db, input.userId);
}
