/** The administrators' roster calls (decision 0087): every company's latest request, reminders, send now. */
import { Hono } from "hono";
import { actorOf, allow } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { idempotent } from "../lib/idempotency.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { MessageResponse, RosterOverviewQuery, RosterOverviewResponse, SentResponse } from "./schemas.ts";
import { remindRoster, rosterOverview, sendRosterRequestsNow } from "./service.ts";

const TAGS = ["Rosters"];

export const adminRosterRoutes = new Hono<AppEnv>()
  .get(
    "/auth/roster-confirmations",
    allow("admin"),
    describe({
      summary: "Every company's latest roster request: confirmed, waiting, or overdue since when",
      description: "Not in the specification (decision 0087). States are counted on the office's day.",
      tags: TAGS,
      response: RosterOverviewResponse,
    }),
    validate("query", RosterOverviewQuery),
    async (c) => c.json(await rosterOverview(c.var.deps, c.req.valid("query").status), 200),
  )
  .post(
    "/auth/roster-confirmations/:id/remind",
    allow("admin"),
    idempotent(),
    describe({
      summary: "E-mail the DER a reminder of a request not yet confirmed",
      description: "Audited (roster.remind).",
      tags: TAGS,
      response: MessageResponse,
      errors: { 404: "No such request", 409: "Confirmed already, or the company has no DER" },
    }),
    validate("param", IdParam),
    async (c) =>
      c.json({ message: await remindRoster(c.var.deps, actorOf(c), c.req.valid("param").id) }, 200),
  )
  .post(
    "/auth/roster-confirmations/send",
    allow("admin"),
    idempotent(),
    describe({
      summary: "Send the current period's roster requests now",
      description: "What the hourly job does: companies not asked yet this period are asked (each once). " +
        "Audited (roster.send_requests).",
      tags: TAGS,
      response: SentResponse,
    }),
    async (c) => c.json(await sendRosterRequestsNow(c.var.deps, actorOf(c)), 200),
  );
