/**
 * The change rule of decision 0021 for businesses: an owner's change to a business's contact details applies at
 * once and is reported (UPDATE_BUSINESS, approved null, awaiting_approval false); a change to its identity
 * (name, DBA, tax id, LLC) waits for an administrator and blocks further edits until decided. An
 * administrator's changes apply at once and are audited.
 */
import type { Transaction } from "kysely";
import type { z } from "zod";
import type { DB } from "../db/types.ts";
import { audit, changedFields } from "../lib/audit.ts";
import type { Actor, Deps, SessionUser } from "../lib/context.ts";
import { AppError, invalid, notFound } from "../lib/errors.ts";
import type { BusinessChange } from "../notifications/kinds.ts";
import { decideChange, notify } from "../notifications/notify.ts";
import { findLiveBusiness, memberNames, openChangeOf, updateBusiness } from "./queries.ts";
import { BUSINESS_MESSAGES as M, type BusinessUpdateBody } from "./schemas.ts";
import { answer, ownedBusiness } from "./service.ts";

type Field = (typeof IDENTITY_FIELDS)[number] | (typeof CONTACT_FIELDS)[number];

const conflict = (message: string) => new AppError("CONFLICT", message);

/** Fields that identify the employer (LOC, compliance kit, i3 location, MIS report): they wait for approval. */
export const IDENTITY_FIELDS = ["name", "dba_name", "tax_id", "is_llc", "llc_name"] as const;
/** Fields that only say how to reach the business: they apply at once and are reported. */
export const CONTACT_FIELDS = [
  "email",
  "phone",
  "address_one",
  "address_two",
  "city",
  "state",
  "country",
  "postal_code",
  "po_box",
] as const;

/** The fields that really change, with their values before. */
function diff(current: Record<string, unknown>, input: Partial<Record<Field, unknown>>) {
  const changes: Record<string, unknown> = {};
  const previous: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined || current[k] === v) continue;
    changes[k] = v;
    previous[k] = current[k] ?? null;
  }
  return { changes, previous };
}

const pick = (o: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => keys.includes(k)));

/**
 * Manage business. Answers the business and which fields were applied and which wait for approval.
 */
export async function manageBusiness(
  deps: Pick<Deps, "database" | "now">,
  actor: Actor,
  id: number,
  input: z.infer<typeof BusinessUpdateBody>,
) {
  const { db } = deps.database;
  const { user } = actor;
  const row = await ownedBusiness(db, user, id);
  const { changes, previous } = diff(row as unknown as Record<string, unknown>, input);
  const llcName = "llc_name" in changes ? changes.llc_name : row.llc_name;
  if ((changes.is_llc ?? row.is_llc) && !llcName) throw invalid("llc_name", M.llcNameRequired);
  if (!row.is_individual && "tax_id" in changes && !changes.tax_id) throw invalid("tax_id", M.taxIdRequired);

  if (user.is_admin) {
    await db.transaction().execute(async (trx) => {
      if (Object.keys(changes).length) await updateBusiness(trx, id, changes);
      await audit(trx, {
        actor: user.user_id,
        action: "business.update",
        entity: "business",
        entityId: id,
        // Before → after for each field it changed (issue 37).
        detail: { changes: changedFields(previous, changes) },
        ip: actor.ip,
      });
    });
    return { data: await answer(db, user, id), applied: Object.keys(changes), awaiting_approval: [] };
  }

  if (row.has_pending_new_company_approval) throw conflict(M.notApproved);
  if (await openChangeOf(db, id)) throw conflict(M.changePending);
  const identity = pick(changes, IDENTITY_FIELDS);
  const contact = pick(changes, CONTACT_FIELDS);
  await db.transaction().execute(async (trx) => {
    const report = async (fields: Record<string, unknown>, awaiting: boolean) => {
      if (!Object.keys(fields).length) return;
      await notifyBusinessChange(trx, deps, user, row, {
        changes: fields as BusinessChange,
        previous: pick(previous, Object.keys(fields)) as BusinessChange,
        awaiting_approval: awaiting,
      });
    };
    if (Object.keys(contact).length) await updateBusiness(trx, id, contact);
    await report(contact, false);
    await report(identity, true);
  });
  return {
    data: await answer(db, user, id),
    applied: Object.keys(contact),
    awaiting_approval: Object.keys(identity),
  };
}

async function notifyBusinessChange(
  trx: Transaction<DB>,
  deps: Pick<Deps, "now">,
  user: SessionUser,
  business: { id: number; name: string },
  set: { changes: BusinessChange; previous: BusinessChange; awaiting_approval: boolean },
) {
  const who = await memberNames(trx, user.user_id);
  await notify(trx, {
    type: "UPDATE_BUSINESS",
    triggerUserId: user.user_id,
    userId: user.user_id,
    businessId: business.id,
    at: deps.now(),
    meta: {
      business_id: business.id,
      business_name: business.name,
      vessel_name: null,
      member_user_id: who.id,
      member_first_name: who.first_name,
      member_last_name: who.last_name,
      ...set,
    },
  });
}

/** Administrator: approve (apply) or refuse the business's waiting change. */
export async function decideBusinessChange(
  deps: Pick<Deps, "database" | "now">,
  actor: Actor,
  id: number,
  approved: boolean,
) {
  const { db } = deps.database;
  const before = await findLiveBusiness(db, id) as Record<string, unknown> | undefined;
  if (!before) throw notFound("Business");
  const open = await openChangeOf(db, id);
  if (!open) throw conflict(M.nothingToDecide);
  const at = deps.now();
  await db.transaction().execute(async (trx) => {
    if (!await decideChange(trx, open.id, "UPDATE_BUSINESS", { approved, by: actor.user.user_id, at })) {
      throw conflict(M.nothingToDecide);
    }
    const changes = pick((open.meta as { changes?: Record<string, unknown> }).changes ?? {}, IDENTITY_FIELDS);
    if (approved && Object.keys(changes).length) await updateBusiness(trx, id, changes);
    await audit(trx, {
      actor: actor.user.user_id,
      action: approved ? "business.change_approved" : "business.change_refused",
      entity: "business",
      entityId: id,
      // Approved: before → after of what it applied; refused: what was asked (nothing changed).
      detail: {
        notification_id: open.id,
        ...(approved ? { changes: changedFields(before, changes) } : { asked: changes }),
      },
      ip: actor.ip,
    });
  });
  return await answer(db, actor.user, id);
}
