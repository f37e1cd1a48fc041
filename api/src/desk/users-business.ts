/**
 * A user's businesses for the administrators' user screen (the Businesses tab) and "Add To Business" (admin spec
 * §2 /app/admin/users/{id}/employee/new, §7 "add business user": user_id, business_id, is_employee, name): link
 * the user to an existing business, or create one they own. Audited (decision 0030).
 */
import {
  findLiveBusiness,
  insertBusiness,
  insertBusinessUser,
  listOwnBusinesses,
} from "../businesses/links.ts";
import { audit } from "../lib/audit.ts";
import type { Deps, SessionUser } from "../lib/context.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { liveLinkExists, lockUser, primaryLinkExists } from "../users/desk.ts";
import { USER_MESSAGES } from "../users/schemas.ts";
import { liveDetail } from "./users-admin.ts";

type Ctx = { deps: Deps; actor: SessionUser; ip: string | null };

/** The businesses the user belongs to or represents, as they themselves see them. */
export async function businessesOf(deps: Pick<Deps, "database" | "now">, actor: SessionUser, userId: number) {
  const user = await liveDetail(deps, actor, userId);
  const asUser: SessionUser = {
    user_id: userId,
    session_id: "",
    is_admin: false,
    is_der: user.attributes.roles.includes("der"),
    full_name: user.attributes.full_name,
    second_factor_at: null,
    has_second_factor: false,
  };
  return await listOwnBusinesses(deps.database.db, asUser);
}

export async function addUserToBusiness(
  ctx: Ctx,
  userId: number,
  input: { business_id?: number | null; name?: string | null; is_employee: boolean },
) {
  await liveDetail(ctx.deps, ctx.actor, userId);
  const { db } = ctx.deps.database;
  return await db.transaction().execute(async (trx) => {
    // One add for this user at a time (decision 0042): the "already in it" and "first business" checks below
    // then see every earlier add, so simultaneous adds answer 409 instead of racing into the unique indexes.
    await lockUser(trx, userId);
    let businessId = input.business_id ?? null;
    const created = businessId === null;
    if (businessId === null) {
      businessId = await insertBusiness(trx, { name: input.name!, is_individual: !input.is_employee });
    } else {
      if (!await findLiveBusiness(trx, businessId)) throw notFound("Business");
      if (await liveLinkExists(trx, businessId, userId)) {
        throw new AppError("CONFLICT", USER_MESSAGES.alreadyInBusiness);
      }
    }
    // The first business a user joins becomes their primary one (the one i3 tests are ordered under).
    const primary = !await primaryLinkExists(trx, userId);
    await insertBusinessUser(trx, {
      business_id: businessId,
      user_id: userId,
      is_employee: input.is_employee || !created,
      is_owner: created,
      is_primary: primary,
    });
    await audit(trx, {
      actor: ctx.actor.user_id,
      action: created ? "user_added_to_new_business" : "user_added_to_business",
      entity: "user",
      entityId: userId,
      detail: { business_id: businessId, is_employee: input.is_employee, primary },
      ip: ctx.ip,
    });
    return { businessId, created };
  });
}
