/**
 * Adding, activating, deactivating and deleting businesses, and the owner check every owner-only call makes.
 * Managing a business (what applies at once and what waits for APCA) is changes.ts.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import { audit, changedFields } from "../lib/audit.ts";
import type { Actor, Deps, SessionUser } from "../lib/context.ts";
import { AppError, invalid, notFound } from "../lib/errors.ts";
import { notify } from "../notifications/notify.ts";
import {
  findBusinessFor,
  findBusinessRowFor,
  findLiveBusiness,
  hardDeleteBusiness,
  hasHistory,
  insertBusiness,
  insertBusinessUser,
  insertCompanyRequest,
  liveUserExists,
  memberNames,
  setActive,
  softDeleteBusiness,
} from "./queries.ts";
import { type AdminBusinessCreateBody, BUSINESS_MESSAGES as M, type BusinessCreateBody } from "./schemas.ts";
import type { z } from "zod";

const conflict = (message: string) => new AppError("CONFLICT", message);

/** A business the caller owns (or any, for an administrator): 404 when unseen, 403 when seen but not owned. */
export async function ownedBusiness(db: Kysely<DB>, viewer: SessionUser, id: number) {
  const row = await findBusinessRowFor(db, viewer, id);
  if (!row) throw notFound("Business");
  if (!viewer.is_admin && !row.is_owner) throw new AppError("FORBIDDEN", M.onlyOwner);
  return row;
}

/** Whether `viewer` sees the business (any live one, for an administrator; their own otherwise). */
export async function seesBusiness(db: Kysely<DB>, viewer: SessionUser, id: number): Promise<boolean> {
  return await findBusinessRowFor(db, viewer, id) !== null;
}

/** A live business with its DER's name, for the administrators' roster (employees/roster.ts); 404 otherwise. */
export async function businessForRoster(db: Kysely<DB>, id: number) {
  const business = await findLiveBusiness(db, id);
  if (!business) throw notFound("Business");
  const der = business.der_user_id ? await memberNames(db, business.der_user_id) : null;
  return { business, der };
}

/** The person as a change report names them (vessels' NEW_VESSEL and UPDATE_VESSEL too). */
export { memberNames } from "./queries.ts";

/** The business as the caller now sees it, for an answer. */
export async function answer(db: Kysely<DB>, viewer: SessionUser, id: number) {
  const business = await findBusinessFor(db, viewer, id);
  if (!business) throw notFound("Business");
  return business;
}

/** Member or DER: a self-employed business exists at once; a company waits for approval ('Not Approved'). */
export async function addOwnBusiness(
  deps: Pick<Deps, "database" | "now">,
  actor: Actor,
  input: z.infer<typeof BusinessCreateBody>,
) {
  const { db } = deps.database;
  const { user } = actor;
  const { is_individual, ...fields } = input;
  const id = await db.transaction().execute(async (trx) => {
    const id = await insertBusiness(trx, {
      ...fields,
      is_llc: fields.is_llc ?? false,
      is_individual,
      der_user_id: !is_individual && user.is_der ? user.user_id : null,
    });
    await insertBusinessUser(trx, {
      business_id: id,
      user_id: user.user_id,
      is_owner: true,
      is_employee: is_individual,
    });
    if (!is_individual) {
      const who = await memberNames(trx, user.user_id);
      const member = {
        member_user_id: who.id,
        member_first_name: who.first_name,
        member_last_name: who.last_name,
        member_number: who.member_number,
      };
      const notificationId = await notify(trx, {
        type: "NEW_BUSINESS_REQUEST",
        triggerUserId: user.user_id,
        userId: user.user_id,
        businessId: id,
        at: deps.now(),
        meta: { ...member, business_id: id, business_name: fields.name },
      });
      await insertCompanyRequest(trx, {
        notification_id: notificationId,
        user_id: user.user_id,
        business_id: id,
        is_company: true,
        business_name: fields.name,
        business_dba: fields.dba_name,
        business_address_one: fields.address_one,
        business_address_two: fields.address_two,
        business_city: fields.city,
        business_state: fields.state,
        business_country: fields.country,
        business_postal_code: fields.postal_code,
        business_po_box: fields.po_box,
        business_phone: fields.phone,
        business_email: fields.email,
        business_tax_id: fields.tax_id,
        business_is_llc: fields.is_llc ?? false,
        business_llc_name: fields.llc_name,
      });
    }
    await audit(trx, {
      actor: user.user_id,
      action: "business.add",
      entity: "business",
      entityId: id,
      detail: { is_individual },
      ip: actor.ip,
    });
    return id;
  });
  return await answer(db, user, id);
}

/** Administrator: the business exists at once, with its DER as owner when named. */
export async function adminAddBusiness(
  deps: Pick<Deps, "database">,
  actor: Actor,
  input: z.infer<typeof AdminBusinessCreateBody>,
) {
  const { db } = deps.database;
  const { is_individual, der_user_id, ...fields } = input;
  if (der_user_id && !await liveUserExists(db, der_user_id)) throw invalid("der_user_id", "No such user.");
  const id = await db.transaction().execute(async (trx) => {
    const id = await insertBusiness(trx, {
      ...fields,
      is_llc: fields.is_llc ?? false,
      is_individual,
      der_user_id: is_individual ? null : der_user_id ?? null,
    });
    if (der_user_id) {
      await insertBusinessUser(trx, {
        business_id: id,
        user_id: der_user_id,
        is_owner: true,
        is_employee: is_individual,
      });
    }
    await audit(trx, {
      actor: actor.user.user_id,
      action: "business.admin_add",
      entity: "business",
      entityId: id,
      detail: { is_individual, der_user_id },
      ip: actor.ip,
    });
    return id;
  });
  return await answer(db, actor.user, id);
}

/** Administrator: activate, or deactivate with a reason; each is kept in the activation history. */
export async function setBusinessActive(
  deps: Pick<Deps, "database" | "now">,
  actor: Actor,
  id: number,
  to: { is_active: true } | { is_active: false; reason: string },
) {
  const { db } = deps.database;
  const business = await findLiveBusiness(db, id);
  if (!business) throw notFound("Business");
  // Only from the other state (decision 0042): checked here for a clear answer, and again by the update itself,
  // which a simultaneous request (another administrator, a double click) cannot pass twice.
  const already = () =>
    conflict(
      to.is_active
        ? "This business is already active: it may just have been activated by another administrator."
        : "This business is already inactive: it may just have been deactivated by another administrator.",
    );
  if (business.is_active === to.is_active) throw already();
  const reason = to.is_active ? null : to.reason;
  await db.transaction().execute(async (trx) => {
    const at = deps.now();
    if (!await setActive(trx, id, { is_active: to.is_active, reason, actor: actor.user.user_id, at })) {
      throw already();
    }
    await audit(trx, {
      actor: actor.user.user_id,
      action: to.is_active ? "business.activate" : "business.deactivate",
      entity: "business",
      entityId: id,
      detail: {
        reason,
        changes: changedFields(
          { is_active: business.is_active, deactivation_reason: business.deactivation_reason },
          { is_active: to.is_active, deactivation_reason: reason },
        ),
      },
      ip: actor.ip,
    });
  });
  return await answer(db, actor.user, id);
}

/**
 * Administrator: delete. A business with history (tests, memberships, notifications, requests, a kit) is
 * soft-deleted and every record stays (49 CFR 40.333); one without is removed.
 */
export async function deleteBusiness(deps: Pick<Deps, "database" | "now">, actor: Actor, id: number) {
  const { db } = deps.database;
  if (!await findLiveBusiness(db, id)) throw notFound("Business");
  return await db.transaction().execute(async (trx) => {
    const kept = await hasHistory(trx, id);
    await audit(trx, {
      actor: actor.user.user_id,
      action: kept ? "business.soft_delete" : "business.delete",
      entity: "business",
      entityId: id,
      ip: actor.ip,
    });
    if (kept) await softDeleteBusiness(trx, id, deps.now());
    else await hardDeleteBusiness(trx, id);
    return { id, records_kept: kept };
  });
}
