/** Session rows: created at login, checked on every authenticated request, revoked at logout. */
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { CompiledQuery, type Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import type { AppEnv, SessionUser } from "../lib/context.ts";
import { readSessionToken, SESSION_TTL_SECONDS, signSessionToken } from "./tokens.ts";

const COOKIE = "apca_session";
const SECURE_COOKIE = `__Host-${COOKIE}`;

/** The query behind every authenticated request (exported so the benchmark runs exactly this SQL). */
export function activeSessionQuery(db: Kysely<DB>, sessionId: string, now: Date) {
  return db.selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select([
      "s.id as session_id",
      "u.id as user_id",
      "u.is_admin",
      "u.is_der",
      "u.first_name",
      "u.last_name",
    ])
    .where("s.id", "=", sessionId)
    .where("s.revoked_at", "is", null)
    .where("s.expires_at", ">", now)
    .where("u.deleted_at", "is", null);
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof activeSessionQuery>["executeTakeFirstOrThrow"]>>;

// Building and compiling the query costs more CPU than running it (about 70 µs a request, measured in
// docs/benchmarks.md), so it is compiled once per database handle and only the parameters change per request.
const compiledSessionQueries = new WeakMap<
  Kysely<DB>,
  (sessionId: string, now: Date) => CompiledQuery<SessionRow>
>();

function compiledSessionQuery(db: Kysely<DB>): (sessionId: string, now: Date) => CompiledQuery<SessionRow> {
  let make = compiledSessionQueries.get(db);
  if (!make) {
    const idMark = "00000000-0000-0000-0000-000000000000", nowMark = new Date(0);
    const { sql, parameters } = activeSessionQuery(db, idMark, nowMark).compile();
    const slots = parameters.map((p) => p === idMark ? "id" : p === nowMark ? "now" : null);
    if (slots.includes(null)) throw new Error("the session query has a parameter the cache does not know");
    make = (sessionId, now) => CompiledQuery.raw(sql, slots.map((s) => s === "id" ? sessionId : now));
    compiledSessionQueries.set(db, make);
  }
  return make;
}

export async function findActiveSession(
  db: Kysely<DB>,
  sessionId: string,
  now: Date,
): Promise<SessionUser | null> {
  const [row] = (await db.executeQuery(compiledSessionQuery(db)(sessionId, now))).rows;
  if (!row) return null;
  return {
    user_id: row.user_id,
    session_id: row.session_id,
    is_admin: row.is_admin,
    is_der: row.is_der,
    full_name: `${row.first_name} ${row.last_name}`,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller named by the request's bearer token or session cookie, if that session is still active. */
export async function authenticate(
  c: Context<AppEnv>,
): Promise<{ user: SessionUser; viaCookie: boolean } | null> {
  const header = c.req.header("Authorization");
  const bearer = header?.startsWith("Bearer ") ? header.slice(7).trim() : undefined;
  const token = bearer ?? getCookie(c, SECURE_COOKIE) ?? getCookie(c, COOKIE);
  if (!token) return null;
  const { sessionKey, database, now } = c.var.deps;
  const sessionId = await readSessionToken(sessionKey, token, now());
  if (!sessionId || !UUID.test(sessionId)) return null;
  const user = await findActiveSession(database.db, sessionId, now());
  return user && { user, viaCookie: bearer === undefined };
}

/** Creates a session row and its token, and sets the token as an HttpOnly cookie. */
export async function startSession(c: Context<AppEnv>, userId: number): Promise<string> {
  const { database, sessionKey, now } = c.var.deps;
  const expires = new Date(now().getTime() + SESSION_TTL_SECONDS * 1000);
  const { id } = await database.db.insertInto("sessions")
    .values({
      user_id: userId,
      expires_at: expires,
      ip: clientIp(c),
      user_agent: c.req.header("User-Agent")?.slice(0, 300) ?? null,
    })
    .returning("id").executeTakeFirstOrThrow();
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
  const { database, now } = c.var.deps;
  await database.db.updateTable("sessions").set({ revoked_at: now() })
    .where("id", "=", sessionId).where("revoked_at", "is", null).execute();
  const secure = isHttps(c);
  setCookie(c, secure ? SECURE_COOKIE : COOKIE, "", {
    httpOnly: true,
    sameSite: "Lax",
    secure,
    path: "/",
    maxAge: 0,
  });
}

/** Revokes every active session of a user (after a password reset, say). */
export async function revokeAllSessions(db: Kysely<DB>, userId: number, now: Date): Promise<void> {
  await db.updateTable("sessions").set({ revoked_at: now })
    .where("user_id", "=", userId).where("revoked_at", "is", null).execute();
}

function isHttps(c: Context<AppEnv>): boolean {
  if (c.var.deps.config.trustProxy && c.req.header("X-Forwarded-Proto") === "https") return true;
  return new URL(c.req.url).protocol === "https:";
}

/** The caller's address: the socket's, or the proxy's X-Forwarded-For when TRUST_PROXY=1. */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.deps.config.trustProxy) {
    const forwarded = c.req.header("X-Forwarded-For")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  const info = (c.env as { remoteAddr?: { hostname?: string } } | undefined)?.remoteAddr;
  return info?.hostname ?? "local";
}
