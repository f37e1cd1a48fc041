/**
 * Password reset: a single-use link mailed to the account's address, valid for one hour. Only the SHA-256 of
 * the token is stored, so the table cannot be turned into working links. Asking for a link answers the same
 * whether or not the address has an account.
 */
import { hashPassword } from "../auth/passwords.ts";
import { AppError } from "../lib/errors.ts";
import { hit, type LimitDeps, resetLimit } from "../lib/rate-limit.ts";
import { verifyPassword } from "../auth/passwords.ts";
import { revokeAllSessions, revokeOtherSessions } from "../auth/sessions.ts";
import { afterAnswer } from "../lib/after-answer.ts";
import { audit } from "../lib/audit.ts";
import type { Deps } from "../lib/context.ts";
import { invalid } from "../lib/errors.ts";
import {
  claimToken,
  expireOtherTokens,
  findUserByEmail,
  insertResetToken,
  passwordOf,
  usableToken,
} from "./queries.ts";
import { setPasswordHash } from "../users/service.ts";
import { PASSWORD_CHANGE_MESSAGES, RESET_MESSAGES } from "./schemas.ts";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");

/** The stored form of a token: hex SHA-256. */
export async function hashResetToken(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A new token (32 random bytes, base64url) and its stored hash. */
export async function newResetToken(): Promise<{ token: string; tokenHash: string }> {
  const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
  return { token, tokenHash: await hashResetToken(token) };
}

/**
 * Mails a reset link when `email` belongs to an account; does nothing visible otherwise. Nothing of it runs
 * before the answer, not even the look-up, so known and unknown addresses answer in the same time (a timing
 * difference would tell which addresses have accounts).
 */
export function requestPasswordReset(
  deps: Pick<Deps, "config" | "database" | "now" | "mailer">,
  email: string,
  ip: string | null,
): void {
  afterAnswer("password_reset_failed", () => mailResetLink(deps, email, ip));
}

async function mailResetLink(
  deps: Pick<Deps, "config" | "database" | "now" | "mailer">,
  email: string,
  ip: string | null,
): Promise<void> {
  const user = await findUserByEmail(deps.database.db, email);
  if (!user) return;
  await mailResetLinkTo(deps, user, user.id, ip);
}

/**
 * Mails `user` a new reset link, recorded as asked for by `actor` (the user, or an administrator from the user
 * screen: admin spec §6, no captcha there).
 */
export async function mailResetLinkTo(
  deps: Pick<Deps, "config" | "database" | "now" | "mailer">,
  user: { id: number; email: string; first_name: string },
  actor: number,
  ip: string | null,
): Promise<void> {
  const { db } = deps.database;
  const { token, tokenHash } = await newResetToken();
  const now = deps.now();
  await db.transaction().execute(async (trx) => {
    await insertResetToken(trx, {
      user_id: user.id,
      token_hash: tokenHash,
      created_at: now,
      expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
    await audit(trx, {
      actor,
      action: "password_reset_requested",
      entity: "user",
      entityId: user.id,
      ip,
    });
  });
  await deps.mailer.send(resetMail(deps.config.publicUrl, user.email, user.first_name, token));
}

function resetMail(publicUrl: string, to: string, firstName: string, token: string) {
  const link = `${publicUrl}/reset-password/${token}`;
  const text = [
    `Hello ${firstName},`,
    "",
    "Someone (we hope you) asked to reset the password of your APCA account. Open this link to choose a new one:",
    "",
    link,
    "",
    "The link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail: your password stays as it is.",
  ].join("\n");
  const escape = (s: string) =>
    s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
  const html = `<p>Hello ${escape(firstName)},</p>
<p>Someone (we hope you) asked to reset the password of your APCA account.</p>
<p><a href="${escape(link)}">Choose a new password</a></p>
<p>The link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>`;
  return { to, subject: "Reset your APCA password", text, html };
}

const invalidLink = () => invalid("token", RESET_MESSAGES.invalidLink);

/**
 * Sets a new password with a reset token. The token is claimed with a conditional UPDATE in the same
 * transaction as the password change, so of two simultaneous uses exactly one succeeds. Every session of the
 * user ends and every other outstanding link of theirs stops working.
 */
export async function resetPassword(
  deps: Pick<Deps, "database" | "now">,
  input: { token: string; password: string },
  ip: string | null,
): Promise<void> {
  const { db } = deps.database;
  const tokenHash = await hashResetToken(input.token);
  const now = deps.now();
  // A cheap look first, so a bad link does not cost an argon2 hash.
  if (!await usableToken(db, tokenHash, now)) throw invalidLink();
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    const userId = await claimToken(trx, tokenHash, now);
    if (userId === null) throw invalidLink();
    if (!await setPasswordHash(trx, userId, passwordHash, now)) throw invalidLink();
    await expireOtherTokens(trx, userId, now);
    await revokeAllSessions(trx, userId, now);
    await audit(trx, { actor: userId, action: "password_reset", entity: "user", entityId: userId, ip });
  });
}

/**
 * Change password while signed in (issue 25 item 2, decision 0071). The current password is a password guess
 * like a sign-in, so it counts against the same limits (per address, per account's e-mail). A wrong one is a
 * 422 on `current_password`. The new password is set, every other session of the account ends (the one that
 * asked stays signed in), outstanding reset links stop working, and the change is audited.
 */
export async function changePassword(
  deps: LimitDeps,
  caller: { user_id: number; session_id: string },
  input: { current_password: string; password: string },
  ip: string,
): Promise<void> {
  const { db } = deps.database;
  const account = await passwordOf(db, caller.user_id);
  if (!account) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
  const emailKey = account.email.toLowerCase();
  const wait = Math.max(await hit(deps, "loginPerIp", ip), await hit(deps, "loginPerEmail", emailKey));
  if (wait > 0) {
    throw new AppError(
      "RATE_LIMITED",
      "Too many password attempts. Please wait a few minutes and try again.",
      [],
      { "Retry-After": String(wait) },
    );
  }
  if (!await verifyPassword(input.current_password, account.password_hash)) {
    await audit(db, {
      actor: caller.user_id,
      action: "password_change_failed",
      entity: "user",
      entityId: caller.user_id,
      ip,
    });
    throw invalid("current_password", PASSWORD_CHANGE_MESSAGES.currentWrong);
  }
  if (input.password === input.current_password) {
    throw invalid("password", PASSWORD_CHANGE_MESSAGES.sameAsCurrent);
  }
  await resetLimit(deps, "loginPerEmail", emailKey);
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  await db.transaction().execute(async (trx) => {
    if (!await setPasswordHash(trx, caller.user_id, passwordHash, now)) {
      throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
    }
    await expireOtherTokens(trx, caller.user_id, now);
    await revokeOtherSessions(trx, caller.user_id, caller.session_id, now);
    await audit(trx, {
      actor: caller.user_id,
      action: "password_change",
      entity: "user",
      entityId: caller.user_id,
      ip,
    });
  });
}
