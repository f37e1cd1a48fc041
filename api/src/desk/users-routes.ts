/**
 * The administrators' user calls (admin spec §2 /app/admin/users, §6, §7 "Businesses and users"): the list,
 * create and edit, admin rights, deletion, a reset e-mail, a new password, the possible duplicates and the
 * safety concern letter. Paths the specification leaves "not shown" follow the rest (decision 0030). They cross
 * domains, so they live in the desk (decision 0050); the handlers call users' and the desk's services.
 */
import { type Context, Hono } from "hono";
import { clientIp } from "../auth/sessions.ts";
import { BusinessList } from "../businesses/schemas.ts";
import { audit } from "../lib/audit.ts";
import { allow, caller, requireRecentSecondFactor } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { idempotent } from "../lib/idempotency.ts";
import { IdParam } from "../lib/params.ts";
import { bodyLimitOf, describe, validate } from "../lib/route.ts";
import { listDuplicates } from "../users/desk.ts";
import {
  readSafetyLetter,
  removeSafetyLetter,
  SAFETY_LETTER_MAX_BYTES,
  uploadSafetyLetter,
} from "../users/safety-letter.ts";
import {
  AddToBusinessBody,
  AddToBusinessResponse,
  AdminRightsBody,
  CreateUserBody,
  DuplicateListQuery,
  MessageResponse,
  SetPasswordBody,
  UpdateUserBody,
  USER_MESSAGES,
  UserList,
  UserListQuery,
  UserMessageResponse,
  UserResponse,
} from "../users/schemas.ts";
import {
  createUser,
  deleteUser,
  emailPasswordReset,
  liveDetail,
  setAdminRights,
  setUserPassword,
  updateUser,
  userDetail,
  userList,
} from "./users-admin.ts";
import { addUserToBusiness, businessesOf } from "./users-business.ts";

/** Room for the multipart framing around the letter (boundaries, part headers, a long file name). */
const MULTIPART_ROOM = 64 * 1024;

const TAGS = ["Users"];
const NOT_FOUND = { 404: "No such user" };
const DELETED = { 409: "The account has been deleted" };
const ctx = (c: Context<AppEnv>) => ({ deps: c.var.deps, actor: caller(c), ip: clientIp(c) });

/**
 * One user with every flag of admin spec §3 User (yourself, or anyone for an administrator). The flags read
 * compliance, so the route lives here; app.ts mounts it where users' routes began, so the OpenAPI order stays.
 */
export const userDetailRoutes = new Hono<AppEnv>()
  .get(
    "/auth/user/:id",
    allow("user"),
    describe({
      summary: "One user, with every flag of admin spec §3 User",
      description: "Yourself, or anyone for an administrator (a deleted account too: _deleted is true).",
      tags: TAGS,
      response: UserResponse,
      errors: { 404: "No such user" },
    }),
    validate("param", IdParam),
    async (c) => {
      const user = await userDetail(c.var.deps, caller(c), c.req.valid("param").id);
      if (!user) throw notFound("User");
      return c.json({ data: user }, 200);
    },
  );

export const adminUserRoutes = new Hono<AppEnv>()
  .get(
    "/auth/users",
    allow("admin"),
    describe({
      summary: "List users",
      description:
        "Filters (not in the specification; issue 37, decision 0082), each optional and combined " +
        "with AND: role, membership (the current membership's status today, or none), company (name or DBA, " +
        "any case) or business_id, joined_from/joined_to (office days, inclusive). Pages by page number.",
      tags: TAGS,
      response: UserList,
      errors: { 422: "A filter is not one of its values, or joined_from is after joined_to" },
    }),
    validate("query", UserListQuery),
    async (c) => c.json(await userList(c.var.deps, c.req.valid("query")), 200),
  )
  .post(
    "/auth/users",
    allow("admin"),
    idempotent(),
    describe({
      summary: "Add a user (an administrator's 'Add User')",
      tags: TAGS,
      status: 201,
      response: UserMessageResponse,
      errors: { 422: "Validation failed, or EMAIL_TAKEN" },
    }),
    validate("json", CreateUserBody),
    async (c) => {
      const user = await createUser(ctx(c), c.req.valid("json"));
      return c.json({ data: user, message: USER_MESSAGES.created }, 201);
    },
  )
  .put(
    "/auth/user/:id",
    allow("admin"),
    describe({
      summary: "Edit a user (the whole form)",
      tags: TAGS,
      response: UserMessageResponse,
      errors: { ...NOT_FOUND, ...DELETED, 422: "Validation failed, or EMAIL_TAKEN" },
    }),
    validate("param", IdParam),
    validate("json", UpdateUserBody),
    async (c) => {
      const user = await updateUser(ctx(c), c.req.valid("param").id, c.req.valid("json"));
      return c.json({ data: user, message: USER_MESSAGES.updated }, 200);
    },
  )
  .put(
    "/auth/user/:id/admin",
    allow("admin"),
    requireRecentSecondFactor(),
    describe({
      summary: "Grant or revoke admin rights (payload data.admin)",
      description: "An administrator cannot revoke their own rights, so the last administrator always stays.",
      tags: TAGS,
      response: UserMessageResponse,
      errors: { ...NOT_FOUND, 409: "Your own rights, or the account has been deleted" },
    }),
    validate("param", IdParam),
    validate("json", AdminRightsBody),
    async (c) => {
      const user = await setAdminRights(ctx(c), c.req.valid("param").id, c.req.valid("json").data.admin);
      return c.json({ data: user, message: USER_MESSAGES.adminUpdated }, 200);
    },
  )
  .delete(
    "/auth/user/:id",
    allow("admin"),
    requireRecentSecondFactor(),
    describe({
      summary: "Delete a user (only when can_delete)",
      description: "Sign-in and contact details go; the tests, memberships and orders the law keeps stay " +
        "attributable (decision 0024).",
      tags: TAGS,
      response: MessageResponse,
      errors: { ...NOT_FOUND, 409: "The user cannot be deleted (can_delete false, yourself, or already)" },
    }),
    validate("param", IdParam),
    async (c) => {
      await deleteUser(ctx(c), c.req.valid("param").id);
      return c.json({ message: USER_MESSAGES.deleted }, 200);
    },
  )
  .post(
    "/auth/user/:id/password-reset",
    allow("admin"),
    describe({
      summary: "E-mail the user a password reset link (no captcha for an administrator)",
      tags: TAGS,
      response: MessageResponse,
      errors: { ...NOT_FOUND, ...DELETED },
    }),
    validate("param", IdParam),
    async (c) => {
      await emailPasswordReset(ctx(c), c.req.valid("param").id);
      return c.json({ message: USER_MESSAGES.resetEmailed }, 200);
    },
  )
  .put(
    "/auth/user/:id/password",
    allow("admin"),
    requireRecentSecondFactor(),
    describe({
      summary: "Set the user's password (their sessions end)",
      tags: TAGS,
      response: MessageResponse,
      errors: { ...NOT_FOUND, ...DELETED },
    }),
    validate("param", IdParam),
    validate("json", SetPasswordBody),
    async (c) => {
      await setUserPassword(ctx(c), c.req.valid("param").id, c.req.valid("json").password);
      return c.json({ message: USER_MESSAGES.passwordUpdated }, 200);
    },
  )
  .get(
    "/auth/user/:id/duplicates",
    allow("admin"),
    describe({
      summary: "Possible duplicates of a user",
      description:
        "Other live accounts of the same person: the same e-mail, or the same first and last name with the " +
        "same phone, USCG credential or SSN last four digits; never the caller nor an administrator. " +
        "Pages from 1; sort_by defaults to userFirstLastName, sort_dir to ASC.",
      tags: TAGS,
      response: UserList,
      errors: NOT_FOUND,
    }),
    validate("param", IdParam),
    validate("query", DuplicateListQuery),
    async (c) => {
      const { id } = c.req.valid("param");
      const viewer = caller(c);
      await liveDetail(c.var.deps, viewer, id);
      return c.json(
        await listDuplicates(c.var.deps.database.db, id, viewer.user_id, c.req.valid("query")),
        200,
      );
    },
  )
  .get(
    "/auth/user/:id/businesses",
    allow("admin"),
    describe({
      summary: "The businesses a user belongs to or represents (the Businesses tab)",
      tags: TAGS,
      response: BusinessList,
      errors: { ...NOT_FOUND, ...DELETED },
    }),
    validate("param", IdParam),
    async (c) => c.json({ data: await businessesOf(c.var.deps, caller(c), c.req.valid("param").id) }, 200),
  )
  .post(
    "/auth/user/:id/businesses",
    allow("admin"),
    idempotent(),
    describe({
      summary: "Add To Business: attach the user to a business, or create one for them",
      tags: TAGS,
      status: 201,
      response: AddToBusinessResponse,
      errors: {
        404: "No such user or business",
        409: "Already in that business (also when simultaneous adds race), or the account is deleted",
        422: "business_id is not a positive int4 id, or the new business has no name",
      },
    }),
    validate("param", IdParam),
    validate("json", AddToBusinessBody),
    async (c) => {
      const done = await addUserToBusiness(ctx(c), c.req.valid("param").id, c.req.valid("json"));
      const message = done.created ? USER_MESSAGES.attachedNew : USER_MESSAGES.attached;
      return c.json({ message, business_id: done.businessId, created: done.created }, 201);
    },
  )
  .post(
    "/auth/user/:id/safety-document",
    allow("admin"),
    describe({
      summary: "Upload the user's safety concern letter (multipart field `document`, a PDF)",
      description: `multipart/form-data with one file in field \`document\`: application/pdf starting with ` +
        `%PDF-, at most ${SAFETY_LETTER_MAX_BYTES} bytes (5 MiB; this route's body limit, not the global ` +
        `BODY_LIMIT). Replaces an earlier one.`,
      tags: TAGS,
      status: 201,
      response: MessageResponse,
      errors: { ...NOT_FOUND, ...DELETED, 413: "Too large", 422: "No file, or not a PDF" },
    }),
    bodyLimitOf(SAFETY_LETTER_MAX_BYTES + MULTIPART_ROOM, USER_MESSAGES.letterTooLarge),
    validate("param", IdParam),
    async (c) => {
      const form = await c.req.formData().catch(() => null);
      await uploadSafetyLetter(ctx(c), c.req.valid("param").id, form?.get("document"));
      return c.json({ message: USER_MESSAGES.letterUploaded }, 201);
    },
  )
  .get(
    "/auth/user/:id/safety-document",
    allow("admin"),
    describe({
      summary: "Download the user's safety concern letter (always as an attachment)",
      tags: TAGS,
      produces: "application/pdf",
      errors: { 404: "No such user or letter" },
    }),
    validate("param", IdParam),
    async (c) => {
      const { id } = c.req.valid("param");
      const { filename, file } = await readSafetyLetter(c.var.deps, id);
      await audit(c.var.deps.database.db, {
        actor: caller(c).user_id,
        action: "safety_letter.download",
        entity: "user",
        entityId: id,
      });
      return new Response(file.body, {
        status: 200,
        headers: {
          "Content-Type": "application/pdf",
          "Content-Length": String(file.size),
          "Content-Disposition": `attachment; filename="${filename}"`,
          "X-Content-Type-Options": "nosniff",
          "Content-Security-Policy": "default-src 'none'; sandbox",
          "Cache-Control": "private, no-store",
        },
      });
    },
  )
  .delete(
    "/auth/user/:id/safety-document",
    allow("admin"),
    describe({
      summary: "Remove the user's safety concern letter",
      tags: TAGS,
      response: MessageResponse,
      errors: { 404: "No such user or letter" },
    }),
    validate("param", IdParam),
    async (c) => {
      await removeSafetyLetter(ctx(c), c.req.valid("param").id);
      return c.json({ message: USER_MESSAGES.letterRemoved }, 200);
    },
  );
