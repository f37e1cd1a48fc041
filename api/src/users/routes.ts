/**
 * Users: a member's own details and their change of them (decision 0027). One user with every flag, and the
 * administrators' user page, are in desk/users-routes.ts (decision 0050).
 */
import { Hono } from "hono";
import { clientIp } from "../auth/sessions.ts";
import { allow, caller } from "../lib/access.ts";
import { idempotent } from "../lib/idempotency.ts";
import type { AppEnv } from "../lib/context.ts";
import { describe, validate } from "../lib/route.ts";
import { profileOf, updateOwnProfile } from "./changes.ts";
import { PROFILE_MESSAGES, ProfileAnswer, ProfileUpdateAnswer, ProfileUpdateBody } from "./schemas.ts";

export const usersRoutes = new Hono<AppEnv>()
  .get(
    "/auth/account/profile",
    allow("user"),
    describe({
      summary: "Your own details, and your change waiting for APCA approval (pending_request, or null)",
      tags: ["Users"],
      response: ProfileAnswer,
    }),
    async (c) => c.json(await profileOf(c.var.deps, caller(c)), 200),
  )
  .put(
    "/auth/account/profile",
    allow("user"),
    idempotent(),
    describe({
      summary: "Change your own details (public spec §3 user form fields); only the fields sent change",
      description: "Phone and address apply at once and are reported to APCA (UPDATE_USER, nothing to " +
        "approve). First, middle and last name, e-mail, USCG credential and SSN digits identify you on the " +
        "custody form: they wait for APCA (UPDATE_USER awaiting approval, shown as pending_request) and are " +
        "applied only once approved (decision 0027). While such a change waits, another change of those " +
        `fields answers 409 '${PROFILE_MESSAGES.changePending}'.`,
      tags: ["Users"],
      response: ProfileUpdateAnswer,
      errors: {
        409: PROFILE_MESSAGES.changePending,
        422:
          `A field is invalid, the e-mail belongs to another account, or '${PROFILE_MESSAGES.nothingToChange}'`,
      },
    }),
    validate("json", ProfileUpdateBody),
    async (c) => {
      const actor = { user: caller(c), ip: clientIp(c) };
      return c.json(await updateOwnProfile(c.var.deps, actor, c.req.valid("json")), 200);
    },
  );
