/**
 * A crew list upload on the desk (decision 0086): read its requests, approve or decline them together or one by
 * one. Administrators only; writes take an Idempotency-Key and a decision another administrator made first
 * answers 409 ALREADY_PROCESSED.
 */
import { Hono } from "hono";
import { actorOf, allow } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { idempotent } from "../lib/idempotency.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import {
  BatchDecisionBody,
  BatchDecisionResponse,
  BatchDeclineBody,
  BatchResponse,
} from "../employees/crew-schemas.ts";
import { approveEmployeeBatch, declineEmployeeBatch, employeeBatch } from "./employee-batches.ts";
import { NOTIFICATION_MESSAGES as M } from "./schemas.ts";

const TAGS = ["Notifications"];
const ERRORS = {
  404: "No such batch",
  409: `ALREADY_PROCESSED: '${M.alreadyProcessed}'`,
  422: "A request not of this batch",
};

export const employeeBatchRoutes = new Hono<AppEnv>()
  .get(
    "/auth/employee-request-batches/:id",
    allow("admin"),
    describe({
      summary: "A crew list upload's employee requests (its EMPLOYEE_REQUEST_BATCH card)",
      description: "Each request with the APCA member it matched (linked on approval) or none (created on " +
        "approval), and its status.",
      tags: TAGS,
      response: BatchResponse,
      errors: { 404: "No such batch" },
    }),
    validate("param", IdParam),
    async (c) => c.json({ data: await employeeBatch(c.var.deps, c.req.valid("param").id) }, 200),
  )
  .post(
    "/auth/employee-request-batches/:id/approve",
    allow("admin"),
    idempotent(),
    describe({
      summary: "Approve a crew list upload's requests, all still waiting or those named",
      description:
        "A request that matched a member links them to the company; one that did not creates the " +
        "member it names (no e-mail is sent; they set a password through 'Forgot password'). All or none: a " +
        "named request already decided answers 409 and nothing is applied. The card is archived with the last " +
        "request. Audited per request.",
      tags: TAGS,
      response: BatchDecisionResponse,
      errors: ERRORS,
    }),
    validate("param", IdParam),
    validate("json", BatchDecisionBody),
    async (c) => {
      const { request_ids } = c.req.valid("json");
      return c.json(
        await approveEmployeeBatch(c.var.deps, actorOf(c), c.req.valid("param").id, request_ids),
        200,
      );
    },
  )
  .post(
    "/auth/employee-request-batches/:id/decline",
    allow("admin"),
    idempotent(),
    describe({
      summary: "Decline a crew list upload's requests, all still waiting or those named, with the reason",
      description: "All or none, as approve. The reason is kept in the audit. Audited per request.",
      tags: TAGS,
      response: BatchDecisionResponse,
      errors: ERRORS,
    }),
    validate("param", IdParam),
    validate("json", BatchDeclineBody),
    async (c) => {
      const { request_ids, reason } = c.req.valid("json");
      const answer = await declineEmployeeBatch(
        c.var.deps,
        actorOf(c),
        c.req.valid("param").id,
        request_ids,
        reason,
      );
      return c.json(answer, 200);
    },
  );
