/**
 * The administrators' membership calls for any user (admin spec §2, §7): the same service functions as the
 * member's own calls, with the administrator recorded as the actor. Start also takes a manual payment.
 */
import { Hono } from "hono";
import { actorOf, allow } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { idempotent } from "../lib/idempotency.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import {
  AdminStartBody,
  CONFLICT_DOC,
  HistoryList,
  HistoryQuery,
  MEMBERSHIP_MESSAGES as M,
  MembershipAnswer,
  MembershipMessageAnswer,
  PauseBody,
  PAYMENT_ERRORS,
  UpdateBody,
  UpdatePreviewAnswer,
  UpdatePreviewQuery,
} from "./schemas.ts";
import { getMembership, membershipHistory } from "./record.ts";
import { startMembership } from "./start.ts";
import {
  cancelMembership,
  pauseMembership,
  previewMembershipUpdate,
  resumeMembership,
  updateMembership,
} from "./changes.ts";

const TAGS = ["Memberships"];
const CHANGE_ERRORS = { 404: "No such user, or the user has no membership", 409: CONFLICT_DOC };

export const adminMembershipRoutes = new Hono<AppEnv>()
  .get(
    "/auth/user/:id/membership",
    allow("admin"),
    describe({
      summary: "A user's membership with its state flags and pause warning (data is null without one)",
      tags: TAGS,
      response: MembershipAnswer,
      errors: { 404: "No such user" },
    }),
    validate("param", IdParam),
    async (c) => c.json({ data: await getMembership(c.var.deps, c.req.valid("param").id) }, 200),
  )
  .post(
    "/auth/user/:id/membership",
    allow("admin"),
    idempotent(),
    describe({
      summary: "Set up or renew a user's membership: charge one of their cards, or record a manual payment",
      description: "type card charges payment_method_id (one of the user's cards); type manual records " +
        "payment_medium and payment_date without charging. membership_type (or is_annual) picks annual or " +
        "one-time; expiration_date overrides the default expiry; order_test is the drug testing rule, " +
        "stored on the membership. Same eligibility and prices as the member's own start.",
      tags: TAGS,
      response: MembershipMessageAnswer,
      errors: PAYMENT_ERRORS,
    }),
    validate("param", IdParam),
    validate("json", AdminStartBody),
    async (c) => {
      const { membershipType, payment, expirationDate, orderTest } = c.req.valid("json");
      const headerKey = c.req.header("Idempotency-Key");
      const actor = actorOf(c);
      const data = await startMembership(c.var.deps, actor, c.req.valid("param").id, {
        membershipType,
        payment,
        expirationDate,
        orderTest,
        headerKey,
      });
      return c.json({ data, message: M.startedForUser }, 200);
    },
  )
  .get(
    "/auth/user/:id/membership/update-preview",
    allow("admin"),
    describe({
      summary: "What an expiry update would do, before saving it (nothing is written)",
      description:
        "Same input and checks as PUT .../membership. An expiry on the office day or earlier ends " +
        "the term and turns autorenew off, so the edit never leads to a charge; a later expiry keeps " +
        "autorenew, and the term is renewed when it ends (decision 0041).",
      tags: TAGS,
      response: UpdatePreviewAnswer,
      errors: CHANGE_ERRORS,
    }),
    validate("param", IdParam),
    validate("query", UpdatePreviewQuery),
    async (c) => {
      const data = await previewMembershipUpdate(
        c.var.deps,
        c.req.valid("param").id,
        c.req.valid("query"),
      );
      return c.json({ data }, 200);
    },
  )
  .put(
    "/auth/user/:id/membership",
    allow("admin"),
    idempotent(),
    describe({
      summary: "Update a user's membership expiry (not a failed or cancelled one)",
      description:
        "date (YYYY-MM-DD) is required when has_expiration; without an expiry autorenewal stops. " +
        "An expiry on the office day or earlier also turns autorenew off: the edit never leads to a charge " +
        "(GET .../membership/update-preview says what an edit will do; decision 0041).",
      tags: TAGS,
      response: MembershipMessageAnswer,
      errors: CHANGE_ERRORS,
    }),
    validate("param", IdParam),
    validate("json", UpdateBody),
    async (c) => {
      const data = await updateMembership(
        c.var.deps,
        actorOf(c),
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json({ data, message: M.updated }, 200);
    },
  )
  .delete(
    "/auth/user/:id/membership/cancel",
    allow("admin"),
    idempotent(),
    describe({
      summary: "Cancel a user's membership now (notification and confirmation e-mail as for the member)",
      tags: TAGS,
      response: MembershipMessageAnswer,
      errors: CHANGE_ERRORS,
    }),
    validate("param", IdParam),
    async (c) => {
      const actor = actorOf(c);
      const data = await cancelMembership(c.var.deps, actor, c.req.valid("param").id);
      return c.json({ data, message: M.cancelled }, 200);
    },
  )
  .post(
    "/auth/user/:id/membership/pause",
    allow("admin"),
    idempotent(),
    describe({
      summary: "Pause a user's membership, with a reason",
      tags: TAGS,
      response: MembershipMessageAnswer,
      errors: CHANGE_ERRORS,
    }),
    validate("param", IdParam),
    validate("json", PauseBody),
    async (c) => {
      const actor = actorOf(c);
      const data = await pauseMembership(c.var.deps, actor, c.req.valid("param").id, c.req.valid("json"));
      return c.json({ data, message: M.paused }, 200);
    },
  )
  .post(
    "/auth/user/:id/membership/resume",
    allow("admin"),
    idempotent(),
    describe({
      summary: "Resume a user's paused membership",
      tags: TAGS,
      response: MembershipMessageAnswer,
      errors: CHANGE_ERRORS,
    }),
    validate("param", IdParam),
    async (c) => {
      const actor = actorOf(c);
      const data = await resumeMembership(c.var.deps, actor, c.req.valid("param").id);
      return c.json({ data, message: M.resumed }, 200);
    },
  )
  .get(
    "/auth/user/:id/memberships",
    allow("admin"),
    describe({
      summary: "A user's membership history, newest first",
      tags: TAGS,
      response: HistoryList,
      errors: { 404: "No such user" },
    }),
    validate("param", IdParam),
    validate("query", HistoryQuery),
    async (c) =>
      c.json(await membershipHistory(c.var.deps, c.req.valid("param").id, c.req.valid("query")), 200),
  );
