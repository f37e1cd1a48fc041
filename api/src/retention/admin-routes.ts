/** The administrators' retention calls (decision 0091): the schedule, legal holds, and the due list. */
import { Hono } from "hono";
import { actorOf, allow } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import {
  DueResponse,
  HoldChangeResponse,
  HoldsResponse,
  KindParam,
  LiftHoldBody,
  PeriodBody,
  PlaceHoldBody,
  ScheduleChangeResponse,
  ScheduleResponse,
} from "./schemas.ts";
import { changePeriod, dueForRemoval, holds, placeHold, removeHold, schedule } from "./service.ts";

const TAGS = ["Retention"];
const SPEC = "Not in the specification (issue 38, decision 0091).";

export const adminRetentionRoutes = new Hono<AppEnv>()
  .get(
    "/auth/retention/schedule",
    allow("admin"),
    describe({
      summary: "The retention schedule: each kind of record, its legal minimum and the consortium's period",
      description: SPEC,
      tags: TAGS,
      response: ScheduleResponse,
    }),
    async (c) => c.json(await schedule(c.var.deps), 200),
  )
  .put(
    "/auth/retention/schedule/:kind",
    allow("admin"),
    describe({
      summary: "Set the consortium's period of one kind of record",
      description: `${SPEC} Never below the legal minimum (422, and a database check). Applies from the ` +
        "job's next run. Audited as retention.set_period with the period before → after.",
      tags: TAGS,
      response: ScheduleChangeResponse,
      errors: { 404: "No such kind" },
    }),
    validate("param", KindParam),
    validate("json", PeriodBody),
    async (c) =>
      c.json(
        await changePeriod(
          c.var.deps,
          actorOf(c),
          c.req.valid("param").kind,
          c.req.valid("json").period_months,
        ),
        200,
      ),
  )
  .get(
    "/auth/retention/due",
    allow("admin"),
    describe({
      summary: "Due for removal in the next 30 days, per kind, with counts and the records",
      description:
        `${SPEC} The same question the daily job asks, 30 days ahead; records under a legal hold ` +
        "are never listed.",
      tags: TAGS,
      response: DueResponse,
    }),
    async (c) => c.json(await dueForRemoval(c.var.deps), 200),
  )
  .get(
    "/auth/legal-holds",
    allow("admin"),
    describe({
      summary: "Legal holds, open first",
      description: SPEC,
      tags: TAGS,
      response: HoldsResponse,
    }),
    async (c) => c.json(await holds(c.var.deps), 200),
  )
  .post(
    "/auth/legal-holds",
    allow("admin"),
    describe({
      summary: "Place a legal hold on a member or a company",
      description:
        `${SPEC} Nothing of theirs is removed or anonymised until the hold is lifted. Audited as ` +
        "legal_hold.place with the reason.",
      tags: TAGS,
      response: HoldChangeResponse,
      status: 201,
      errors: { 409: "The member or company is already under a hold" },
    }),
    validate("json", PlaceHoldBody),
    async (c) => c.json(await placeHold(c.var.deps, actorOf(c), c.req.valid("json")), 201),
  )
  .post(
    "/auth/legal-holds/:id/lift",
    allow("admin"),
    describe({
      summary: "Lift a legal hold",
      description: `${SPEC} The job's next run takes what has passed its period. Audited as legal_hold.lift.`,
      tags: TAGS,
      response: HoldChangeResponse,
      errors: { 404: "No such hold", 409: "Lifted already" },
    }),
    validate("param", IdParam),
    validate("json", LiftHoldBody),
    async (c) =>
      c.json(
        await removeHold(c.var.deps, actorOf(c), c.req.valid("param").id, c.req.valid("json").reason ?? null),
        200,
      ),
  );
