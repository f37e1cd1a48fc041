/** Sign in, sign out and "who am I". */
import { Hono } from "hono";
import { z } from "zod";
import { allow, allowBeforeSecondFactor, caller } from "../lib/access.ts";
import { stateOf } from "./second-factor/service.ts";
import { audit } from "../lib/audit.ts";
import type { AppEnv } from "../lib/context.ts";
import { describe, validate } from "../lib/route.ts";
import { LoginBody, LoginResponse, SessionUserBody } from "./schemas.ts";
import { signIn } from "./service.ts";
import { authenticate, clientIp, endSession, startSession } from "./sessions.ts";

export const authRoutes = new Hono<AppEnv>()
  .post(
    "/login",
    allow("public"),
    describe({
      summary: "Sign in with email and password",
      tags: ["Session"],
      response: LoginResponse,
      errors: { 401: "Unknown email or wrong password (the same answer for both)", 429: "Too many attempts" },
    }),
    validate("json", LoginBody),
    async (c) => {
      const answer = await signIn(c.var.deps, c.req.valid("json"), clientIp(c), (id) => startSession(c, id));
      return c.json(answer, 200);
    },
  )
  .post(
    "/logout",
    allowBeforeSecondFactor(),
    describe({ summary: "Sign out: the token stops working at once", tags: ["Session"], status: 204 }),
    async (c) => {
      const { session_id, user_id } = caller(c);
      await endSession(c, session_id);
      await audit(c.var.deps.database.db, {
        actor: user_id,
        action: "logout",
        entity: "session",
        ip: clientIp(c),
      });
      return c.body(null, 204);
    },
  )
  .get(
    "/auth/session",
    allowBeforeSecondFactor(),
    describe({ summary: "The signed-in user and their roles", tags: ["Session"], response: SessionUserBody }),
    (c) => {
      const user = caller(c);
      const { user_id, is_admin, is_der, full_name } = user;
      return c.json({ user_id, is_admin, is_der, full_name, second_factor: stateOf(user) }, 200);
    },
  )
  .get(
    "/auth/session/probe",
    allow("public"),
    describe({
      summary: "The signed-in user, or null",
      description:
        "For pages that work signed in or not (the public site's header): an anonymous caller gets " +
        "200 with `user: null` rather than a 401, which browsers log as an error on every public page.",
      tags: ["Session"],
      response: z.object({ user: SessionUserBody.nullable() }),
    }),
    async (c) => {
      const found = await authenticate(c);
      if (!found) return c.json({ user: null }, 200);
      const { user_id, is_admin, is_der, full_name } = found.user;
      return c.json(
        { user: { user_id, is_admin, is_der, full_name, second_factor: stateOf(found.user) } },
        200,
      );
    },
  );
