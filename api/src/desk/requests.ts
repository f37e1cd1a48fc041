/**
 * The requests an administrator settles from the center (admin spec §4 "Company-link wizard", "Employee
 * request"): a member's company is linked to an existing company or set up as a new one (optionally converted
 * between company and self-employed); an owner's employee is linked to an existing user or created. Each runs
 * in one transaction on the locked request and answers 409 ALREADY_PROCESSED when another administrator
 * settled it first.
 */
import type { z } from "zod";
import { hashPassword } from "../auth/passwords.ts";
import {
  businessRequestById,
  businessRequestFor,
  findDuplicateCompanies,
  findLiveBusiness,
  insertBusiness,
  lockBusinessRequest,
  moveBusinessUsers,
  resolveBusinessRequest,
  softDeleteBusiness,
  updateBusiness,
} from "../businesses/desk.ts";

import { requestedPerson } from "../employees/schemas.ts";
import type { Actor, Deps } from "../lib/context.ts";
import { audit, changedFields } from "../lib/audit.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { approveRegistrationBusiness, emailExists, insertUser, memberNumber } from "../registration/desk.ts";
import { REGISTRATION_MESSAGES } from "../registration/schemas.ts";
import {
  employeeRequestByNotification,
  insertBusinessUser,
  isLinked,
  liveUser,
  lockEmployeeRequest,
  rankedCandidates,
  resolveEmployeeRequest,
} from "../employees/desk.ts";
import { archiveNotification, findNotification } from "../notifications/center.ts";
import { alreadyProcessed, onOpen } from "./service.ts";
import { tellRequester } from "./decision-mail.ts";
import { type NewCompanyBody, type NewEmployeeBody, NOTIFICATION_MESSAGES as M } from "./schemas.ts";

const COMPANY_TYPES = ["REGISTRATION", "NEW_BUSINESS_REQUEST"] as const;

/** The company request of a notification with its possible duplicates, best first. */
export async function duplicatesFor(deps: Pick<Deps, "database">, id: number) {
  const { db } = deps.database;
  const n = await companyNotification(deps, id);
  const r = await businessRequestFor(db, n);
  if (!r) throw notFound("Company request");
  const found = await findDuplicateCompanies(db, {
    name: r.business_name,
    tax_id: r.business_tax_id,
    phone: r.business_phone,
    email: r.business_email,
    exceptId: r.business_id,
  });
  const data = found.map((b) => {
    const matched = [
      ...(b.by_name ? ["name" as const] : []),
      ...(b.by_tax ? ["tax_id" as const] : []),
      ...(b.by_phone ? ["phone" as const] : []),
      ...(b.by_email ? ["email" as const] : []),
    ];
    const score = (b.by_name ? 4 : 0) + (b.by_tax ? 3 : 0) + (b.by_phone ? 2 : 0) + (b.by_email ? 2 : 0);
    const { by_name: _a, by_tax: _b, by_phone: _c, by_email: _d, ...rest } = b;
    return { ...rest, score, matched };
  }).sort((a, b) => b.score - a.score || a.id - b.id).slice(0, 10);
  const { first_name, last_name, notification_id: _n, ...request } = r;
  return {
    data,
    request: {
      id: request.id,
      is_company: request.is_company,
      user_id: request.user_id,
      user_name: `${first_name} ${last_name}`,
      business_id: request.business_id,
      business_name: request.business_name,
      business_dba: request.business_dba,
      business_address_one: request.business_address_one,
      business_address_two: request.business_address_two,
      business_city: request.business_city,
      business_state: request.business_state,
      business_country: request.business_country,
      business_postal_code: request.business_postal_code,
      business_po_box: request.business_po_box,
      business_phone: request.business_phone,
      business_email: request.business_email,
      business_tax_id: request.business_tax_id,
      business_is_llc: request.business_is_llc,
      business_llc_name: request.business_llc_name,
      status: request.status,
    },
    message: data.length ? M.duplicate : null,
  };
}

async function companyNotification(deps: Pick<Deps, "database">, id: number) {
  const n = await findNotification(deps.database.db, id);
  if (!n || !(COMPANY_TYPES as readonly string[]).includes(n.type)) throw notFound("Notification");
  return n;
}

/**
 * Settles the company request of a notification with `business` (an existing company, or one set up from it):
 * the member joins it, their registration counts the business as approved, the request's notification is
 * archived.
 */
async function settleCompany(
  deps: Pick<Deps, "database" | "now" | "mailer" | "log">,
  actor: Actor,
  id: number,
  action: string,
  choose: (
    trx: Parameters<Parameters<typeof onOpen>[5]>[0],
    request: NonNullable<Awaited<ReturnType<typeof lockBusinessRequest>>>,
    at: Date,
  ) => Promise<number>,
) {
  const settled = await onOpen(deps, actor, id, COMPANY_TYPES, action, async (trx, n, at) => {
    const request = await lockBusinessRequest(trx, n);
    if (!request) throw new AppError("CONFLICT", M.noRequest);
    if (request.status !== "pending") throw alreadyProcessed();
    const businessId = await choose(trx, request, at);
    if (!await resolveBusinessRequest(trx, request.id, { businessId, by: actor.user.user_id, at })) {
      throw alreadyProcessed();
    }
    await approveRegistrationBusiness(trx, request.user_id, businessId, at);
    if (request.notification_id) await archiveNotification(trx, request.notification_id, at);
    // The company's own History starts with its approval (issue 37), not only the notification's row.
    await audit(trx, {
      actor: actor.user.user_id,
      action: action === "company_link" ? "business.request_linked" : "business.request_approved",
      entity: "business",
      entityId: businessId,
      detail: {
        notification_id: id,
        request_user_id: request.user_id,
        changes: changedFields({ request_status: request.status }, { request_status: "approved" }),
      },
      ip: actor.ip,
    });
    return await findLiveBusiness(trx, businessId);
  });
  const name = settled?.name ?? "the company";
  await tellRequester(
    deps,
    id,
    action === "company_link"
      ? { kind: "linked", to: name }
      : { kind: "created", what: `the company ${name}` },
  );
  return M.companyApproved;
}

/** Link the request to an existing company: the provisional business (if any) is retired into it. */
export async function linkCompany(
  deps: Pick<Deps, "database" | "now" | "mailer" | "log">,
  actor: Actor,
  id: number,
  businessId: number,
) {
  return await settleCompany(deps, actor, id, "company_link", async (trx, request, at) => {
    const target = await findLiveBusiness(trx, businessId);
    if (!target) throw notFound("Business");
    if (request.business_id && request.business_id !== businessId) {
      // A DER's provisional company hands over what the registration bought with it: the DER (when the
      // existing company has none) and a paid compliance kit.
      const provisional = await findLiveBusiness(trx, request.business_id);
      const handOver = {
        ...(provisional?.der_user_id && !target.der_user_id ? { der_user_id: provisional.der_user_id } : {}),
        ...(provisional?.has_compliance_kit && !target.has_compliance_kit
          ? { has_compliance_kit: true }
          : {}),
      };
      if (Object.keys(handOver).length) await updateBusiness(trx, businessId, handOver);
      await moveBusinessUsers(trx, request.business_id, businessId);
      await softDeleteBusiness(trx, request.business_id, at);
    } else if (!await isLinked(trx, businessId, request.user_id)) {
      await insertBusinessUser(trx, { business_id: businessId, user_id: request.user_id, is_employee: true });
    }
    return businessId;
  });
}

/** Set the company up from the request (the administrator's corrected fields), optionally converted. */
export async function createCompany(
  deps: Pick<Deps, "database" | "now" | "mailer" | "log">,
  actor: Actor,
  id: number,
  input: z.infer<typeof NewCompanyBody>,
) {
  const { convert, ...fields } = input;
  return await settleCompany(deps, actor, id, "company_create", async (trx, request) => {
    const isIndividual = request.is_company === convert;
    if (!isIndividual && !fields.tax_id) {
      throw new AppError("VALIDATION_FAILED", REGISTRATION_MESSAGES.companyTaxIdRequired, [
        { path: "tax_id", message: REGISTRATION_MESSAGES.companyTaxIdRequired },
      ]);
    }
    if (request.business_id && await findLiveBusiness(trx, request.business_id)) {
      await updateBusiness(trx, request.business_id, { ...fields, is_individual: isIndividual });
      return request.business_id;
    }
    const businessId = await insertBusiness(trx, { ...fields, is_individual: isIndividual });
    await insertBusinessUser(trx, {
      business_id: businessId,
      user_id: request.user_id,
      is_owner: true,
      is_employee: isIndividual,
    });
    return businessId;
  });
}

/** The employee request of a notification, with the users it may mean. */
export async function employeeRequestReview(deps: Pick<Deps, "database">, id: number) {
  const { db } = deps.database;
  const r = await employeeRequestByNotification(db, id);
  if (!r) throw notFound("Employee request");
  const candidates = await rankedCandidates(db, r);
  return {
    id: r.id,
    notification_id: id,
    company_id: r.business_id,
    company_name: r.company_name,
    owner_id: r.owner_user_id,
    owner_name: r.owner_first ? `${r.owner_first} ${r.owner_last}` : null,
    user: requestedPerson(r),
    possible_exists: r.possible_exists,
    status: r.status,
    candidates,
  };
}

/** Link the employee request to an existing user: they join the company as its employee. */
export async function linkEmployee(
  deps: Pick<Deps, "database" | "now" | "mailer" | "log">,
  actor: Actor,
  id: number,
  userId: number,
) {
  await onOpen(deps, actor, id, ["NEW_EMPLOYEE_REQUEST"], "employee_link", async (trx, _n, at) => {
    const r = await lockEmployeeRequest(trx, id);
    if (!r) throw new AppError("CONFLICT", M.noEmployeeRequest);
    if (r.status !== "pending") throw alreadyProcessed();
    if (!await liveUser(trx, userId)) throw notFound("User");
    if (!await isLinked(trx, r.business_id, userId)) {
      await insertBusinessUser(trx, { business_id: r.business_id, user_id: userId, is_employee: true });
    }
    if (!await resolveEmployeeRequest(trx, r.id, { status: "linked", userId, by: actor.user.user_id, at })) {
      throw alreadyProcessed();
    }
    await archiveNotification(trx, id, at);
  });
  await tellRequester(deps, id, { kind: "linked", to: "an existing APCA account" });
  return M.linkedUser;
}

/**
 * Create the user the request names and add them to the company (or, converted, as an independent member
 * with their own self-employed business). They set a password through 'Forgot password'.
 */
export async function createEmployee(
  deps: Pick<Deps, "database" | "now" | "mailer" | "log">,
  actor: Actor,
  id: number,
  input: z.infer<typeof NewEmployeeBody>,
) {
  const { convert, ...person } = input;
  if (await emailExists(deps.database.db, person.email)) {
    throw new AppError("EMAIL_TAKEN", REGISTRATION_MESSAGES.emailTaken, [
      { path: "email", message: REGISTRATION_MESSAGES.emailTaken },
    ]);
  }
  const passwordHash = await hashPassword(crypto.randomUUID());
  await onOpen(deps, actor, id, ["NEW_EMPLOYEE_REQUEST"], "employee_create", async (trx, _n, at) => {
    const r = await lockEmployeeRequest(trx, id);
    if (!r) throw new AppError("CONFLICT", M.noEmployeeRequest);
    if (r.status !== "pending") throw alreadyProcessed();
    const userId = await insertUser(trx, { ...person, password_hash: passwordHash }, memberNumber);
    if (convert) {
      const own = await insertBusiness(trx, {
        name: `${person.first_name} ${person.last_name}`,
        is_individual: true,
      });
      await insertBusinessUser(trx, { business_id: own, user_id: userId, is_owner: true, is_primary: true });
    } else {
      await insertBusinessUser(trx, {
        business_id: r.business_id,
        user_id: userId,
        is_employee: true,
        is_primary: true,
      });
    }
    if (!await resolveEmployeeRequest(trx, r.id, { status: "created", userId, by: actor.user.user_id, at })) {
      throw alreadyProcessed();
    }
    await archiveNotification(trx, id, at);
  });
  await tellRequester(deps, id, {
    kind: "created",
    what: `an APCA account for ${person.first_name} ${person.last_name}`,
  });
  return M.addedUser;
}

/** A company request by its own id, with the notification its wizard works on. */
export async function businessRequest(deps: Pick<Deps, "database">, id: number) {
  const r = await businessRequestById(deps.database.db, id);
  if (!r) throw notFound("Company request");
  return r;
}
