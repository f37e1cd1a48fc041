/**
 * A business's employees and the requests to add one. Adding an employee never creates a user: it files an
 * employee request (NEW_EMPLOYEE_REQUEST) that an administrator links to an existing user or turns into a new
 * one, flagged `possible_exists` when a user with that e-mail or name is already here. A DER may file one only
 * when the company is set up in i3 (public spec §6), since the employee's tests are ordered through it.
 */
import type { Kysely } from "kysely";
import type { z } from "zod";
import { ownedBusiness } from "../businesses/service.ts";
import { endBusinessUser, insertBusinessUser, liveLinksOf, setPrimaryLink } from "../businesses/writes.ts";
import { moveUnplacedTests } from "../drug-tests/moves.ts";
import { carryCompanyMemberships, stopCompanyRenewals } from "../memberships/company.ts";
import { membershipFacts } from "../compliance/status.ts";
import { canDownloadComplianceFrom, type MembershipFacts } from "../compliance/status.ts";
import type { DB } from "../db/types.ts";
import { audit } from "../lib/audit.ts";
import type { Actor, Deps, SessionUser } from "../lib/context.ts";
import { coverageDay, termLapsed } from "../lib/dates.ts";
import { AppError, invalid, notFound } from "../lib/errors.ts";
import { record, ref } from "../lib/list.ts";
import { notify } from "../notifications/notify.ts";
import {
  businessOfLink,
  type BusinessUserRow,
  businessUserRows,
  type EmployeeRequestRow,
  employeeRequestsOf,
  insertEmployeeRequest,
  isLinked,
  liveUser,
  openRequestFor,
  ownerNames,
  possibleExistingUser,
} from "./queries.ts";
import {
  type AddBusinessUserBody,
  ALREADY_LINKED,
  EMPLOYEE_MESSAGES as M,
  type EmployeeRequestBody,
  requestedPerson,
} from "./schemas.ts";

const running = (m: MembershipFacts, now: Date) =>
  !m.pending && !m.failed && !m.cancelled && !m.paused && m.starts_at <= now &&
  !termLapsed(m.expire_at, now); // the coverage day, as for the letter

async function toBusinessUser(db: Kysely<DB>, row: BusinessUserRow, now: Date) {
  const memberships = await membershipFacts(db, row.user_id, now);
  const active = memberships.filter((m) => running(m, now));
  return record("business_user", row.id, {
    user_id: row.user_id,
    user_first_name: row.first_name,
    user_middle_name: row.middle_name,
    user_last_name: row.last_name,
    user_member_id: row.member_number,
    user_uscg_cred: row.uscg_cred,
    is_owner: row.is_owner,
    is_employee: row.is_employee,
    is_primary: row.is_primary,
    user_pending_request: Boolean(row.user_pending_request),
    pending_request: Boolean(row.pending_request),
    user_active_membership: active.length > 0,
    user_is_membership_annual: active.some((m) => m.type === "annual"),
    user_can_download_compliance: canDownloadComplianceFrom(memberships, now),
  }, { business: ref("business", row.business_id), user: ref("user", row.user_id) });
}

/** The business's users (owners and employees), for its owner or an administrator. */
export async function listBusinessUsers(
  deps: Pick<Deps, "database" | "now">,
  viewer: SessionUser,
  businessId: number,
) {
  const { db } = deps.database;
  await ownedBusiness(db, viewer, businessId);
  const rows = await businessUserRows(db, businessId);
  const now = deps.now();
  return await Promise.all(rows.map((r) => toBusinessUser(db, r, now)));
}

/** One employee of the business (the employee detail screens). */
export async function findBusinessUser(
  deps: Pick<Deps, "database" | "now">,
  viewer: SessionUser,
  businessId: number,
  id: number,
) {
  const { db } = deps.database;
  await ownedBusiness(db, viewer, businessId);
  const [row] = await businessUserRows(db, businessId, id);
  if (!row) throw notFound("Employee");
  return await toBusinessUser(db, row, deps.now());
}

/** Administrator: one employee by the link's id alone (/app/admin/employee/{id}). */
export async function findBusinessUserById(
  deps: Pick<Deps, "database" | "now">,
  admin: SessionUser,
  id: number,
) {
  const businessId = await businessOfLink(deps.database.db, id);
  if (businessId === null) throw notFound("Employee");
  return await findBusinessUser(deps, admin, businessId, id);
}

/**
 * The company's owner (its DER) or an administrator ends an employee's link, only when no request about them is
 * open (public spec §6). Memberships the company paid stop renewing on its cards; their paid term, the tests
 * and the letters stay (decision 0065).
 */
export async function removeEmployee(deps: Deps, actor: Actor, businessId: number, id: number) {
  const { db } = deps.database;
  await ownedBusiness(db, actor.user, businessId);
  const [row] = await businessUserRows(db, businessId, id);
  if (!row) throw notFound("Employee");
  if (row.is_owner && !actor.user.is_admin) throw new AppError("CONFLICT", M.ownerNotRemoved);
  if (row.pending_request || row.user_pending_request) throw new AppError("CONFLICT", M.pendingRequest);
  await db.transaction().execute(async (trx) => {
    if (!await endBusinessUser(trx, id, deps.now())) throw notFound("Employee");
    const renewalsStopped = await stopCompanyRenewals(trx, row.user_id, businessId);
    await audit(trx, {
      actor: actor.user.user_id,
      action: "business.remove_employee",
      entity: "business_user",
      entityId: id,
      detail: { business_id: businessId, user_id: row.user_id, renewals_stopped: renewalsStopped },
      ip: actor.ip,
    });
  });
}

/**
 * Update business user's business (public and admin spec §7): the employee leaves `businessId` for
 * `targetId`, another company of the same DER (any company, for an administrator). In one transaction: the
 * old link ends and a new one starts (primary if the old one was), memberships the old company paid and that
 * are not over are carried by the new one, and tests not yet ordered go through it; i3 orders already placed
 * stay at the old company's location and are named in the answer and the audit (decision 0065).
 */
export async function moveEmployee(
  deps: Deps,
  actor: Actor,
  businessId: number,
  id: number,
  targetId: number,
) {
  const { db } = deps.database;
  const { user } = actor;
  const source = await ownedBusiness(db, user, businessId);
  const [row] = await businessUserRows(db, businessId, id);
  if (!row) throw notFound("Employee");
  if (row.is_owner) throw new AppError("CONFLICT", M.ownerNotMoved);
  if (targetId === businessId) throw invalid("business_id", M.sameBusiness);
  const target = await ownedBusiness(db, user, targetId).catch(() => {
    throw invalid("business_id", M.notACompany);
  });
  if (target.is_individual) throw invalid("business_id", M.notACompany);
  if (!user.is_admin) {
    if (!target.is_active) throw new AppError("CONFLICT", target.deactivation_reason ?? M.inactive);
    if (!target.is_i3_setup) throw new AppError("CONFLICT", M.targetNotInI3);
  }
  if (row.pending_request || row.user_pending_request) throw new AppError("CONFLICT", M.pendingRequestMove);
  if (await isLinked(db, targetId, row.user_id)) throw new AppError("CONFLICT", ALREADY_LINKED);
  const now = deps.now();
  const result = await db.transaction().execute(async (trx) => {
    if (!await endBusinessUser(trx, id, now)) throw notFound("Employee");
    const newId = await insertBusinessUser(trx, {
      business_id: targetId,
      user_id: row.user_id,
      is_employee: true,
      is_owner: false,
      created_at: now,
    });
    if (row.is_primary) await setPrimaryLink(trx, row.user_id, newId);
    const carried = await carryCompanyMemberships(trx, row.user_id, businessId, targetId, coverageDay(now));
    const tests = await moveUnplacedTests(trx, row.user_id, businessId, targetId);
    const meta = { memberships_carried: carried, tests_moved: tests.moved, open_orders: tests.placed };
    await audit(trx, {
      actor: user.user_id,
      action: "business.move_employee",
      entity: "business_user",
      entityId: newId,
      detail: {
        from_business_id: businessId,
        to_business_id: targetId,
        user_id: row.user_id,
        ...meta,
        // The History's before → after (issue 37): the company the employee works for.
        before: { business: `${source.name} (#${businessId})` },
        after: { business: `${target.name} (#${targetId})` },
      },
      ip: actor.ip,
    });
    return { newId, meta };
  });
  const [moved] = await businessUserRows(db, targetId, result.newId);
  return { data: await toBusinessUser(db, moved, now), message: M.moved, meta: result.meta };
}

/**
 * The employee's primary business becomes this one (the business their own tests go through when nobody else
 * pays for their membership: drug-tests' ownBusiness). Its owner or an administrator; the company must be set
 * up in i3 for a DER, as for adding employees.
 */
export async function makePrimaryBusiness(deps: Deps, actor: Actor, businessId: number, id: number) {
  const { db } = deps.database;
  const business = await ownedBusiness(db, actor.user, businessId);
  const [row] = await businessUserRows(db, businessId, id);
  if (!row) throw notFound("Employee");
  if (!actor.user.is_admin && !business.is_individual && !business.is_i3_setup) {
    throw new AppError("CONFLICT", M.notInI3);
  }
  const links = await liveLinksOf(db, row.user_id);
  const before = links.find((l) => l.is_primary)?.business_id ?? null;
  if (before !== businessId) {
    await db.transaction().execute(async (trx) => {
      await setPrimaryLink(trx, row.user_id, id);
      await audit(trx, {
        actor: actor.user.user_id,
        action: "business.primary_business",
        entity: "business_user",
        entityId: id,
        detail: {
          user_id: row.user_id,
          from_business_id: before,
          to_business_id: businessId,
          before: { primary_business_id: before },
          after: { primary_business_id: businessId },
        },
        ip: actor.ip,
      });
    });
  }
  const [after] = await businessUserRows(db, businessId, id);
  return await toBusinessUser(db, after, deps.now());
}

function toRequest(r: EmployeeRequestRow) {
  return record("employee_request", r.id, {
    ...requestedPerson(r),
    possible_exists: r.possible_exists,
    status: r.status,
    created_at: new Date(r.created_at).toISOString(),
  }, { business: ref("business", r.business_id), owner: ref("user", r.owner_user_id) });
}

/** The business's employee requests (open first), so its owner sees what waits for APCA. */
export async function listEmployeeRequests(
  deps: Pick<Deps, "database">,
  viewer: SessionUser,
  businessId: number,
) {
  const { db } = deps.database;
  await ownedBusiness(db, viewer, businessId);
  return (await employeeRequestsOf(db, businessId)).map(toRequest);
}

/** Add Employee: files the request and its NEW_EMPLOYEE_REQUEST notification in one transaction. */
export async function requestEmployee(
  deps: Pick<Deps, "database" | "now">,
  actor: Actor,
  businessId: number,
  input: z.infer<typeof EmployeeRequestBody>,
) {
  const { db } = deps.database;
  const { user } = actor;
  const business = await ownedBusiness(db, user, businessId);
  if (!user.is_admin) {
    if (!business.is_active) throw new AppError("CONFLICT", business.deactivation_reason ?? M.inactive);
    if (!business.is_individual && !business.is_i3_setup) throw new AppError("CONFLICT", M.notInI3);
  }
  const { ssn, ...person } = input;
  // The notification names the person as the request does, but for the USCG credential.
  const { uscg_cred: _, ...named } = person;
  if (await openRequestFor(db, businessId, person)) throw new AppError("CONFLICT", M.alreadyRequested);
  const possibleUserId = await possibleExistingUser(db, person);
  const owner = await ownerNames(db, user.user_id);
  const id = await db.transaction().execute(async (trx) => {
    const notificationId = await notify(trx, {
      type: "NEW_EMPLOYEE_REQUEST",
      triggerUserId: user.user_id,
      businessId,
      at: deps.now(),
      meta: {
        company_id: businessId,
        company_name: business.name,
        owner_id: user.user_id,
        owner_name: `${owner.first_name} ${owner.last_name}`,
        user: named,
        possible_exists: possibleUserId !== null,
      },
    });
    const id = await insertEmployeeRequest(trx, {
      ...person,
      ssn_last4: ssn,
      notification_id: notificationId,
      business_id: businessId,
      owner_user_id: user.user_id,
      possible_exists: possibleUserId !== null,
      possible_user_id: possibleUserId,
      created_at: deps.now(),
    });
    await audit(trx, {
      actor: user.user_id,
      action: "business.request_employee",
      entity: "employee_request",
      entityId: id,
      detail: { business_id: businessId, possible_exists: possibleUserId !== null },
      ip: actor.ip,
    });
    return id;
  });
  const [row] = await employeeRequestsOf(db, businessId, id);
  return toRequest(row);
}

/** Administrator: links an existing user to the business at once (no request: APCA itself decides). */
export async function addBusinessUser(
  deps: Pick<Deps, "database" | "now">,
  actor: Actor,
  businessId: number,
  input: z.infer<typeof AddBusinessUserBody>,
) {
  const { db } = deps.database;
  await ownedBusiness(db, actor.user, businessId);
  if (!await liveUser(db, input.user_id)) throw invalid("user_id", "No such user.");
  if (await isLinked(db, businessId, input.user_id)) throw new AppError("CONFLICT", ALREADY_LINKED);
  const id = await db.transaction().execute(async (trx) => {
    const id = await insertBusinessUser(trx, {
      business_id: businessId,
      user_id: input.user_id,
      is_employee: input.is_employee,
      is_owner: input.is_owner,
      created_at: deps.now(),
    });
    await audit(trx, {
      actor: actor.user.user_id,
      action: "business.add_user",
      entity: "business_user",
      entityId: id,
      detail: { business_id: businessId, ...input },
      ip: actor.ip,
    });
    return id;
  });
  const [row] = await businessUserRows(db, businessId, id);
  return await toBusinessUser(db, row, deps.now());
}
