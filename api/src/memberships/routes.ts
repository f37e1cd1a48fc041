/**
 * The member's own membership (public spec §2 /app/account/membership/*, §7): read, start or renew, pause,
 * resume, cancel, history. Every change honours an Idempotency-Key header (the offline outbox resends them).
 * The administrators' calls for any user are in admin-routes.ts and share the service.
 */
import { Hono } from "hono";
import { actorOf, allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { idempotent } from "../lib/idempotency.ts";
import { describe, validate } from "../lib/route.ts";
import { adminMembershipRoutes } from "./admin-routes.ts";
import { companyMembershipRoutes } from "./company-routes.ts";
import {
  CONFLICT_DOC,
  HistoryList,
  HistoryQuery,
  MEMBERSHIP_MESSAGES as M,
  MembershipAnswer,
  MembershipMessageAnswer,
  PauseBody,
  PAYMENT_ERRORS,
  StartBody,
} from "./schemas.ts";
import { getOwnMembership, membershipHistory } from "./record.ts";
import { startMembership } from "./start.ts";
import { cancelMembership, pauseMembership, resumeMembership } from "./changes.ts";

const TAGS = ["Memberships"];
const ownRoutes = new Hono<AppEnv>()
  .get(
    "/auth/account/membership",
    allow("user"),
    describe({
      summary: "The caller's membership with its state flags and pause warning (data is null without one)",
      tags: TAGS,
      response: MembershipAnswer,
    }),
    async (c) => c.json({ data: await getOwnMembership(c.var.deps, caller(c).user_id) }, 200),
  )
  .post(
    "/auth/account/membership",
    allow("user"),
    idempotent(),
    describe({
      summary: "Start or renew the caller's membership, paid with one of their saved cards",
      description: "Allowed without a membership or when can_renew. Prices come from settings: one-time, " +
        "renewal (the caller had a paid annual membership) or new member. Charged once per " +
        "Idempotency-Key (without one, a double submit still charges once).",
      tags: TAGS,
      response: MembershipMessageAnswer,
      errors: PAYMENT_ERRORS,
    }),
    validate("json", StartBody),
    async (c) => {
      const { is_annual, payment_method_id } = c.req.valid("json");
      const me = caller(c).user_id;
      const data = await startMembership(c.var.deps, actorOf(c), me, {
        membershipType: is_annual ? "annual" : "one_time",
        payment: { type: "card", payment_method_id },
        headerKey: c.req.header("Idempotency-Key"),
      });
      return c.json({ data, message: M.started }, 200);
    },
  )
  .post(
    "/auth/account/membership/pause",
    allow("user"),
    idempotent(),
    describe({
      summary: "Pause the caller's active annual membership, with a reason",
      description: "Tells the administrators (a paused-membership notification). For reason 'Other' the " +
        "other_reason text is stored as the reason.",
      tags: TAGS,
      response: MembershipMessageAnswer,
      errors: { 404: "No membership", 409: CONFLICT_DOC },
    }),
    validate("json", PauseBody),
    async (c) => {
      const me = caller(c).user_id;
      const data = await pauseMembership(
        c.var.deps,
        actorOf(c),
        me,
        c.req.valid("json"),
      );
      return c.json({ data, message: M.paused }, 200);
    },
  )
  .post(
    "/auth/account/membership/resume",
    allow("user"),
    idempotent(),
    describe({
      summary: "Resume the caller's paused membership (only a paused one)",
      tags: TAGS,
      response: MembershipMessageAnswer,
      errors: { 404: "No membership", 409: CONFLICT_DOC },
    }),
    async (c) => {
      const me = caller(c).user_id;
      const data = await resumeMembership(c.var.deps, actorOf(c), me);
      return c.json({ data, message: M.resumed }, 200);
    },
  )
  .delete(
    "/auth/account/membership/cancel",
    allow("user"),
    idempotent(),
    describe({
      summary: "Cancel the caller's membership now",
      description: "Coverage ends now and autorenewal stops; the administrators get a cancelled-membership " +
        "notification and the member a confirmation e-mail. No refund is made here.",
      tags: TAGS,
      response: MembershipMessageAnswer,
      errors: { 404: "No membership", 409: CONFLICT_DOC },
    }),
    async (c) => {
      const me = caller(c).user_id;
      const data = await cancelMembership(c.var.deps, actorOf(c), me);
      return c.json({ data, message: M.cancelled }, 200);
    },
  )
  .get(
    "/auth/account/memberships",
    allow("user"),
    describe({ summary: "The caller's membership history, newest first", tags: TAGS, response: HistoryList }),
    validate("query", HistoryQuery),
    async (c) => c.json(await membershipHistory(c.var.deps, caller(c).user_id, c.req.valid("query")), 200),
  );

export const membershipsRoutes = new Hono<AppEnv>().route("/", ownRoutes).route("/", companyMembershipRoutes)
  .route("/", adminMembershipRoutes);
