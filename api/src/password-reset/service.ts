/**
 * Password reset: a single-use link mailed to the account's address, valid for one hour. Only the SHA-256 of
 * the token is stored, so the table cannot be turned into working links. Asking for a link answers the same
 * whether or not the address has an account.
 */
import { hashPassword } from "../auth/passwords.ts";
import { revokeAllSessions } from "../auth/sessions.ts";
import { afterAnswer } from "../lib/after-answer.ts";
import { audit } from "../lib/audit.ts";
import type { Deps } from "../lib/context.ts";
import { invalid } from "../lib/errors.ts";
import { claimToken, expireOtherTokens, findUserByEmail, insertResetToken, usableToken } from "./queries.ts";
import { setPasswordHash } from "../users/service.ts";
import { RESET_MESSAGES } from "./schemas.ts";

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
