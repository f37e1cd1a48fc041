/** Sessions: created at login, checked on every authenticated request, revoked at logout (SQL in queries.ts). */
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { clientIp } from "../lib/client-ip.ts";
import type { AppEnv, SessionUser } from "../lib/context.ts";
import { findActiveSession, insertSession, revokeSession } from "./queries.ts";
import { readSessionToken, SESSION_TTL_SECONDS, signSessionToken } from "./tokens.ts";

/** Revokes every live session of a user (a new password, a deletion): other domains call this, not queries.ts. */
export { revokeAllSessions, revokeOtherSessions } from "./queries.ts";
/** The caller's address (lib/client-ip.ts), where the routes have always taken it from. */
export { clientIp };

const COOKIE = "apca_session";
const SECURE_COOKIE = `__Host-${COOKIE}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller named by the request's bearer token or session cookie, if that session is still active. */
export async function authenticate(
  c: Context<AppEnv>,
): Promise<{ user: SessionUser; viaCookie: boolean } | null> {
  const header = c.req.header("Authorization");
  const bearer = header?.startsWith("Bearer ") ? header.slice(7).trim() : undefined;
  const token = bearer ?? getCookie(c, SECURE_COOKIE) ?? getCookie(c, COOKIE);
  if (!token) return null;
  const { sessionKey, database, now, sessionCache } = c.get("deps");
  const sessionId = await readSessionToken(sessionKey, token, now());
  if (!sessionId || !UUID.test(sessionId)) return null;
  const at = now();
  const cached = sessionCache.get(sessionId, at);
  if (cached) return { user: cached.user, viaCookie: bearer === undefined };
  // Only answers that are found are kept: a refused token reads the database each time, as before.
  const mark = sessionCache.mark();
  const found = await findActiveSession(database.db, sessionId, at);
  if (!found) return null;
  sessionCache.put(mark, sessionId, found);
  return { user: found.user, viaCookie: bearer === undefined };
}

/** Creates a session row and its token, and sets the token as an HttpOnly cookie. */
export async function startSession(c: Context<AppEnv>, userId: number): Promise<string> {
  const { database, sessionKey, now } = c.get("deps");
  const started = now();
  const expires = new Date(started.getTime() + SESSION_TTL_SECONDS * 1000);
  const id = await insertSession(database.db, {
    user_id: userId,
    created_at: started,
    expires_at: expires,
    ip: clientIp(c),
    user_agent: c.req.header("User-Agent")?.slice(0, 300) ?? null,
  });
  const token = await signSessionToken(sessionKey, { userId, sessionId: id }, now());
  const secure = isHttps(c);
  setCookie(c, secure ? SECURE_COOKIE : COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure,
    path: "/",
    maxAge: SESSION_TTL_SECONDS,
  });
  return token;
}

/** Revokes the session server-side (the token stops working everywhere) and clears the cookie. */
export async function endSession(c: Context<AppEnv>, sessionId: string): Promise<void> {
  const { database, now } = c.get("deps");
  await revokeSession(database.db, sessionId, now());
  const secure = isHttps(c);
  setCookie(c, secure ? SECURE_COOKIE : COOKIE, "", {
    httpOnly: true,
    sameSite: "Lax",
    secure,
    path: "/",
    maxAge: 0,
  });
}

function isHttps(c: Context<AppEnv>): boolean {
  if (c.get("deps").config.trustProxy && c.req.header("X-Forwarded-Proto") === "https") return true;
  return new URL(c.req.url).protocol === "https:";
}
