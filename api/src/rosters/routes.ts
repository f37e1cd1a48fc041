/**
 * Roster confirmations (decision 0087): the DER's task "Is your crew list still right?" and its one-tap
 * confirmation (the company's owner, or an administrator; another company answers 404), and the
 * administrators' list of every company's latest request with reminders.
 */
import { Hono } from "hono";
import { actorOf, allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { ROSTER_MESSAGES as R, RosterConfirmResponse, RosterTaskResponse } from "./schemas.ts";
import { adminRosterRoutes } from "./admin-routes.ts";
import { confirmRoster, rosterTask } from "./service.ts";

const TAGS = ["Rosters"];
const NOT_YOURS = { 403: "Only the business's owner can do this.", 404: "No such business, or not yours" };

const ownRoutes = new Hono<AppEnv>()
  .get(
    "/auth/business/:id/roster-confirmation",
    allow("user"),
    describe({
      summary: "The company's roster task: 'Is your crew list still right?'",
      description: "Not in the specification (issue 36, decision 0087). The company's latest request (null " +
        "when never asked) with its state and the employees on the company's list now.",
      tags: TAGS,
      response: RosterTaskResponse,
      errors: NOT_YOURS,
    }),
    validate("param", IdParam),
    async (c) => c.json({ data: await rosterTask(c.var.deps, caller(c), c.req.valid("param").id) }, 200),
  )
  .post(
    "/auth/business/:id/roster-confirmation",
    allow("user"),
    describe({
      summary: "Confirm the company's crew list is right (one tap)",
      description:
        "Records who confirmed, when, and the list as it was; audited (roster.confirm). A change " +
        "goes through removing and adding employees first. Confirmed already: 409.",
      tags: TAGS,
      response: RosterConfirmResponse,
      errors: { ...NOT_YOURS, 404: "No such business or request, or not yours", 409: R.alreadyConfirmed },
    }),
    validate("param", IdParam),
    async (c) => {
      const data = await confirmRoster(c.var.deps, actorOf(c), c.req.valid("param").id);
      return c.json({ data, message: R.confirmed }, 200);
    },
  );

export const rosterRoutes = new Hono<AppEnv>().route("/", ownRoutes).route("/", adminRosterRoutes);
