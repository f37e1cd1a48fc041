/**
 * Employees of a business as its owner (DER or self-employed owner) sees them, and Add Employee, which files
 * an employee request for APCA; remove an employee who left, move one to another company of the same DER
 * or make this company their primary business (decision 0065). Administrators pass the owner check.
 */
import { Hono } from "hono";
import { actorOf, allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { idempotent } from "../lib/idempotency.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { adminEmployeeRoutes } from "./admin-routes.ts";
import { crewRoutes } from "./crew-routes.ts";
import {
  BusinessUserList,
  BusinessUserParams,
  BusinessUserResponse,
  EmployeeRequestBody,
  EmployeeRequestList,
  EmployeeRequestResponse,
  MoveBusinessUserBody,
  MoveBusinessUserResponse,
} from "./schemas.ts";
import {
  findBusinessUser,
  listBusinessUsers,
  listEmployeeRequests,
  makePrimaryBusiness,
  moveEmployee,
  removeEmployee,
  requestEmployee,
} from "./service.ts";

const OWNER_ERRORS = { 403: "Only the business's owner can do this.", 404: "No such business, or not yours" };

const ownRoutes = new Hono<AppEnv>()
  .get(
    "/auth/business/:id/business-users",
    allow("user"),
    describe({
      summary: "The business's users (owners and employees)",
      description: "Its owner or an administrator. pending_request and user_pending_request say a request " +
        "about the user waits for APCA (an administrator cannot remove them until it is processed).",
      tags: ["Employees"],
      response: BusinessUserList,
      errors: OWNER_ERRORS,
    }),
    validate("param", IdParam),
    async (c) =>
      c.json({ data: await listBusinessUsers(c.var.deps, caller(c), c.req.valid("param").id) }, 200),
  )
  .get(
    "/auth/business/:id/business-users/:businessUserId",
    allow("user"),
    describe({
      summary: "One employee of the business",
      tags: ["Employees"],
      response: BusinessUserResponse,
      errors: { ...OWNER_ERRORS, 404: "No such business or employee, or not yours" },
    }),
    validate("param", BusinessUserParams),
    async (c) => {
      const { id, businessUserId } = c.req.valid("param");
      return c.json({ data: await findBusinessUser(c.var.deps, caller(c), id, businessUserId) }, 200);
    },
  )
  .get(
    "/auth/business/:id/employee-requests",
    allow("user"),
    describe({
      summary: "The business's employee requests, open ones first",
      tags: ["Employees"],
      response: EmployeeRequestList,
      errors: OWNER_ERRORS,
    }),
    validate("param", IdParam),
    async (c) =>
      c.json({ data: await listEmployeeRequests(c.var.deps, caller(c), c.req.valid("param").id) }, 200),
  )
  .post(
    "/auth/business/:id/employee-requests",
    allow("user"),
    idempotent(),
    describe({
      summary: "Add Employee: ask APCA to add an employee",
      description: "Files an employee request (NEW_EMPLOYEE_REQUEST) that an administrator links to an " +
        "existing user or turns into a new one; possible_exists is true when a user with this e-mail or " +
        "name exists. A company not set up in i3 answers 409 'Please contact APCA to allow new employees " +
        "to be added' (administrators are not held by this).",
      tags: ["Employees"],
      status: 201,
      response: EmployeeRequestResponse,
      errors: { ...OWNER_ERRORS, 409: "Not set up in i3, inactive, or the same person is already requested" },
    }),
    validate("param", IdParam),
    validate("json", EmployeeRequestBody),
    async (c) => {
      const actor = actorOf(c);
      const request = await requestEmployee(c.var.deps, actor, c.req.valid("param").id, c.req.valid("json"));
      return c.json({ data: request }, 201);
    },
  )
  .delete(
    "/auth/business/:id/business-users/:businessUserId",
    allow("user"),
    describe({
      summary: "Remove an employee who left the company",
      description:
        "Its owner or an administrator. Ends the link; the employee's tests, letters and memberships stay, " +
        "and memberships the company paid stop renewing on its cards (decision 0065). Refused (409) while an " +
        "employee request or a change of the user's details waits for APCA, and for the company's owner.",
      tags: ["Employees"],
      status: 204,
      errors: {
        404: "No such business or employee, or not yours",
        409: "A request about this employee is open",
      },
    }),
    validate("param", BusinessUserParams),
    async (c) => {
      const { id, businessUserId } = c.req.valid("param");
      await removeEmployee(c.var.deps, actorOf(c), id, businessUserId);
      return c.body(null, 204);
    },
  )
  .patch(
    "/auth/business/:id/business-users/:businessUserId",
    allow("user"),
    describe({
      summary: "Update business user's business: move an employee to another company",
      description:
        "Its owner, to another company of the same DER, or an administrator, to any company. The " +
        "old link ends and a new one starts; memberships the old company paid and that are not over are " +
        "carried by the new one and tests not yet ordered go through it; i3 orders already placed stay at " +
        "the old company's location (meta.open_orders). Audited (decision 0065).",
      tags: ["Employees"],
      response: MoveBusinessUserResponse,
      errors: {
        404: "No such business or employee, or not yours",
        409: "A request is open, the target is not set up in i3 or inactive, the user is already there, " +
          "or the owner was asked to move",
      },
    }),
    validate("param", BusinessUserParams),
    validate("json", MoveBusinessUserBody),
    async (c) => {
      const { id, businessUserId } = c.req.valid("param");
      const answer = await moveEmployee(
        c.var.deps,
        actorOf(c),
        id,
        businessUserId,
        c.req.valid("json").business_id,
      );
      return c.json(answer, 200);
    },
  )
  .put(
    "/auth/business/:id/business-users/:businessUserId/primary",
    allow("user"),
    describe({
      summary: "Make this company the employee's primary business",
      description: "The business their own tests go through when no company pays their membership. Its " +
        "owner (the company set up in i3) or an administrator; audited when it changes (decision 0065).",
      tags: ["Employees"],
      response: BusinessUserResponse,
      errors: { ...OWNER_ERRORS, 404: "No such business or employee, or not yours", 409: "Not set up in i3" },
    }),
    validate("param", BusinessUserParams),
    async (c) => {
      const { id, businessUserId } = c.req.valid("param");
      return c.json({ data: await makePrimaryBusiness(c.var.deps, actorOf(c), id, businessUserId) }, 200);
    },
  );

export const employeesRoutes = new Hono<AppEnv>().route("/", ownRoutes).route("/", crewRoutes)
  .route("/", adminEmployeeRoutes);
