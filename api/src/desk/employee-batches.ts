/**
 * A crew list upload on the office's desk (decision 0086): one EMPLOYEE_REQUEST_BATCH card for all the employee
 * requests a DER's upload filed. An administrator opens it and approves or declines the requests together or
 * one by one: a request that matched an APCA member links them to the company, one that did not creates the
 * member it names (they set a password through 'Forgot password', as for a single employee request). Each
 * decision runs in one transaction on the locked requests: a request another administrator decided first
 * answers 409 ALREADY_PROCESSED and nothing of that decision is applied. The card is archived when the last
 * request is decided. Every decision is audited, per request and on the card.
 */
import type { Transaction } from "kysely";
import { hashPassword } from "../auth/passwords.ts";
import type { DB } from "../db/types.ts";
import {
  batchRecord,
  batchRequests,
  findRequestBatch,
  insertBusinessUser,
  isLinked,
  liveUser,
  rejectEmployeeRequest,
  resolveEmployeeRequest,
  userIdByEmail,
  usersNamed,
} from "../employees/desk.ts";
import { BATCH_MESSAGES as B } from "../employees/crew-schemas.ts";
import { audit } from "../lib/audit.ts";
import type { Actor, Deps } from "../lib/context.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { archiveNotification } from "../notifications/center.ts";
import { insertUser, memberNumber } from "../registration/desk.ts";
import { alreadyProcessed } from "./service.ts";

type DeskDeps = Pick<Deps, "database">;

/** The batch with its requests and the members they matched or became. */
export async function employeeBatch(deps: DeskDeps, id: number) {
  const { db } = deps.database;
  const batch = await findRequestBatch(db, { id });
  if (!batch) throw notFound("Employee request batch");
  const requests = await batchRequests(db, id);
  const named = new Map(
    (await usersNamed(db, requests.flatMap((r) => r.possible_user_id ? [r.possible_user_id] : [])))
      .map((u) => [u.id, u]),
  );
  const base = batchRecord(batch);
  return {
    ...base,
    attributes: {
      ...base.attributes,
      archived: requests.every((r) => r.status !== "pending"),
      requests: requests.map((r) => {
        const m = r.possible_user_id ? named.get(r.possible_user_id) : undefined;
        return {
          id: r.id,
          first_name: r.first_name,
          middle_name: r.middle_name,
          last_name: r.last_name,
          email: r.email,
          phone: r.phone,
          uscg_cred: r.uscg_cred,
          status: r.status,
          match: m
            ? { user_id: m.id, name: `${m.first_name} ${m.last_name}`, member_number: m.member_number }
            : null,
          user_id: r.user_id,
        };
      }),
    },
  };
}

type Request = Awaited<ReturnType<typeof batchRequests>>[number];

/**
 * Locks the batch's requests and picks those to decide: the ones asked for (each must be of this batch and
 * still waiting), or every one still waiting.
 */
async function chosen(trx: Transaction<DB>, batchId: number, ids: number[] | undefined) {
  const all = await batchRequests(trx, batchId, true);
  if (!ids) {
    const waiting = all.filter((r) => r.status === "pending");
    if (!waiting.length) throw alreadyProcessed();
    return { all, picked: waiting };
  }
  const byId = new Map(all.map((r) => [r.id, r]));
  const picked = [...new Set(ids)].map((id) => {
    const r = byId.get(id);
    if (!r) {
      throw new AppError("VALIDATION_FAILED", B.notInBatch, [{ path: "request_ids", message: B.notInBatch }]);
    }
    if (r.status !== "pending") throw alreadyProcessed();
    return r;
  });
  return { all, picked };
}

async function decideBatch(
  deps: Pick<Deps, "database" | "now">,
  actor: Actor,
  batchId: number,
  ids: number[] | undefined,
  action: "approve" | "decline",
  apply: (trx: Transaction<DB>, r: Request, at: Date) => Promise<Record<string, unknown>>,
) {
  const { db } = deps.database;
  const batch = await findRequestBatch(db, { id: batchId });
  if (!batch) throw notFound("Employee request batch");
  const at = deps.now();
  const count = await db.transaction().execute(async (trx) => {
    const { all, picked } = await chosen(trx, batchId, ids);
    for (const r of picked) {
      const detail = await apply(trx, r, at);
      await audit(trx, {
        actor: actor.user.user_id,
        action: `employee_request.${action}`,
        entity: "employee_request",
        entityId: r.id,
        detail: { batch_id: batchId, business_id: r.business_id, ...detail },
        ip: actor.ip,
      });
    }
    const decided = new Set(picked.map((r) => r.id));
    const open = all.filter((r) => r.status === "pending" && !decided.has(r.id)).length;
    if (!open && batch.notification_id) await archiveNotification(trx, batch.notification_id, at);
    await audit(trx, {
      actor: actor.user.user_id,
      action: `notification.employee_batch_${action}`,
      entity: "notification",
      entityId: batch.notification_id,
      detail: { batch_id: batchId, business_id: batch.business_id, requests: [...decided], still_open: open },
      ip: actor.ip,
    });
    return picked.length;
  });
  return count;
}

/** Approve the requests (or all still waiting): link the matched member, else create the member named. */
export async function approveEmployeeBatch(
  deps: Pick<Deps, "database" | "now">,
  actor: Actor,
  batchId: number,
  ids: number[] | undefined,
) {
  // Nobody knows this password (the new members set theirs through 'Forgot password'); one hash serves the
  // batch, since hashing one per member would make a 500-row approval take minutes.
  const passwordHash = await hashPassword(crypto.randomUUID());
  const by = actor.user.user_id;
  const n = await decideBatch(deps, actor, batchId, ids, "approve", async (trx, r, at) => {
    let userId = r.possible_user_id && await liveUser(trx, r.possible_user_id) ? r.possible_user_id : null;
    let status: "linked" | "created" = "linked";
    if (userId === null) {
      const email = r.email!;
      // Someone registered with this e-mail since the upload: they are the person.
      userId = await userIdByEmail(trx, email);
      if (userId === null) {
        status = "created";
        userId = await insertUser(trx, {
          first_name: r.first_name,
          middle_name: r.middle_name,
          last_name: r.last_name,
          email,
          phone: r.phone,
          address_one: r.address_one,
          address_two: r.address_two,
          city: r.city,
          state: r.state,
          postal_code: r.postal_code,
          country: r.country,
          uscg_cred: r.uscg_cred,
          ssn_last4: r.ssn_last4,
          password_hash: passwordHash,
        }, memberNumber);
      }
    }
    if (!await isLinked(trx, r.business_id, userId)) {
      await insertBusinessUser(trx, {
        business_id: r.business_id,
        user_id: userId,
        is_employee: true,
        is_primary: status === "created",
      });
    }
    if (!await resolveEmployeeRequest(trx, r.id, { status, userId, by, at })) throw alreadyProcessed();
    return { status, user_id: userId };
  });
  return { data: await employeeBatch(deps, batchId), message: B.approved(n) };
}

/** Decline the requests (or all still waiting), with the reason (kept in the audit). */
export async function declineEmployeeBatch(
  deps: Pick<Deps, "database" | "now">,
  actor: Actor,
  batchId: number,
  ids: number[] | undefined,
  reason: string,
) {
  const by = actor.user.user_id;
  const n = await decideBatch(deps, actor, batchId, ids, "decline", async (trx, r, at) => {
    if (!await rejectEmployeeRequest(trx, r.id, { by, at })) throw alreadyProcessed();
    return { reason };
  });
  return { data: await employeeBatch(deps, batchId), message: B.declined(n) };
}
