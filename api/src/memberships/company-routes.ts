/**
 * Employee memberships run by the company (public spec §2 /app/member/businesses/{id}/employee/{eid}/membership
 * and its sub-routes, §6): for the company's owner or an administrator, about a current employee of that
 * company (eid is the employee's user id). Anyone else gets 404. Same service, messages and Idempotency-Key
 * handling as the member's own calls (routes.ts); the start is paid with one of the company's cards.
 */
import { type Context, Hono } from "hono";
import { clientIp } from "../auth/sessions.ts";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { idempotent } from "../lib/idempotency.ts";
import { describe, validate } from "../lib/route.ts";
import { cancelEmployeeMembership, requireCompanyEmployee } from "./company.ts";
import { pauseMembership, resumeMembership } from "./changes.ts";
import { getMembership, membershipHistory } from "./record.ts";
import {
  CompanyEmployeeParam,
  CompanyStartBody,
  CONFLICT_DOC,
  HistoryList,
  HistoryQuery,
  MEMBERSHIP_MESSAGES as M,
  MembershipAnswer,
  MembershipMessageAnswer,
  PauseBody,
  PAYMENT_ERRORS,
} from "./schemas.ts";
import { startMembership } from "./start.ts";

const TAGS = ["Employee memberships"];
const PATH = "/auth/business/:id/employee/:eid";
const NOT_YOURS = "No such company among those you own, or not a current employee of it";
const CHANGE_ERRORS = { 404: `${NOT_YOURS}; or no membership`, 409: CONFLICT_DOC };

/**
 * Every handler's set-up: the caller must act for the company and the employee must be a current one (else
 * 404); answers the ids and the actor that the membership service audits.
 */
async function companyEmployee(c: Context<AppEnv>, { id, eid }: { id: number; eid: number }) {
  const me = caller(c);
  await requireCompanyEmployee(c.var.deps.database.db, me, id, eid);
  return { id, eid, actor: { user: me, ip: clientIp(c) } };
}

export const companyMembershipRoutes = new Hono<AppEnv>()
  .get(
    `${PATH}/membership`,
    allow("user"),
    describe({
      summary: "An employee's membership, for the company's owner (data is null without one)",
      description: "account_deletion_warning says whether cancelling it would delete the member's account " +
        "in 30 days (the company paid and the member has no card of their own).",
      tags: TAGS,
      response: MembershipAnswer,
      errors: { 404: NOT_YOURS },
    }),
    validate("param", CompanyEmployeeParam),
    async (c) => {
      const { eid } = await companyEmployee(c, c.req.valid("param"));
      return c.json({ data: await getMembership(c.var.deps, eid) }, 200);
    },
  )
  .post(
    `${PATH}/membership`,
    allow("user"),
    idempotent(),
    describe({
      summary: "Start or renew an employee's membership, paid with one of the company's cards",
      description:
        "payment_method_id is one of the company's cards (GET /auth/business/{id}/payment-methods). " +
        "Same eligibility, prices and charge-once rule as the member's own start; the membership is the " +
        "company's to renew (no autorenewal). The drug testing rule is automatic (pre-employment test " +
        `through i3 for a first membership unless exempt). message: '${M.startedForUser}'.`,
      tags: TAGS,
      response: MembershipMessageAnswer,
      errors: { ...PAYMENT_ERRORS, 404: `${NOT_YOURS}; or the card is not one of the company's` },
    }),
    validate("param", CompanyEmployeeParam),
    validate("json", CompanyStartBody),
    async (c) => {
      const { id, eid, actor } = await companyEmployee(c, c.req.valid("param"));
      const { is_annual, payment_method_id } = c.req.valid("json");
      const data = await startMembership(c.var.deps, actor, eid, {
        membershipType: is_annual ? "annual" : "one_time",
        payment: { type: "card", payment_method_id, business_id: id },
        headerKey: c.req.header("Idempotency-Key"),
      });
      return c.json({ data, message: M.startedForUser }, 200);
    },
  )
  .post(
    `${PATH}/membership/pause`,
    allow("user"),
    idempotent(),
    describe({
      summary: "Pause an employee's membership, with a reason",
      tags: TAGS,
      response: MembershipMessageAnswer,
      errors: CHANGE_ERRORS,
    }),
    validate("param", CompanyEmployeeParam),
    validate("json", PauseBody),
    async (c) => {
      const { eid, actor } = await companyEmployee(c, c.req.valid("param"));
      const data = await pauseMembership(c.var.deps, actor, eid, c.req.valid("json"));
      return c.json({ data, message: M.paused }, 200);
    },
  )
  .post(
    `${PATH}/membership/resume`,
    allow("user"),
    idempotent(),
    describe({
      summary: "Resume an employee's paused membership",
      tags: TAGS,
      response: MembershipMessageAnswer,
      errors: CHANGE_ERRORS,
    }),
    validate("param", CompanyEmployeeParam),
    async (c) => {
      const { eid, actor } = await companyEmployee(c, c.req.valid("param"));
      const data = await resumeMembership(c.var.deps, actor, eid);
      return c.json({ data, message: M.resumed }, 200);
    },
  )
  .delete(
    `${PATH}/membership/cancel`,
    allow("user"),
    idempotent(),
    describe({
      summary: "Cancel an employee's membership now",
      description: "If the company paid for it and the member has no card of their own, the member's " +
        "account is deleted in 30 days unless they add a card by then (account_deletion_at in the answer; " +
        "decision 0024 says what deletion keeps).",
      tags: TAGS,
      response: MembershipMessageAnswer,
      errors: CHANGE_ERRORS,
    }),
    validate("param", CompanyEmployeeParam),
    async (c) => {
      const { id, eid, actor } = await companyEmployee(c, c.req.valid("param"));
      const data = await cancelEmployeeMembership(c.var.deps, actor, id, eid);
      return c.json({ data, message: M.cancelled }, 200);
    },
  )
  .get(
    `${PATH}/memberships`,
    allow("user"),
    describe({
      summary: "An employee's membership history, newest first",
      tags: TAGS,
      response: HistoryList,
      errors: { 404: NOT_YOURS },
    }),
    validate("param", CompanyEmployeeParam),
    validate("query", HistoryQuery),
    async (c) => {
      const { eid } = await companyEmployee(c, c.req.valid("param"));
      return c.json(await membershipHistory(c.var.deps, eid, c.req.valid("query")), 200);
    },
  );
