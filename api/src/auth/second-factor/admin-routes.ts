/** The administrators' second-factor call: resetting the factors of a user who lost them (decision 0043). */
import { Hono } from "hono";
import { allow, requireRecentSecondFactor } from "../../lib/access.ts";
import type { AppEnv } from "../../lib/context.ts";
import { IdParam } from "../../lib/params.ts";
import { describe, validate } from "../../lib/route.ts";
import { callerOf, STEP_UP, TAGS } from "./caller.ts";
import { MessageAnswer } from "./schemas.ts";
import { resetFactorsOf } from "./service.ts";

export const adminSecondFactorRoutes = new Hono<AppEnv>()
  .delete(
    "/auth/user/:id/second-factor",
    allow("admin"),
    requireRecentSecondFactor(),
    describe({
      summary: "Reset a user's second factors (they lost them): factors and recovery codes go, sessions end",
      description: "The recovery procedure of decision 0043. Not for one's own account.",
      tags: ["Users", ...TAGS],
      response: MessageAnswer,
      errors: { ...STEP_UP, 404: "No such user", 409: "Your own account" },
    }),
    validate("param", IdParam),
    async (c) => {
      const self = callerOf(c);
      const id = c.req.valid("param").id;
      return c.json(await resetFactorsOf(c.var.deps, { user: self.user, ip: self.ip }, id), 200);
    },
  );
