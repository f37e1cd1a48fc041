/**
 * Employee memberships run by the company (public spec §2 /app/member/businesses/{id}/employee/{eid}/...,
 * §6): the company's owner (or an administrator) reads, starts, pauses, resumes and cancels a current
 * employee's membership through the same service as the member's own calls. Anyone else, and anyone who is not
 * a current employee of that company, gets 404 (another company's people are not even confirmed to exist).
 *
 * A company's cancellation of a membership it paid for, for a member without a card of their own, schedules
 * the deletion of the member's account in 30 days (users/deletion.ts, decision 0024).
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import type { Deps, SessionUser } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { requireOwnedCompany } from "../payment-methods/company.ts";
import { hasOwnCard } from "../payment-methods/service.ts";
import { scheduleDeletion } from "../users/deletion.ts";
import { cancelMembership } from "./changes.ts";
import type { Actor, MembershipRecord } from "./record.ts";
import { currentEmployee } from "./queries.ts";

/** The company the viewer owns and its current employee, or 404. */
export async function requireCompanyEmployee(
  db: Kysely<DB>,
  viewer: Pick<SessionUser, "user_id" | "is_admin">,
  businessId: number,
  employeeId: number,
) {
  const company = await requireOwnedCompany(db, viewer, businessId);
  const employee = await currentEmployee(db, businessId, employeeId);
  if (!employee) throw notFound("Employee");
  return company;
}

/**
 * The company cancels its employee's membership. When the company paid for it and the member has no card of
 * their own, the member's account is scheduled for deletion in 30 days, in the cancellation's transaction.
 */
export async function cancelEmployeeMembership(
  deps: Pick<Deps, "config" | "database" | "now" | "mailer">,
  actor: Actor,
  businessId: number,
  employeeId: number,
): Promise<MembershipRecord> {
  return await cancelMembership(deps, actor, employeeId, async (trx, cancelled, now) => {
    if (cancelled.business_id !== businessId) return;
    if (await hasOwnCard(trx, employeeId)) return;
    await scheduleDeletion(trx, employeeId, businessId, now);
  });
}

/** Membership rules on an employee's removal and move (decision 0065); employees/ asks them. */
export { carryCompanyMemberships, stopCompanyRenewals } from "./queries.ts";
