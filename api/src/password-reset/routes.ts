/** Forgot password (mail a link) and reset password (use it). Both public, captcha-checked and rate-limited. */
import { Hono } from "hono";
import { clientIp } from "../auth/sessions.ts";
import { requireCaptcha } from "../integrations/captcha/captcha.ts";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { hit } from "../lib/rate-limit.ts";
import { describe, validate } from "../lib/route.ts";
import {
  ChangePasswordBody,
  ForgotPasswordBody,
  MessageResponse,
  PASSWORD_CHANGE_MESSAGES,
  RESET_MESSAGES,
  ResetPasswordBody,
} from "./schemas.ts";
import { changePassword, requestPasswordReset, resetPassword } from "./service.ts";

function refuseIfLimited(wait: number): void {
  if (wait > 0) {
    throw new AppError(
      "RATE_LIMITED",
      "Too many password reset attempts. Please wait a while and try again.",
      [],
      { "Retry-After": String(wait) },
    );
  }
}

export const passwordResetRoutes = new Hono<AppEnv>()
  .post(
    "/password/forgot",
    allow("public"),
    describe({
      summary: "Ask for a password reset link by e-mail",
      description: "Answers the same whether or not the address has an account. The link expires in 1 hour.",
      tags: ["Session"],
      response: MessageResponse,
      errors: { 429: "Too many requests from this address or for this e-mail" },
    }),
    validate("json", ForgotPasswordBody),
    async (c) => {
      const { email, recaptcha } = c.req.valid("json");
      const { deps } = c.var;
      const ip = clientIp(c);
      refuseIfLimited(
        Math.max(
          await hit(deps, "passwordForgotPerIp", ip),
          await hit(deps, "passwordForgotPerEmail", email.toLowerCase()),
        ),
      );
      await requireCaptcha(deps.captcha, recaptcha, ip);
      requestPasswordReset(deps, email, ip);
      return c.json({ message: RESET_MESSAGES.requested }, 200);
    },
  )
  .post(
    "/password/reset",
    allow("public"),
    describe({
      summary: "Set a new password with a reset link's token",
      description:
        "Single use. Ends every session of the account. An unknown, used or expired token is a 422 " +
        "on `token`.",
      tags: ["Session"],
      response: MessageResponse,
      errors: { 429: "Too many attempts from this address" },
    }),
    validate("json", ResetPasswordBody),
    async (c) => {
      const { token, password, recaptcha } = c.req.valid("json");
      const { deps } = c.var;
      const ip = clientIp(c);
      refuseIfLimited(await hit(deps, "passwordResetPerIp", ip));
      await requireCaptcha(deps.captcha, recaptcha, ip);
      await resetPassword(deps, { token, password }, ip);
      return c.json({ message: RESET_MESSAGES.done }, 200);
    },
  )
  .post(
    "/auth/account/password",
    allow("user"),
    describe({
      summary: "Change the signed-in user's password",
      description:
        "The current password is required (a wrong one is a 422 on `current_password`, counted against the " +
        "sign-in limits); the new one follows registration's rules. Every other session of the account " +
        "ends; the one that asked stays signed in. Audited (password_change).",
      tags: ["Session"],
      response: MessageResponse,
      errors: { 429: "Too many attempts from this address or for this account" },
    }),
    validate("json", ChangePasswordBody),
    async (c) => {
      const { current_password, password } = c.req.valid("json");
      await changePassword(c.var.deps, caller(c), { current_password, password }, clientIp(c));
      return c.json({ message: PASSWORD_CHANGE_MESSAGES.done }, 200);
    },
  );
