/**
 * The administrators' notification center (admin spec §7 "Notifications"): the lists and the badges' counts,
 * and every action on a notification. Writes take an Idempotency-Key (a double click replays the first
 * answer); a stale action of a second administrator answers 409 ALREADY_PROCESSED.
 */
import { Hono } from "hono";
import { actorOf, allow } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { idempotent } from "../lib/idempotency.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import {
  businessRequest,
  createCompany,
  createEmployee,
  duplicatesFor,
  employeeRequestReview,
  linkCompany,
  linkEmployee,
} from "./requests.ts";
import { bulk, decline } from "./decisions.ts";
import {
  ArchivedListQuery,
  BulkAnswer,
  BulkBody,
  BusinessRequestAnswer,
  CountsAnswer,
  DecideBody,
  DeclineBody,
  Done,
  DuplicatesAnswer,
  EmployeeRequestAnswer,
  LinkCompanyBody,
  LinkUserBody,
  NewCompanyBody,
  NewEmployeeBody,
  NOTIFICATION_MESSAGES as M,
  NotificationAnswer,
  NotificationListQuery,
  NotificationPage,
  PausedPage,
  RegistrationPage,
} from "./schemas.ts";
import {
  archive,
  companyTraining,
  countNotifications,
  decide,
  deleteRegistration,
  notificationPage,
  oneNotification,
  orderTest,
  pausedPage,
  registrationPage,
  reopen,
  resumeFromNotification,
  sendLoc,
} from "./service.ts";

const TAGS = ["Notifications"];
const STALE = { 404: "No such notification", 409: `ALREADY_PROCESSED: '${M.alreadyProcessed}'` };
const REG = "/auth/notification/registration/:id";

/** One PUT/POST action on a notification: admin only, idempotent, answers `{ message }`. */
function action(summary: string, errors: Record<number, string> = {}, description?: string) {
  return [
    allow("admin"),
    idempotent(),
    describe({ summary, description, tags: TAGS, response: Done, errors: { ...STALE, ...errors } }),
    validate("param", IdParam),
  ] as const;
}

export const adminNotificationRoutes = new Hono<AppEnv>()
  .get(
    "/auth/notifications/count",
    allow("admin"),
    describe({
      summary: "Open notifications per category (the badges)",
      description: "Exact counts; the web shows more than 99 as 99+. Changes counts user, business and " +
        "vessel changes and company and employee requests.",
      tags: TAGS,
      response: CountsAnswer,
    }),
    async (c) => c.json({ data: await countNotifications(c.var.deps) }, 200),
  )
  .get(
    "/auth/notifications",
    allow("admin"),
    describe({
      summary: "Notifications, open or archived, of some types",
      tags: TAGS,
      response: NotificationPage,
    }),
    validate("query", NotificationListQuery),
    async (c) => c.json(await notificationPage(c.var.deps, c.req.valid("query")), 200),
  )
  .get(
    "/auth/notification/registrations",
    allow("admin"),
    describe({ summary: "Registrations with their progress", tags: TAGS, response: RegistrationPage }),
    validate("query", ArchivedListQuery),
    async (c) => c.json(await registrationPage(c.var.deps, c.req.valid("query")), 200),
  )
  .get(
    "/auth/notification/memberships/paused",
    allow("admin"),
    describe({ summary: "Paused-membership notifications", tags: TAGS, response: PausedPage }),
    validate("query", ArchivedListQuery),
    async (c) => c.json(await pausedPage(c.var.deps, c.req.valid("query")), 200),
  )
  .get(
    "/auth/notification/:id",
    allow("admin"),
    describe({ summary: "One notification", tags: TAGS, response: NotificationAnswer, errors: STALE }),
    validate("param", IdParam),
    async (c) => c.json({ data: await oneNotification(c.var.deps, c.req.valid("param").id) }, 200),
  )
  .put(
    "/auth/notification/:id",
    ...action(
      "Approve or refuse a change (UPDATE_USER, UPDATE_BUSINESS, NEW_VESSEL, UPDATE_VESSEL)",
      {},
      "approved=true applies a change that waits for approval (decision 0021); either way the " +
        "notification is decided and archived.",
    ),
    validate("json", DecideBody),
    async (c) => {
      const { approved, reason } = c.req.valid("json");
      const message = await decide(c.var.deps, actorOf(c), c.req.valid("param").id, approved, reason);
      return c.json({ message }, 200);
    },
  )
  .put(
    "/auth/notification/:id/decline",
    ...action(
      "Decline a change, a company request or an employee request, with the reason",
      { 409: "ALREADY_PROCESSED, or CONFLICT when there is no request waiting" },
      "The requester is e-mailed the decision and the reason (the mail outbox). A registration's company " +
        "request is declined on the registration's notification, which stays open.",
    ),
    validate("json", DeclineBody),
    async (c) => {
      const message = await decline(
        c.var.deps,
        actorOf(c),
        c.req.valid("param").id,
        c.req.valid("json").reason,
      );
      return c.json({ message }, 200);
    },
  )
  .post(
    "/auth/notifications/bulk",
    allow("admin"),
    idempotent(),
    describe({
      summary: "Archive, or approve changes that need no judgement, many notifications at once",
      description:
        "Each notification in its own locked transaction: one processed by another administrator " +
        "first answers ok=false with ALREADY_PROCESSED, a change that waits for a decision (approve) answers " +
        "CONFLICT; the others go through. `message` counts what was done.",
      tags: TAGS,
      response: BulkAnswer,
    }),
    validate("json", BulkBody),
    async (c) => {
      const { action: what, ids } = c.req.valid("json");
      return c.json(await bulk(c.var.deps, actorOf(c), what, ids), 200);
    },
  )
  .put(
    "/auth/notification/:id/archive",
    ...action("Archive a notification"),
    async (c) => c.json({ message: await archive(c.var.deps, actorOf(c), c.req.valid("param").id) }, 200),
  )
  .put(
    "/auth/notification/:id/reopen",
    allow("admin"),
    idempotent(),
    describe({
      summary: "Reopen an archived notification",
      description: "Not in the specification (issue 37, decision 0082). Any kind: the notification is open " +
        "again, listed, counted and offered its actions. One that records a decision (a change approved or " +
        "declined, a company or employee request linked, created or declined) stays archived. Audited with " +
        "archived_at before → after.",
      tags: TAGS,
      response: Done,
      errors: {
        404: "No such notification",
        409: `ALREADY_PROCESSED: '${M.alreadyOpen}'; CONFLICT: '${M.decidedNotReopened}'`,
      },
    }),
    validate("param", IdParam),
    async (c) => c.json({ message: await reopen(c.var.deps, actorOf(c), c.req.valid("param").id) }, 200),
  )
  .put(
    "/auth/notification/membership/paused/:id/archive",
    ...action("Archive a paused-membership notification"),
    async (c) =>
      c.json(
        { message: await archive(c.var.deps, actorOf(c), c.req.valid("param").id, ["MEMBERSHIP_PAUSED"]) },
        200,
      ),
  )
  .put(
    "/auth/notification/membership/paused/:id/resume",
    ...action("Resume the paused membership and archive its notification", {
      409: "ALREADY_PROCESSED, or MEMBERSHIP_CONFLICT when the membership is no longer paused",
    }),
    async (c) =>
      c.json({ message: await resumeFromNotification(c.var.deps, actorOf(c), c.req.valid("param").id) }, 200),
  )
  .put(
    `${REG}/test/order`,
    ...action("Order the member's drug test through i3", { 502: "I3_FAILED: i3 refused the order" }),
    async (c) => c.json({ message: await orderTest(c.var.deps, actorOf(c), c.req.valid("param").id) }, 200),
  )
  .delete(
    REG,
    allow("admin"),
    describe({ summary: "Delete a registration notification", tags: TAGS, status: 204, errors: STALE }),
    validate("param", IdParam),
    async (c) => {
      await deleteRegistration(c.var.deps, actorOf(c), c.req.valid("param").id);
      return c.body(null, 204);
    },
  )
  .put(
    `${REG}/archive`,
    ...action("Archive a registration notification"),
    async (c) =>
      c.json(
        { message: await archive(c.var.deps, actorOf(c), c.req.valid("param").id, ["REGISTRATION"]) },
        200,
      ),
  )
  .put(
    `${REG}/loc`,
    ...action("Mail the member their Letter of Compliance"),
    async (c) => c.json({ message: await sendLoc(c.var.deps, actorOf(c), c.req.valid("param").id) }, 200),
  )
  .put(
    `${REG}/company/training`,
    ...action("A DER's company training is done"),
    async (c) =>
      c.json({ message: await companyTraining(c.var.deps, actorOf(c), c.req.valid("param").id) }, 200),
  )
  .put(
    `${REG}/company/link`,
    ...action("Link the company request to an existing company"),
    validate("json", LinkCompanyBody),
    async (c) => {
      const { id } = c.req.valid("param");
      return c.json(
        { message: await linkCompany(c.var.deps, actorOf(c), id, c.req.valid("json").business_id) },
        200,
      );
    },
  )
  .post(
    `${REG}/business`,
    ...action("Set the company up from the request (convert: company ↔ self-employed)"),
    validate("json", NewCompanyBody),
    async (c) => {
      const { id } = c.req.valid("param");
      return c.json({ message: await createCompany(c.var.deps, actorOf(c), id, c.req.valid("json")) }, 200);
    },
  )
  .get(
    `${REG}/employee`,
    allow("admin"),
    describe({
      summary: "The employee request and the users it may mean",
      tags: TAGS,
      response: EmployeeRequestAnswer,
      errors: STALE,
    }),
    validate("param", IdParam),
    async (c) => c.json({ data: await employeeRequestReview(c.var.deps, c.req.valid("param").id) }, 200),
  )
  .put(
    `${REG}/employee/link`,
    ...action("Link the employee request to an existing user"),
    validate("json", LinkUserBody),
    async (c) => {
      const { id } = c.req.valid("param");
      return c.json(
        { message: await linkEmployee(c.var.deps, actorOf(c), id, c.req.valid("json").user_id) },
        200,
      );
    },
  )
  .post(
    `${REG}/employee`,
    ...action("Create the user the employee request names", { 422: "EMAIL_TAKEN or invalid fields" }),
    validate("json", NewEmployeeBody),
    async (c) => {
      const { id } = c.req.valid("param");
      return c.json({ message: await createEmployee(c.var.deps, actorOf(c), id, c.req.valid("json")) }, 200);
    },
  )
  .get(
    "/auth/business-request/:id",
    allow("admin"),
    describe({
      summary: "A company request by its own id, and the notification the wizard's actions take",
      tags: TAGS,
      response: BusinessRequestAnswer,
      errors: { 404: "No such company request" },
    }),
    validate("param", IdParam),
    async (c) => c.json({ data: await businessRequest(c.var.deps, c.req.valid("param").id) }, 200),
  )
  .get(
    "/auth/duplicate/company/:id",
    allow("admin"),
    describe({
      summary: "The company request of a notification and its possible duplicates, ranked",
      description: "Matches by normalised name (no case, punctuation or LLC/Inc suffix), tax id digits, " +
        "phone digits and e-mail, each through an index.",
      tags: TAGS,
      response: DuplicatesAnswer,
      errors: { 404: "No such notification or no company request" },
    }),
    validate("param", IdParam),
    async (c) => c.json(await duplicatesFor(c.var.deps, c.req.valid("param").id), 200),
  );
