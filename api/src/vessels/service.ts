/**
 * A company's vessels. Adding and managing a vessel applies at once (decision 0021: the fleet is the company's
 * own fact and its employees are tested whatever the vessel is called); a change by a non-administrator is
 * reported to APCA as NEW_VESSEL or UPDATE_VESSEL with the values before and after. Every change is audited.
 */
import type { Transaction } from "kysely";
import type { z } from "zod";
import { memberNames, ownedBusiness, seesBusiness } from "../businesses/service.ts";
import type { DB } from "../db/types.ts";
import { audit } from "../lib/audit.ts";
import type { Actor, Deps, SessionUser } from "../lib/context.ts";
import { AppError, invalid, notFound } from "../lib/errors.ts";
import { record, ref } from "../lib/list.ts";
import type { VesselChange } from "../notifications/kinds.ts";
import { notify } from "../notifications/notify.ts";
import {
  findVessel,
  insertVessel,
  officialNumberTaken,
  updateVessel,
  type VesselRow,
  vesselsOf,
} from "./queries.ts";
import { VESSEL_MESSAGES as M, type VesselCreateBody, type VesselUpdateBody } from "./schemas.ts";

export const NO_VESSELS_FOR_INDIVIDUALS = "Vessels are kept for companies, not individual businesses.";

const toVessel = (v: VesselRow) =>
  record("vessel", v.id, {
    name: v.name,
    official_number: v.official_number,
    vessel_type: v.vessel_type,
    is_active: v.is_active,
    created_at: new Date(v.created_at).toISOString(),
    updated_at: new Date(v.updated_at).toISOString(),
  }, { business: ref("business", v.business_id) });

/** The fleet of a business anyone who sees the business may read. */
export async function listVessels(deps: Pick<Deps, "database">, viewer: SessionUser, businessId: number) {
  const { db } = deps.database;
  if (!await seesBusiness(db, viewer, businessId)) throw notFound("Business");
  return (await vesselsOf(db, businessId)).map(toVessel);
}

/** One vessel, for whoever sees its business. */
export async function getVessel(deps: Pick<Deps, "database">, viewer: SessionUser, id: number) {
  const { db } = deps.database;
  const vessel = await findVessel(db, id);
  if (!vessel || !await seesBusiness(db, viewer, vessel.business_id)) throw notFound("Vessel");
  return toVessel(vessel);
}

async function reporter(trx: Transaction<DB>, user: SessionUser, business: { id: number; name: string }) {
  const who = await memberNames(trx, user.user_id);
  return {
    business_id: business.id,
    business_name: business.name,
    member_user_id: who.id,
    member_first_name: who.first_name,
    member_last_name: who.last_name,
  };
}

export async function addVessel(
  deps: Pick<Deps, "database" | "now">,
  actor: Actor,
  businessId: number,
  input: z.infer<typeof VesselCreateBody>,
) {
  const { db } = deps.database;
  const { user } = actor;
  const business = await ownedBusiness(db, user, businessId);
  if (business.is_individual) throw new AppError("CONFLICT", NO_VESSELS_FOR_INDIVIDUALS);
  if (input.official_number && await officialNumberTaken(db, businessId, input.official_number, null)) {
    throw invalid("official_number", M.officialNumberTaken);
  }
  const id = await db.transaction().execute(async (trx) => {
    const id = await insertVessel(trx, { ...input, business_id: businessId, created_at: deps.now() });
    if (!user.is_admin) {
      await notify(trx, {
        type: "NEW_VESSEL",
        triggerUserId: user.user_id,
        userId: user.user_id,
        businessId,
        vesselId: id,
        at: deps.now(),
        meta: { ...await reporter(trx, user, business), vessel_name: input.name, vessel: { ...input } },
      });
    }
    await audit(trx, {
      actor: user.user_id,
      action: "vessel.add",
      entity: "vessel",
      entityId: id,
      detail: { business_id: businessId, ...input },
      ip: actor.ip,
    });
    return id;
  });
  return toVessel((await findVessel(db, id))!);
}

export async function manageVessel(
  deps: Pick<Deps, "database" | "now">,
  actor: Actor,
  id: number,
  input: z.infer<typeof VesselUpdateBody>,
) {
  const { db } = deps.database;
  const { user } = actor;
  const vessel = await findVessel(db, id);
  if (!vessel || !await seesBusiness(db, user, vessel.business_id)) throw notFound("Vessel");
  const business = await ownedBusiness(db, user, vessel.business_id);
  const changes: VesselChange = {};
  const previous: VesselChange = {};
  for (const key of ["name", "official_number", "vessel_type", "is_active"] as const) {
    const value = input[key];
    if (value === undefined || value === vessel[key]) continue;
    Object.assign(changes, { [key]: value });
    Object.assign(previous, { [key]: vessel[key] });
  }
  if (
    changes.official_number && await officialNumberTaken(db, vessel.business_id, changes.official_number, id)
  ) {
    throw invalid("official_number", M.officialNumberTaken);
  }
  if (Object.keys(changes).length) {
    await db.transaction().execute(async (trx) => {
      await updateVessel(trx, id, changes);
      if (!user.is_admin) {
        await notify(trx, {
          type: "UPDATE_VESSEL",
          triggerUserId: user.user_id,
          userId: user.user_id,
          businessId: vessel.business_id,
          vesselId: id,
          at: deps.now(),
          meta: {
            ...await reporter(trx, user, business),
            vessel_name: changes.name ?? vessel.name,
            previous_vessel_name: vessel.name,
            changes,
            previous,
            awaiting_approval: false,
          },
        });
      }
      await audit(trx, {
        actor: user.user_id,
        action: "vessel.update",
        entity: "vessel",
        entityId: id,
        detail: { changes, previous },
        ip: actor.ip,
      });
    });
  }
  return toVessel((await findVessel(db, id))!);
}
