/**
 * The desk's approval of a waiting change (decision 0021), in one place for each kind: what an approved
 * UPDATE_USER, UPDATE_BUSINESS or UPDATE_VESSEL applies, and the rules it checks first. The member's side (which
 * fields apply at once and which wait) is users/changes.ts, businesses/changes.ts and vessels/; the fields of
 * a user's change are typed in notifications/kinds.ts (USER_CHANGE_FIELDS). It runs inside the deciding
 * action's transaction, which holds the notification's lock (decision 0049).
 */
import type { Selectable, Transaction } from "kysely";
import type { DB, NotificationsTable } from "../db/types.ts";
import { changedFields } from "../lib/audit.ts";
import { AppError } from "../lib/errors.ts";
import { updateBusiness } from "../businesses/desk.ts";
import { IDENTITY_FIELDS } from "../businesses/changes.ts";
import { USER_CHANGE_FIELDS } from "../notifications/kinds.ts";
import { applyUserChange, emailUsedByOther } from "../users/desk.ts";
import { applyVesselChange } from "../vessels/desk.ts";

/** The notification types an administrator approves or refuses. */
export const CHANGES = ["UPDATE_USER", "UPDATE_BUSINESS", "NEW_VESSEL", "UPDATE_VESSEL"] as const;

const pick = (o: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => keys.includes(k)));
const USER_FIELDS = Object.keys(USER_CHANGE_FIELDS);
const VESSEL_FIELDS = ["name", "official_number", "vessel_type", "is_active"];

type Change = Pick<Selectable<NotificationsTable>, "type" | "meta" | "user_id" | "business_id" | "vessel_id">;

/** What an approval applied, for its audit row on the subject: before → after of each field it changed. */
export interface Applied {
  entity: "user" | "business" | "vessel";
  entityId: number;
  changes: Record<string, [unknown, unknown]>;
}

/** Applies the change an approved notification waits with; nothing (null) when it applied at once. */
export async function applyApproved(trx: Transaction<DB>, n: Change): Promise<Applied | null> {
  const meta = n.meta as {
    changes?: Record<string, unknown>;
    previous?: Record<string, unknown>;
    awaiting_approval?: boolean;
  };
  if (!meta.awaiting_approval || !meta.changes) return null;
  const applied = (
    entity: Applied["entity"],
    entityId: number,
    fields: Record<string, unknown>,
  ): Applied => ({
    entity,
    entityId,
    changes: changedFields(meta.previous ?? {}, fields),
  });
  if (n.type === "UPDATE_BUSINESS" && n.business_id) {
    const changes = pick(meta.changes, IDENTITY_FIELDS);
    if (Object.keys(changes).length) await updateBusiness(trx, n.business_id, changes);
    return applied("business", n.business_id, changes);
  } else if (n.type === "UPDATE_USER" && n.user_id) {
    const changes = pick(meta.changes, USER_FIELDS);
    await approveUserChange(trx, n.user_id, changes);
    return applied("user", n.user_id, changes);
  } else if (n.type === "UPDATE_VESSEL" && n.vessel_id) {
    const changes = pick(meta.changes, VESSEL_FIELDS);
    await applyVesselChange(trx, n.vessel_id, changes);
    return applied("vessel", n.vessel_id, changes);
  }
  return null;
}

/** UPDATE_USER: the member's waiting details (name, e-mail, date of birth...) apply once still possible. */
async function approveUserChange(trx: Transaction<DB>, userId: number, changes: Record<string, unknown>) {
  // The address was free when the member asked; another account may have taken it since.
  if (typeof changes.email === "string" && await emailUsedByOther(trx, changes.email, userId)) {
    throw new AppError(
      "CONFLICT",
      "Another account now uses this e-mail address: refuse the change instead.",
    );
  }
  if (Object.keys(changes).length) await applyUserChange(trx, userId, changes);
}
