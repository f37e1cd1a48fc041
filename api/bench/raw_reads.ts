/**
 * The yardstick of the session and dashboard reads (decision 0095): a minimal `Deno.serve` handler, no framework,
 * that answers `GET /api/auth/session` and `GET /api/auth/account/membership` with the same JSON as the app, from
 * the same statements through the same driver: the app's own PostgreSQL handle (`connectPostgres`: postgres.js,
 * the same pool, timeouts, type parsers and prepared statements), the app's token check, and the app's reads
 * (`findActiveSession`, `getOwnMembership`, which send their compiled SQL straight to postgres.js). Like the app,
 * it reads a session's row once per process and answers it from memory after (the app's session cache,
 * decision 0068): per request both send the same statements, none for the session read. What the app adds to
 * this is the framework: Hono's routing, the middleware, validation, logging. It writes the app's headers too (the
 * security policy, `Cache-Control: no-store`, a request id): they are the product's answer, not the framework,
 * and Deno spends about a microsecond on each (decision 0095); with `?bare` it writes the JSON with its
 * Content-Type only, for information. One worker per process: the bench starts as many as the app has. Env:
 * DATABASE_URL, PORT, SESSION_SECRET (unset: the secret the app stored).
 */
import { findActiveSession } from "../src/auth/queries.ts";
import { stateOf } from "../src/auth/second-factor/service.ts";
import { loadSessionKey, readSessionToken } from "../src/auth/tokens.ts";
import { connectPostgres } from "../src/db/client.ts";
import type { SessionUser } from "../src/lib/context.ts";
import { getOwnMembership } from "../src/memberships/record.ts";
import { securityHeaderList } from "../src/lib/security-headers.ts";

const port = Number(Deno.env.get("PORT") ?? 8002);
const database = connectPostgres(Deno.env.get("DATABASE_URL")!);
const key = await loadSessionKey(database, Deno.env.get("SESSION_SECRET") || undefined);
const now = () => new Date();
const sessions = new Map<string, SessionUser>();

async function caller(req: Request): Promise<SessionUser | undefined> {
  const header = req.headers.get("Authorization");
  if (!header?.startsWith("Bearer ")) return undefined;
  const sessionId = await readSessionToken(key, header.slice(7).trim(), now());
  if (!sessionId) return undefined;
  let user = sessions.get(sessionId);
  if (!user) {
    user = (await findActiveSession(database.db, sessionId, now()))?.user;
    if (user) sessions.set(sessionId, user);
  }
  return user;
}

/** The app's headers on a signed-in read (the policy as the app is started by the bench: no third parties). */
const POLICY = securityHeaderList({ recaptcha: false, stripe: false });

function answer(body: unknown, bare: boolean, status = 200): Response {
  if (bare) return Response.json(body, { status });
  return new Response(JSON.stringify(body), {
    status,
    headers: [
      ["Content-Type", "application/json"],
      ...POLICY,
      ["Cache-Control", "no-store"],
      ["X-Request-Id", crypto.randomUUID()],
    ],
  });
}

Deno.serve(
  { port, hostname: "127.0.0.1", onListen: () => console.log(`raw reads on ${port}`) },
  async (req) => {
    const [path, query] = req.url.slice(req.url.indexOf("/", 8)).split("?");
    if (path === "/") return new Response("ok"); // the bench's readiness check
    const bare = query === "bare";
    const user = await caller(req);
    if (!user) return answer({ error: { code: "UNAUTHENTICATED" } }, bare, 401);
    if (path === "/api/auth/session") {
      const { user_id, is_admin, is_der, full_name } = user;
      return answer({ user_id, is_admin, is_der, full_name, second_factor: stateOf(user) }, bare);
    }
    if (path === "/api/auth/account/membership") {
      return answer({ data: await getOwnMembership({ database, now }, user.user_id) }, bare);
    }
    return answer({ error: { code: "NOT_FOUND" } }, bare, 404);
  },
);
