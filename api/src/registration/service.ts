/**
 * Account creation for the registration wizard. Everything a registration creates is written in one
 * transaction: the user, their business (self-employed) or the company awaiting approval (company member,
 * DER), the REGISTRATION notification with its progress row, and the audit entry. Either all of it exists or
 * none of it. The unique index on lower(email) decides between simultaneous registrations of one address.
 */
import type { Insertable, Transaction } from "kysely";
import { hashPassword } from "../auth/passwords.ts";
import type { DB, RegistrationKind } from "../db/types.ts";
import { audit } from "../lib/audit.ts";
import type { Deps } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import type { MemberMeta, Notification } from "../notifications/kinds.ts";
import { insertBusiness, insertBusinessUser, insertCompanyRequest } from "../businesses/writes.ts";
import { notify } from "../notifications/notify.ts";
import { insertUser, memberNumber } from "../users/service.ts";
import { emailExists, insertRegistrationProgress, likelyDuplicateCompany } from "./queries.ts";
import { type DerRegistration, type MemberRegistration, REGISTRATION_MESSAGES } from "./schemas.ts";

export interface RegisteredUser {
  user_id: number;
  is_admin: false;
  is_der: boolean;
  full_name: string;
}

const emailTaken = () =>
  new AppError("EMAIL_TAKEN", REGISTRATION_MESSAGES.emailTaken, [
    { path: "email", message: REGISTRATION_MESSAGES.emailTaken },
  ]);

const isUniqueViolation = (error: unknown, constraint?: string) => {
  const e = error as { code?: string; constraint_name?: string; constraint?: string; message?: string };
  if (e?.code !== "23505") return false;
  if (!constraint) return true;
  const name = e.constraint_name ?? e.constraint ?? "";
  return name === constraint || (e.message ?? "").includes(constraint);
};

/** The member number is users' (users/service.ts); re-exported for the callers that still import it here. */
export { memberNumber };

const clean = (v: string | null | undefined) => (v === undefined || v === null || v === "" ? null : v);

/** Runs `write` in a transaction after inserting the user; a taken e-mail is a 422 whichever check sees it. */
async function createAccount(
  deps: Pick<Deps, "database">,
  user: Omit<Insertable<DB["users"]>, "password_hash" | "member_number"> & { password: string },
  write: (trx: Transaction<DB>, userId: number) => Promise<void>,
): Promise<number> {
  if (await emailExists(deps.database.db, user.email)) throw emailTaken();
  const { password, ...values } = user;
  const passwordHash = await hashPassword(password);
  try {
    return await deps.database.db.transaction().execute(async (trx) => {
      const id = await insertUser(trx, { ...values, password_hash: passwordHash }, memberNumber);
      await write(trx, id);
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error, "users_email_lower_key")) throw emailTaken();
    throw error;
  }
}

/** A REGISTRATION notification and when its business counts as approved (an individual one needs no approval). */
export type RegistrationNotice = Extract<Notification, { type: "REGISTRATION" }> & {
  businessApprovedAt: Date | null;
};

/**
 * Writes the REGISTRATION notification through notify() and, beside it in the caller's transaction, its
 * progress row (registration_notifications, registration's table); answers the notification's id.
 */
export async function notifyRegistration(trx: Transaction<DB>, n: RegistrationNotice): Promise<number> {
  const { businessApprovedAt, ...notice } = n;
  const id = await notify(trx, notice);
  await insertRegistrationProgress(trx, {
    notification_id: id,
    kind: n.meta.kind,
    user_id: n.userId,
    business_id: n.businessId,
    business_approved_at: businessApprovedAt,
  });
  return id;
}

/** The REGISTRATION notification (and its progress row) for the admin center. */
async function addRegistrationNotification(
  trx: Transaction<DB>,
  n: {
    member: MemberMeta;
    kind: RegistrationKind;
    business: { id: number | null; name: string };
    approvedAt: Date | null;
  },
): Promise<void> {
  await notifyRegistration(trx, {
    type: "REGISTRATION",
    triggerUserId: n.member.member_user_id,
    userId: n.member.member_user_id,
    businessId: n.business.id,
    businessApprovedAt: n.approvedAt,
    meta: { ...n.member, kind: n.kind, business_id: n.business.id, business_name: n.business.name },
  });
}

type CompanyRequest = {
  business_name: string;
  business_id: number | null;
  business_dba?: string | null;
  business_address_one?: string | null;
  business_address_two?: string | null;
  business_city?: string | null;
  business_state?: string | null;
  business_country?: string | null;
  business_postal_code?: string | null;
  business_po_box?: string | null;
  business_phone?: string | null;
  business_email?: string | null;
  business_tax_id?: string | null;
};

/** A company for an administrator to approve: the request, its notification, and a likely duplicate. */
async function addCompanyRequest(
  trx: Transaction<DB>,
  member: MemberMeta,
  request: CompanyRequest,
): Promise<void> {
  const userId = member.member_user_id;
  const duplicate = await likelyDuplicateCompany(trx, request.business_name, request.business_id);
  const notificationId = await notify(trx, {
    type: "NEW_BUSINESS_REQUEST",
    triggerUserId: userId,
    userId,
    businessId: request.business_id,
    meta: { ...member, business_id: request.business_id, business_name: request.business_name },
  });
  await insertCompanyRequest(trx, {
    ...request,
    notification_id: notificationId,
    user_id: userId,
    is_company: true,
    possible_duplicate_business_id: duplicate,
  });
}

/**
 * A member: self-employed members get their individual business at once (owner, primary); a company member's
 * company becomes a new-business request that an administrator approves or links to an existing company.
 */
export async function registerMember(
  deps: Pick<Deps, "database" | "now">,
  input: MemberRegistration,
  ip: string,
): Promise<RegisteredUser> {
  const fullName = `${input.first_name} ${input.last_name}`;
  const now = deps.now();
  const userId = await createAccount(deps, {
    email: input.email,
    password: input.password,
    first_name: input.first_name,
    middle_name: clean(input.middle_name),
    last_name: input.last_name,
    phone: input.phone,
    address_one: input.address_one,
    address_two: clean(input.address_two),
    city: input.city,
    state: input.state,
    postal_code: input.postal_code,
    country: input.country,
    uscg_cred: input.is_licensed ? clean(input.uscg_cred) : null,
    // Only the unlicensed give their SSN, and only its last four digits are ever stored.
    ssn_last4: input.is_licensed ? null : input.ssn!.trim(),
    opt_in: input.opt_in_text,
  }, async (trx, id) => {
    const member: MemberMeta = {
      member_user_id: id,
      member_first_name: input.first_name,
      member_last_name: input.last_name,
      member_number: memberNumber(id),
    };
    if (input.is_company) {
      await addCompanyRequest(trx, member, {
        business_id: null,
        business_name: input.company_name!,
        business_address_one: clean(input.company_address_one),
        business_address_two: clean(input.company_address_two),
        business_state: clean(input.company_state),
        business_country: clean(input.company_country),
        business_postal_code: clean(input.company_postal_code),
        business_po_box: clean(input.company_po_box),
        business_phone: clean(input.company_phone),
      });
      await addRegistrationNotification(trx, {
        member,
        kind: "company_employee",
        business: { id: null, name: input.company_name! },
        approvedAt: null,
      });
    } else {
      const llcName = input.is_llc ? clean(input.llc_name) : null;
      const name = clean(input.business_name) ?? llcName ?? fullName;
      const businessId = await insertBusiness(trx, {
        name,
        business_name: clean(input.business_name),
        is_individual: true,
        is_llc: input.is_llc,
        llc_name: llcName,
        phone: input.phone,
        address_one: input.address_one,
        address_two: clean(input.address_two),
        city: input.city,
        state: input.state,
        country: input.country,
        postal_code: input.postal_code,
      });
      await insertBusinessUser(trx, {
        business_id: businessId,
        user_id: id,
        is_owner: true,
        is_employee: true,
        is_primary: true,
      });
      await addRegistrationNotification(trx, {
        member,
        kind: "independent",
        business: { id: businessId, name },
        // An individual business needs no approval.
        approvedAt: now,
      });
    }
    await audit(trx, {
      actor: id,
      action: "register",
      entity: "user",
      entityId: id,
      detail: { kind: input.is_company ? "company_employee" : "independent" },
      ip,
    });
  });
  return { user_id: userId, is_admin: false, is_der: false, full_name: fullName };
}

/** A DER: their company exists at once (owned by them) but waits for an administrator's approval. */
export async function registerDer(
  deps: Pick<Deps, "database">,
  input: DerRegistration,
  ip: string,
): Promise<RegisteredUser> {
  const fullName = `${input.first_name} ${input.last_name}`;
  const userId = await createAccount(deps, {
    email: input.email,
    password: input.password,
    first_name: input.first_name,
    middle_name: clean(input.middle_name),
    last_name: input.last_name,
    is_der: true,
    opt_in: input.opt_in_text,
  }, async (trx, id) => {
    const company = {
      dba_name: clean(input.company_dba),
      address_one: clean(input.company_address_one),
      address_two: clean(input.company_address_two),
      city: clean(input.company_city),
      state: clean(input.company_state),
      country: clean(input.company_country),
      postal_code: clean(input.company_postal_code),
      po_box: clean(input.company_po_box),
      phone: input.company_phone,
      email: clean(input.company_email),
      tax_id: input.company_tax_id,
    };
    const businessId = await insertBusiness(trx, { name: input.company_name, ...company, der_user_id: id });
    await insertBusinessUser(trx, {
      business_id: businessId,
      user_id: id,
      is_owner: true,
      is_employee: false,
    });
    const member: MemberMeta = {
      member_user_id: id,
      member_first_name: input.first_name,
      member_last_name: input.last_name,
      member_number: memberNumber(id),
    };
    await addCompanyRequest(trx, member, {
      business_id: businessId,
      business_name: input.company_name,
      business_dba: company.dba_name,
      business_address_one: company.address_one,
      business_address_two: company.address_two,
      business_city: company.city,
      business_state: company.state,
      business_country: company.country,
      business_postal_code: company.postal_code,
      business_po_box: company.po_box,
      business_phone: company.phone,
      business_email: company.email,
      business_tax_id: company.tax_id,
    });
    await addRegistrationNotification(trx, {
      member,
      kind: "DER",
      business: { id: businessId, name: input.company_name },
      approvedAt: null,
    });
    await audit(trx, {
      actor: id,
      action: "register",
      entity: "user",
      entityId: id,
      detail: { kind: "DER" },
      ip,
    });
  });
  return { user_id: userId, is_admin: false, is_der: true, full_name: fullName };
}
