/**
 * `deno run -A api/bench/layers.ts | cat > /dev/null` (results on stderr): the request pipeline's cost by layer,
 * by elimination, in one process. The app's own routers and middleware are mounted on a bare Hono in the order
 * api/src/app.ts mounts them, one layer more at a time, and each variant answers the authenticated session read
 * (`GET /api/auth/session`, bearer token, on PostgreSQL) BENCH_LAYER_REQUESTS times, 16 at a time, through
 * `app.fetch` (no sockets: the HTTP server's own cost is the bench's raw-vs-health comparison). The figure is this
 * process's CPU time per request (process.cpuUsage, user + system), so PostgreSQL's share is not in it, and the
 * difference between two rows is what the added layer costs. The log line goes to stdout: pipe it, as a server's
 * collector would, rather than to a file. Then the same for the full app, the dashboard read, and the pieces
 * inside the handlers measured alone. Variants are measured round-robin, BENCH_LAYER_ROUNDS times, and the
 * median of each is reported, so a burst of other load on the machine moves one round, not one row.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import process from "node:process";
import { createApp } from "../src/app.ts";
import { authRoutes } from "../src/auth/routes.ts";
import { findActiveSession } from "../src/auth/queries.ts";
import { readSessionToken, signSessionToken } from "../src/auth/tokens.ts";
import { buildDeps } from "../src/boot.ts";
import { loadConfig } from "../src/config.ts";
import type { AppEnv, Deps } from "../src/lib/context.ts";
import { AppError } from "../src/lib/errors.ts";
import { rejectCrossSite, requireKnownBody } from "../src/lib/guards.ts";
import { jsonLog, observeRequests } from "../src/lib/logging.ts";
import { refuseUnsafeUrl } from "../src/lib/safe-input.ts";
import { securityHeaders } from "../src/lib/security-headers.ts";
import { siteUrlFromRequest } from "../src/lib/site-url.ts";
import { membershipsRoutes } from "../src/memberships/routes.ts";
import { getOwnMembership } from "../src/memberships/record.ts";
import { createTestDatabase } from "../src/testing/db.ts";
import { giveMembership } from "./fixtures.ts";
import { median } from "./lib.ts";

const REQUESTS = Number(Deno.env.get("BENCH_LAYER_REQUESTS") || 20_000);
const ROUNDS = Number(Deno.env.get("BENCH_LAYER_ROUNDS") || 5);
const PARALLEL = 16;
Deno.env.set(
  "TEST_DATABASE_URL",
  Deno.env.get("BENCH_PG_URL") || "postgres://postgres@127.0.0.1:5432/postgres",
);

const database = await createTestDatabase();
try {
  const { db } = database;
  const user = await db.insertInto("users").values({
    email: "member@apca.local",
    password_hash: "x",
    first_name: "Mia",
    last_name: "Bench",
  }).returning("id").executeTakeFirstOrThrow();
  await giveMembership(database.url!, "member@apca.local");
  const config = { ...loadConfig(), databaseUrl: database.url, sessionSecret: "bench-".padEnd(48, "x") };
  const deps: Deps = await buildDeps(config, database, { log: jsonLog });
  const now = new Date();
  const { id: sessionId } = await db.insertInto("sessions").values({
    user_id: user.id,
    created_at: now,
    expires_at: new Date(now.getTime() + 86_400_000),
  }).returning("id").executeTakeFirstOrThrow();
  const token = await signSessionToken(deps.sessionKey, { userId: user.id, sessionId }, now);
  const headers = { Authorization: `Bearer ${token}`, Host: "127.0.0.1:8300" };

  type Layer = [string, (app: Hono<AppEnv>) => void];
  const LAYERS: Layer[] = [
    ["request id (X-Request-Id)", (app) =>
      app.use("*", async (c, next) => {
        c.set("requestId", c.req.header("X-Request-Id")?.slice(0, 64) ?? crypto.randomUUID());
        await next();
        // As app.ts sets it: in place (c.header after the answer would copy the whole Response).
        c.res.headers.set("X-Request-Id", c.get("requestId"));
      })],
    ["request log line and metrics (observeRequests)", (app) => app.use("*", observeRequests)],
    ["site address (siteUrlFromRequest)", (app) => app.use("*", siteUrlFromRequest)],
    ["security headers", (app) => app.use("*", securityHeaders({ recaptcha: false, stripe: false }))],
    ["body limit", (app) =>
      app.use(
        "/api/*",
        bodyLimit({
          maxSize: config.bodyLimit,
          onError: () => {
            throw new AppError("PAYLOAD_TOO_LARGE", "The request body is too large.");
          },
        }),
      )],
    [
      "guards and safe input (known body, cross-site, URL)",
      (app) => app.use("/api/*", requireKnownBody, rejectCrossSite, refuseUnsafeUrl),
    ],
  ];
  const build = (layers: number) => {
    const app = new Hono<AppEnv>();
    app.use("*", async (c, next) => {
      c.set("deps", deps);
      await next();
    });
    for (const [, add] of LAYERS.slice(0, layers)) add(app);
    app.route("/api", authRoutes);
    app.route("/api", membershipsRoutes);
    return app;
  };

  const cpu = () => {
    const { user, system } = process.cpuUsage();
    return user + system;
  };
  /** CPU µs per call of `fn`, PARALLEL calls in flight. */
  const perCall = async (fn: () => Promise<unknown>, n = REQUESTS): Promise<number> => {
    let left = n;
    const worker = async () => {
      while (left-- > 0) await fn();
    };
    const start = cpu();
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    return (cpu() - start) / n;
  };
  const get = (app: { fetch: (r: Request) => Response | Promise<Response> }, path: string) => async () => {
    const res = await app.fetch(new Request(`http://127.0.0.1:8300${path}`, { headers }));
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };

  const rows: [string, () => Promise<unknown>][] = [];
  for (let i = 0; i <= LAYERS.length; i++) {
    rows.push([
      i ? `+ ${LAYERS[i - 1][0]}` : "bare Hono, the auth routes only",
      get(build(i), "/api/auth/session"),
    ]);
  }
  const full = createApp(deps);
  rows.push(["the full app (createApp: every router and middleware)", get(full, "/api/auth/session")]);
  rows.push(["GET /api/health, full app", get(full, "/api/health")]);
  rows.push([
    "dashboard GET /api/auth/account/membership, full app",
    get(full, "/api/auth/account/membership"),
  ]);
  rows.push(["  bare Hono, the dashboard route only", get(build(0), "/api/auth/account/membership")]);
  rows.push(["  its service alone (getOwnMembership, 2 statements)", () => getOwnMembership(deps, user.id)]);
  rows.push([
    "session token check alone (readSessionToken, verified before)",
    () => readSessionToken(deps.sessionKey, token, new Date()),
  ]);
  rows.push(["session query alone (findActiveSession)", () => findActiveSession(db, sessionId, new Date())]);
  rows.push([
    "log line alone (jsonLog)",
    () =>
      Promise.resolve(
        jsonLog({ level: "info", event: "request", request_id: crypto.randomUUID(), status: 200 }),
      ),
  ]);
  rows.push([
    "metrics alone (observeRequest)",
    () => Promise.resolve(deps.metrics.observeRequest("GET", "/api/auth/session", 200, 0.001)),
  ]);

  for (const [, fn] of rows) await perCall(fn, 2000); // warm-up: JIT, prepared statements, the token memo
  const results = rows.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, [, fn]] of rows.entries()) results[i].push(await perCall(fn));
  }
  console.error(
    `load average ${
      Deno.loadavg().map((l) => l.toFixed(2)).join(" ")
    }; ${REQUESTS} requests x ${ROUNDS} rounds`,
  );
  console.error("| variant | CPU µs per request (median) | added by the layer |");
  console.error("| --- | ---: | ---: |");
  let previous: number | undefined;
  for (const [i, [name]] of rows.entries()) {
    const m = median(results[i]);
    const layered = i <= LAYERS.length;
    const added = layered && previous !== undefined ? (m - previous).toFixed(1) : "";
    console.error(`| ${name} | ${m.toFixed(1)} | ${added} |`);
    if (layered) previous = m;
  }
} finally {
  await database.drop();
}
