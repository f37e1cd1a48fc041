/**
 * Choosing the default card and removing cards. A user has at most one default among the cards not deleted
 * (a partial unique index); both changes run in one transaction that first locks the user's row, the same
 * lock saving a card takes, so concurrent changes to one user's cards queue instead of racing. Removing is a
 * soft delete (orders keep pointing at the card); the card is then detached at the processor.
 */
import { audit, changedFields } from "../lib/audit.ts";
import type { Deps } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import {
  listOwnCards,
  liveCard,
  lockCardOwner,
  promoteNewestCard,
  setDefaultCard,
  softDeleteCard,
} from "./queries.ts";
import type { CardRow } from "./service.ts";

/** Makes one of the user's cards their default (and no other); another user's card is a 404. */
export async function makeDefaultCard(
  deps: Pick<Deps, "database">,
  input: { userId: number; cardId: number; actorId: number },
): Promise<CardRow> {
  return await deps.database.db.transaction().execute(async (trx) => {
    await lockCardOwner(trx, input.userId);
    const card = await liveCard(trx, input.userId, input.cardId);
    if (!card) throw notFound("Payment method");
    if (card.is_default) return card;
    const updated = await setDefaultCard(trx, input.userId, card.id);
    await audit(trx, {
      actor: input.actorId,
      action: "payment_method_made_default",
      entity: "payment_method",
      entityId: card.id,
      detail: {
        ...(input.actorId === input.userId ? {} : { user_id: input.userId }),
        changes: changedFields({ default: false }, { default: true }),
      },
    });
    return updated;
  });
}

/**
 * Removes one of the user's cards. Removing the default promotes the most recently added remaining card, or
 * leaves the user with none. Answers the cards that remain, default first.
 */
export async function removeCard(
  deps: Pick<Deps, "database" | "now" | "payments">,
  input: { userId: number; cardId: number; actorId: number },
): Promise<CardRow[]> {
  const { db } = deps.database;
  const removed = await db.transaction().execute(async (trx) => {
    await lockCardOwner(trx, input.userId);
    const card = await liveCard(trx, input.userId, input.cardId);
    if (!card) throw notFound("Payment method");
    await softDeleteCard(trx, card.id, deps.now());
    const promoted = card.is_default ? await promoteNewestCard(trx, input.userId) : null;
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
