/**
 * `Idempotency-Key` for calls that change things (the offline outbox resends them). Put it right after a
 * non-public `allow(...)`, since keys are kept per caller:
 *
 *   router.post("/memberships/renew", allow("user"), idempotent(), describe(...), validate(...), handler)
 *
 * Without the header the request runs as usual. With it, the first request claims the key (an in_progress
 * row; the primary key decides races) and its answer is stored; a repeat with the same request replays that
 * answer with `Idempotent-Replayed: true`, a different request with the same key answers 422, and a repeat
 * while the first still runs answers 409. 2xx and 4xx answers are stored; a 5xx or an unexpected error
 * removes the claim so that the client may retry. Only the status and the JSON body are replayed (jsonb may
 * reorder object keys; headers such as Set-Cookie are not kept). Keys live 7 days.
 *
 * A claim is a lease (config.recovery.idempotencyLeaseMs, 30 s by default) that the running request renews
 * every third of it. A process that dies (crash, SIGKILL, power cut) stops renewing, so a retry takes the key
 * over within one lease rather than answering 409 for minutes; the handler it runs then finds what the dead
 * one left (a pending order settles to its true outcome, orders/pay.ts).
 */
import type { Context, MiddlewareHandler } from "hono";
import { type Kysely, sql } from "kysely";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { DB } from "../db/types.ts";
import { caller } from "./access.ts";
import type { AppEnv } from "./context.ts";
import { AppError } from "./errors.ts";
import { tag } from "./route.ts";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotent-Replayed";
/** How long a key is remembered (the issue asks for at least 7 days). */
export const IDEMPOTENCY_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const KEY_PATTERN = /^[\x20-\x7E]{1,255}$/;
const INVALID_KEY = "The Idempotency-Key header must be 1 to 255 printable characters.";

type Claim =
  | { kind: "claimed"; since: Date }
  | { kind: "replay"; status: number; body: unknown }
  | { kind: "reused" }
  | { kind: "in_progress" };

interface KeyRequest {
  userId: number;
  key: string;
  scope: string;
  requestHash: string;
}

/** Makes a route honour the Idempotency-Key header; see the module comment. */
export function idempotent(): MiddlewareHandler<AppEnv> {
  return tag<MiddlewareHandler<AppEnv>>(async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined) return await next();
    if (!KEY_PATTERN.test(key)) {
      throw new AppError("IDEMPOTENCY_KEY_INVALID", INVALID_KEY, [
        { path: IDEMPOTENCY_HEADER, message: INVALID_KEY },
      ]);
    }
    const { database: { db }, now, config } = c.get("deps");
    const leaseMs = config.recovery.idempotencyLeaseMs;
    const request: KeyRequest = {
      userId: caller(c).user_id,
      key,
      scope: `${c.req.method} ${c.req.path}`,
      requestHash: await hashRequest(c),
    };
    const claim = await claimKey(db, request, now(), leaseMs);
    if (claim.kind === "reused") {
      throw new AppError(
        "IDEMPOTENCY_KEY_REUSED",
        "This Idempotency-Key was already used with a different request.",
      );
    }
    if (claim.kind === "in_progress") {
      throw new AppError(
        "IDEMPOTENCY_IN_PROGRESS",
        "A request with this Idempotency-Key is still being processed.",
      );
    }
    if (claim.kind === "replay") {
      c.header(REPLAYED_HEADER, "true");
      return claim.body === null
        ? c.body(null, claim.status as ContentfulStatusCode)
        : c.json(claim.body, claim.status as ContentfulStatusCode);
    }

    // Renew the lease while the handler runs; a renewal that fails is retried at the next beat.
    const heartbeat = setInterval(() => {
      renewLease(db, request, claim.since, new Date(now().getTime() + leaseMs)).catch(() => {});
    }, Math.max(1, Math.floor(leaseMs / 3)));
    try {
      await next();
    } catch (error) {
      // Hono turns errors into answers before they reach here; this covers anything it rethrows.
      await releaseKey(db, request, claim.since);
      throw error;
    } finally {
      clearInterval(heartbeat);
    }
    const status = c.res.status;
    const text = status >= 200 && status < 500 && !(status >= 300 && status < 400)
      ? await c.res.clone().text()
      : undefined;
    if (text === undefined || (text !== "" && !isJson(text))) {
      // A server error may succeed on retry; a redirect or a non-JSON body cannot be replayed faithfully.
      await releaseKey(db, request, claim.since);
      return;
    }
    await db.updateTable("idempotency_keys")
      .set({
        status: "done",
        lease_until: null,
        response_status: status,
        // Cast through text: postgres.js would otherwise store a JSON-typed string parameter as a string.
        response_body: text === "" ? null : sql`cast(cast(${text} as text) as jsonb)`,
      })
      .where("user_id", "=", request.userId).where("key", "=", request.key)
      .where("status", "=", "in_progress").where("created_at", "=", claim.since)
      .execute();
  }, { kind: "idempotent" });
}

/** Deletes keys past their expiry; returns how many. Run daily by the job runner. */
export async function deleteExpiredIdempotencyKeys(db: Kysely<DB>, now: Date): Promise<number> {
  const result = await db.deleteFrom("idempotency_keys").where("expires_at", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

async function claimKey(db: Kysely<DB>, r: KeyRequest, now: Date, leaseMs: number): Promise<Claim> {
  const fresh = {
    scope: r.scope,
    request_hash: r.requestHash,
    status: "in_progress" as const,
    response_status: null,
    response_body: null,
    created_at: now,
    expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
    lease_until: new Date(now.getTime() + leaseMs),
  };
  // A few rounds: the row we collide with may be released or taken over between our statements.
  for (let round = 0; round < 3; round++) {
    const inserted = await db.insertInto("idempotency_keys")
      .values({ user_id: r.userId, key: r.key, ...fresh })
      .onConflict((oc) => oc.columns(["user_id", "key"]).doNothing())
      .returning("created_at").executeTakeFirst();
    if (inserted) return { kind: "claimed", since: now };

    const row = await db.selectFrom("idempotency_keys")
      .select(["scope", "request_hash", "status", "response_status", "response_body", "expires_at"])
      .where("user_id", "=", r.userId).where("key", "=", r.key).executeTakeFirst();
    if (!row) continue;
    const expired = row.expires_at <= now;
    if (!expired) {
      if (row.scope !== r.scope || row.request_hash !== r.requestHash) return { kind: "reused" };
      if (row.status === "done") {
        return { kind: "replay", status: row.response_status!, body: row.response_body ?? null };
      }
    }
    // Expired, or in progress: take it over if it is expired or its owner's lease ran out (the owner died).
    // The conditions are re-checked by the update itself, so of two processes taking over one row only one wins.
    const taken = await db.updateTable("idempotency_keys").set(fresh)
      .where("user_id", "=", r.userId).where("key", "=", r.key)
      .where((eb) =>
        eb.or([
          eb("expires_at", "<=", now),
          eb.and([eb("status", "=", "in_progress"), eb("lease_until", "<=", now)]),
        ])
      )
      .returning("created_at").executeTakeFirst();
    if (taken) return { kind: "claimed", since: now };
    if (!expired && row.status === "in_progress") return { kind: "in_progress" };
  }
  return { kind: "in_progress" };
}

/** Extends our own claim's lease (not one a later request took over). */
async function renewLease(db: Kysely<DB>, r: KeyRequest, since: Date, until: Date): Promise<void> {
  await db.updateTable("idempotency_keys").set({ lease_until: until })
    .where("user_id", "=", r.userId).where("key", "=", r.key)
    .where("status", "=", "in_progress").where("created_at", "=", since)
    .execute();
}

/** Removes our own claim (not one a later request took over). */
async function releaseKey(db: Kysely<DB>, r: KeyRequest, since: Date): Promise<void> {
  await db.deleteFrom("idempotency_keys")
    .where("user_id", "=", r.userId).where("key", "=", r.key)
    .where("status", "=", "in_progress").where("created_at", "=", since)
    .execute();
}

async function hashRequest(c: Context<AppEnv>): Promise<string> {
  const url = new URL(c.req.url);
  return await requestHash(c.req.method, `${url.pathname}${url.search}`, await c.req.text());
}

/** SHA-256 of method, path with query, and the body (JSON canonicalised: keys sorted, spacing dropped). */
export async function requestHash(method: string, pathAndQuery: string, rawBody: string): Promise<string> {
  let body = rawBody;
  try {
    if (rawBody.trim() !== "") body = JSON.stringify(sortKeys(JSON.parse(rawBody)));
  } catch {
    // Not JSON: hash it as sent; the route's validation answers for it.
  }
  const text = `${method}\n${pathAndQuery}\n${body}`;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  const object = value as Record<string, unknown>;
  return Object.fromEntries(Object.keys(object).sort().map((k) => [k, sortKeys(object[k])]));
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
