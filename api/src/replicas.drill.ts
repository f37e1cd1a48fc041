/**
 * Two API processes on one PostgreSQL database behind a real round-robin proxy (nginx), and the cases that
 * break when a process keeps shared state to itself: the sign-in limit, Idempotency-Key replays, the job
 * queue, session revocation (docs/decisions/0025-replicas-and-operations.md); then one process with two HTTP
 * workers on one port (decision 0094), where a sign-out on one worker is refused on the other, and the proxy's
 * answers to request heads past Deno's limit (the nginx block of docs/deployment.md, as documented). Run by `deno task test:replicas`
 * (a CI step of .ci/test-all.sh, which installs nginx); it needs TEST_DATABASE_URL and nginx on PATH, and
 * fails rather than skips without them. Every case goes through the proxy, and each pair of requests is
 * checked to have reached both processes.
 */
import postgres from "postgres";
import { hashPassword } from "./auth/passwords.ts";
import { assertEquals, assertOk as assert } from "./testing/assert.ts";
import { createTestDatabase } from "./testing/db.ts";
import { freePort } from "./testing/ports.ts";
import { HTTP_LIMIT_MESSAGES } from "./lib/http-limits.ts";

const MAIN = new URL("./main.ts", import.meta.url).pathname;
const PASSWORD = "replica-password-local";

interface Replica {
  port: number;
  child: Deno.ChildProcess;
  /** Everything the process printed on stdout so far (its JSON log lines). */
  output: () => string;
}

function startReplica(databaseUrl: string, env: Record<string, string> = {}): Replica {
  const port = freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN],
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      // The drill reads the job lines on stdout.
      REQUEST_LOG: "stdout",
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: "1",
      LOGIN_LIMIT_PER_EMAIL: "3",
      JOBS_POLL_MS: "100",
      SHUTDOWN_TIMEOUT_MS: "10000",
      // One HTTP worker each unless a step asks for more (decision 0094).
      WORKERS: "1",
      ...env,
    },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  let text = "";
  (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of child.stdout) text += decoder.decode(chunk, { stream: true });
  })();
  return { port, child, output: () => text };
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, seconds = 60): Promise<T> {
  for (let i = 0; i < seconds * 10; i++) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * The proxy block of docs/deployment.md, as documented (request-head limits answered in the error model
 * included), with the drill's addresses in place of the example's and two drill-only lines: no retry on the
 * other upstream, and a header naming the upstream that answered.
 */
async function documentedProxy(upstreams: number[], port: number): Promise<string> {
  const doc = await Deno.readTextFile(new URL("../../docs/deployment.md", import.meta.url));
  let block = doc.match(/```nginx\n([\s\S]*?)```/)?.[1];
  if (!block) throw new Error("docs/deployment.md has no nginx block");
  const swaps: [RegExp, string][] = [
    [
      /upstream apca \{[^}]*\}/,
      `upstream apca { ${upstreams.map((p) => `server 127.0.0.1:${p};`).join(" ")} }`,
    ],
    [/listen 443 ssl;/, `listen 127.0.0.1:${port};`],
    [
      /location \/ \{\n/,
      "location / {\n    proxy_next_upstream off;\n    add_header X-Upstream $upstream_addr always;\n",
    ],
  ];
  for (const [pattern, replacement] of swaps) {
    if (!pattern.test(block)) throw new Error(`docs/deployment.md's nginx block lacks ${pattern}`);
    block = block.replace(pattern, replacement);
  }
  return block;
}

async function startProxy(
  upstreams: number[],
): Promise<{ port: number; child: Deno.ChildProcess; dir: string }> {
  const dir = await Deno.makeTempDir({ prefix: "apca-nginx-" });
  const port = freePort();
  // One process (master_process off) so that round robin alternates strictly; every path inside the temp dir.
  await Deno.writeTextFile(
    `${dir}/nginx.conf`,
    `master_process off;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${await documentedProxy(upstreams, port)}
}
`,
  );
  const child = new Deno.Command("nginx", { args: ["-p", dir, "-c", `${dir}/nginx.conf`], stderr: "inherit" })
    .spawn();
  return { port, child, dir };
}

/**
 * One GET over a new connection, written by hand: fetch refuses the addresses and heads this drill sends.
 * Answers the status, the media type and the body (read to the connection's close).
 */
async function rawGet(port: number, path: string, headers: string[]) {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const head = [`GET ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, "Connection: close", ...headers, "", ""];
  const bytes = new TextEncoder().encode(head.join("\r\n"));
  // Read while writing: the server may answer and close before the whole head is sent.
  // (then resets the connection: what arrived before the reset is the answer).
  let text = "";
  const answer = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of conn.readable) text += decoder.decode(chunk, { stream: true });
    } catch { /* reset after the answer */ }
  })();
  for (let sent = 0; sent < bytes.length;) {
    try {
      sent += await conn.write(bytes.subarray(sent));
    } catch {
      break;
    }
  }
  await answer;
  const [top, ...rest] = text.split("\r\n\r\n");
  const lines = top.split("\r\n");
  const contentType = lines.find((l) => /^content-type:/i.test(l))?.split(":")[1].split(";")[0].trim() ??
    null;
  return { status: Number(lines[0].split(" ")[1]), contentType, body: rest.join("\r\n\r\n") };
}

/** Waits until the replica answers ready (its database reachable and migrated). */
function replicaReady(r: Replica): Promise<true> {
  return waitFor(`replica on ${r.port}`, async () => {
    const res = await fetch(`http://127.0.0.1:${r.port}/api/health/ready`);
    await res.body?.cancel();
    return res.ok ? true : undefined;
  });
}

Deno.test("two replicas behind a round-robin proxy share every piece of state", async (t) => {
  if (!Deno.env.get("TEST_DATABASE_URL")) throw new Error("TEST_DATABASE_URL must name a PostgreSQL server");
  const database = await createTestDatabase();
  const { db } = database;
  const user = await db.insertInto("users").values({
    email: "replica@test.local",
    password_hash: await hashPassword(PASSWORD),
    first_name: "Rita",
    last_name: "Replica",
  }).returning("id").executeTakeFirstOrThrow();

  // The second runs without named prepared statements, as behind PgBouncer in transaction mode.
  // One at a time: two Deno processes starting together race over node_modules, and in a fresh clone one of
  // them could not resolve the linked postgres package.
  const first = startReplica(database.url!);
  await replicaReady(first).catch(async (error) => {
    first.child.kill("SIGKILL");
    await first.child.status;
    throw error;
  });
  const replicas = [
    first,
    startReplica(database.url!, {
      DATABASE_PREPARE: "0",
      // Behind a real PgBouncer this would be the direct URL; the session cache listens there (decision 0068).
      DATABASE_LISTEN_URL: database.url!,
    }),
  ];
  const proxy = await startProxy(replicas.map((r) => r.port));
  const proxies = [proxy];
  const base = `http://127.0.0.1:${proxy.port}`;
  /** Sends through the proxy; answers the response, its JSON body and the upstream that answered. */
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(base + path, {
      method,
      headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { res, body: text ? JSON.parse(text) : null, upstream: res.headers.get("X-Upstream") };
  };
  const login = (password: string) => send("POST", "/api/login", { email: "replica@test.local", password });
  try {
    for (const r of replicas) await replicaReady(r);
    await waitFor("the proxy", async () => (await send("GET", "/api/health/live")).res.ok || undefined);

    await t.step("the proxy alternates between the two processes", async () => {
      const a = await send("GET", "/api/health/live"), b = await send("GET", "/api/health/live");
      assert(a.upstream && b.upstream && a.upstream !== b.upstream, `${a.upstream} then ${b.upstream}`);
    });

    await t.step("the sign-in limit per account holds across both (3, not 3 each)", async () => {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await login("wrong password"));
      assertEquals(answers.map((a) => a.res.status), [401, 401, 401, 429]);
      assertEquals(new Set(answers.map((a) => a.upstream)).size, 2);
      // Clears the count (as its window ending would), so that the next steps can sign in.
      await db.deleteFrom("rate_limits").execute();
    });

    let token = "";
    await t.step(
      "a session started on one is accepted by the other, and refused there once ended",
      async () => {
        const signedIn = await login(PASSWORD);
        assertEquals(signedIn.res.status, 200);
        token = signedIn.body.token;
        const auth = { Authorization: `Bearer ${token}` };
        const seen = await send("GET", "/api/auth/session", undefined, auth);
        assertEquals(seen.res.status, 200);
        assert(seen.upstream !== signedIn.upstream);
        const out = await send("POST", "/api/logout", undefined, auth);
        assertEquals(out.res.status, 204);
        const after = await send("GET", "/api/auth/session", undefined, auth);
        assertEquals(after.res.status, 401);
        assert(after.upstream !== out.upstream, "the revocation was checked by the other process");
        token = (await login(PASSWORD)).body.token;
      },
    );

    await t.step(
      "each process's session cache (decision 0068): a sign-out or a role change on one, or by a third " +
        "process, is seen at once by both",
      async () => {
        const listener = postgres(database.url!, { max: 1, onnotice: () => {} });
        try {
          const auth = { Authorization: `Bearer ${(await login(PASSWORD)).body.token}` };
          // Two reads on each process: the second on each is answered from its cache.
          const reads = [];
          for (let i = 0; i < 4; i++) reads.push(await send("GET", "/api/auth/session", undefined, auth));
          assertEquals(reads.map((r) => [r.res.status, r.body.is_der]), Array(4).fill([200, false]));
          assertEquals(new Set(reads.map((r) => r.upstream)).size, 2);
          // A third process (this test) changes the user's role, then does what a replica does after a change of
          // its own (decision 0068): sends an echo and waits until both processes acknowledged it. Notifications
          // reach each listener in commit order, so a process that acknowledged the echo has heard the change.
          // (Its own copy of the change is not enough: a replica's copy can arrive a little later, and a write
          // that does not wait is seen only when it does; the CI run of 7920bcc read stale once that way.)
          const echo = `echo:drill-${crypto.randomUUID()}`;
          const acknowledged = new Set<string>();
          await listener.listen("session_facts", (payload) => {
            if (!payload.startsWith("ack:") || !payload.endsWith(`:${echo}`)) return;
            acknowledged.add(payload.slice("ack:".length, -echo.length - 1));
          });
          await db.updateTable("users").set({ is_der: true }).where("id", "=", user.id).execute();
          await listener.notify("session_facts", echo);
          await waitFor(
            "both processes' acknowledgement of the echo",
            () => Promise.resolve(acknowledged.size === 2 || undefined),
            5,
          );
          const changed = [await send("GET", "/api/auth/session", undefined, auth)];
          changed.push(await send("GET", "/api/auth/session", undefined, auth));
          assertEquals(changed.map((r) => [r.res.status, r.body.is_der]), [[200, true], [200, true]]);
          assertEquals(new Set(changed.map((r) => r.upstream)).size, 2);
          await db.updateTable("users").set({ is_der: false }).where("id", "=", user.id).execute();
          for (let i = 0; i < 4; i++) await send("GET", "/api/auth/session", undefined, auth);
          // Sign-out on one: the other, which has the session cached, refuses it on the very next request (the
          // sign-out is answered only once every process acknowledged it: decision 0068).
          const out = await send("POST", "/api/logout", undefined, auth);
          assertEquals(out.res.status, 204);
          const after = [await send("GET", "/api/auth/session", undefined, auth)];
          after.push(await send("GET", "/api/auth/session", undefined, auth));
          assertEquals(after.map((r) => r.res.status), [401, 401]);
          assertEquals(new Set(after.map((r) => r.upstream)).size, 2);
        } finally {
          await listener.end({ timeout: 1 });
        }
      },
    );

    await t.step("an Idempotency-Key replayed on the other process answers the first answer", async () => {
      await db.insertInto("memberships").values({
        user_id: user.id,
        type: "annual",
        expire_at: "2099-01-01",
        has_expiration: true,
        price_cents: 9500,
      }).execute();
      const headers = { Authorization: `Bearer ${token}`, "Idempotency-Key": "replica-cancel-1" };
      const first = await send("DELETE", "/api/auth/account/membership/cancel", undefined, headers);
      assertEquals(first.res.status, 200);
      const again = await send("DELETE", "/api/auth/account/membership/cancel", undefined, headers);
      assert(again.upstream !== first.upstream);
      assertEquals(again.res.status, 200);
      assertEquals(again.res.headers.get("Idempotent-Replayed"), "true");
      assertEquals(again.body, first.body);
      // Without the key, the same request on either process is now a conflict: only one cancel happened.
      const fresh = await send("DELETE", "/api/auth/account/membership/cancel", undefined, {
        Authorization: `Bearer ${token}`,
      });
      assertEquals(fresh.res.status, 409);
    });

    await t.step("the job queue runs each job once with both processes polling", async () => {
      const ids = (await db.insertInto("jobs")
        .values(Array.from({ length: 40 }, () => ({ queue: "maintenance.cleanup", payload: {} })))
        .returning("id").execute()).map((r) => r.id);
      await waitFor("every job to finish", async () => {
        const left = await db.selectFrom("jobs").select("id").where("id", "in", ids)
          .where("finished_at", "is", null).execute();
        return left.length === 0 ? true : undefined;
      });
      const rows = await db.selectFrom("jobs").select(["id", "attempts", "failed"]).where("id", "in", ids)
        .execute();
      assertEquals(rows.filter((r) => r.attempts !== 1 || r.failed), []);
      // Each job's "finished" line appears in exactly one process's log.
      const runs = replicas.flatMap((r) =>
        r.output().split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l))
          .filter((e) => e.event === "job" && ids.includes(e.job))
      );
      assertEquals(runs.length, ids.length);
      assertEquals(new Set(runs.map((e) => e.job)).size, ids.length);
    });

    // One process with two HTTP workers on one port (decision 0094), behind the documented proxy: each worker has
    // its own session cache, so this is the replicas' case again inside one process.
    const pair = startReplica(database.url!, { WORKERS: "2", METRICS_TOKEN: "drill-metrics-token" });
    replicas.push(pair);
    await replicaReady(pair);
    // The banner comes once every worker listens.
    await waitFor(
      "both workers",
      () => Promise.resolve(pair.output().includes("APCA portal running at") || undefined),
    );
    const pairProxy = await startProxy([pair.port]);
    proxies.push(pairProxy);
    const pairBase = `http://127.0.0.1:${pairProxy.port}`;
    await waitFor("the second proxy", async () => {
      const res = await fetch(`${pairBase}/api/health/live`);
      await res.body?.cancel();
      return res.ok || undefined;
    });
    /** Sends through the second proxy; answers the status and the worker that answered (its request line). */
    const viaPair = async (
      method: string,
      path: string,
      headers: Record<string, string> = {},
      body?: unknown,
    ) => {
      const id = crypto.randomUUID();
      const res = await fetch(pairBase + path, {
        method,
        headers: {
          ...headers,
          "X-Request-Id": id,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      const worker = await waitFor(`the log line of request ${id}`, () => {
        const line = pair.output().split("\n").find((l) => l.startsWith("{") && l.includes(id));
        return Promise.resolve(line ? Number(JSON.parse(line).worker) : undefined);
      }, 5);
      return { status: res.status, body: text ? JSON.parse(text) : null, worker };
    };

    await t.step(
      "two workers behind one port: a sign-out on one is refused on the other at the next request",
      async () => {
        let crossed = 0, rounds = 0;
        // Which worker takes a connection is the kernel's choice: rounds until the request after the sign-out
        // reached the other worker twice (each round alone is checked whichever worker answers).
        for (; crossed < 2 && rounds < 20; rounds++) {
          const signedIn = await viaPair("POST", "/api/login", {}, {
            email: "replica@test.local",
            password: PASSWORD,
          });
          assertEquals(signedIn.status, 200);
          const auth = { Authorization: `Bearer ${signedIn.body.token}` };
          // Until each worker has answered the session twice: the second read on each came from its cache.
          const reads = new Map<number, number>();
          for (let i = 0; i < 40 && [...reads.values()].filter((n) => n >= 2).length < 2; i++) {
            const read = await viaPair("GET", "/api/auth/session", auth);
            assertEquals(read.status, 200);
            reads.set(read.worker, (reads.get(read.worker) ?? 0) + 1);
          }
          assertEquals([...reads.keys()].sort(), [1, 2], "both workers answered");
          const out = await viaPair("POST", "/api/logout", auth);
          assertEquals(out.status, 204);
          const next = await viaPair("GET", "/api/auth/session", auth);
          assertEquals(
            next.status,
            401,
            `round ${rounds}: worker ${next.worker} after the sign-out on ${out.worker}`,
          );
          if (next.worker !== out.worker) crossed++;
        }
        assertEquals(
          crossed,
          2,
          `the next request reached the other worker ${crossed} times in ${rounds} rounds`,
        );
      },
    );

    await t.step("a scrape reaching either worker counts the requests of both", async () => {
      const scrape = async () => {
        const res = await fetch(`${pairBase}/api/metrics`, {
          headers: { Authorization: "Bearer drill-metrics-token" },
        });
        const text = await res.text();
        const line = text.split("\n").find((l) =>
          l.startsWith('apca_http_requests_total{method="GET",route="/api/auth/session",status="401"}')
        );
        return Number(line?.split(" ").at(-1) ?? 0);
      };
      const before = await scrape();
      const workers = new Set<number>();
      let sent = 0;
      for (; sent < 40 && (workers.size < 2 || sent < 6); sent++) {
        const read = await viaPair("GET", "/api/auth/session");
        assertEquals(read.status, 401);
        workers.add(read.worker);
      }
      assertEquals(workers.size, 2, "both workers answered");
      assertEquals((await scrape()) - before, sent);
    });

    await t.step(
      "request heads past Deno's 64 KiB answer 414 or 431 in the error model through the proxy, not a bare 400",
      async () => {
        const big = (n: number) => "a".repeat(n);
        const filler = (count: number, size: number) =>
          Array.from({ length: count }, (_, i) => `X-Filler-${i}: ${big(size)}`);
        // Straight to the server, such a head gets Deno's bare 400: what the proxy is there to prevent.
        const direct = await rawGet(pair.port, "/api/auth/session", filler(8, 9000));
        assertEquals([direct.status, direct.body], [400, ""]);
        const tooLong = [414, "URI_TOO_LONG", HTTP_LIMIT_MESSAGES.urlTooLong] as const;
        const tooLarge = [431, "HEADERS_TOO_LARGE", HTTP_LIMIT_MESSAGES.headersTooLarge] as const;
        const cases: [string, string, string[], readonly [number, string, string]][] = [
          ["an address of 70,000 characters", `/api/auth/session?q=${big(70_000)}`, [], tooLong],
          ["an address of 10,000 (the app's own limit)", `/api/auth/session?q=${big(10_000)}`, [], tooLong],
          ["one header of 70,000 bytes", "/api/auth/session", filler(1, 70_000), tooLarge],
          ["8 headers of 9,000 bytes", "/api/auth/session", filler(8, 9000), tooLarge],
          ["2 headers of 9,000 bytes (the app's own limit)", "/api/auth/session", filler(2, 9000), tooLarge],
        ];
        for (const [what, path, headers, [status, code, message]] of cases) {
          const res = await rawGet(pairProxy.port, path, headers);
          assertEquals(res.contentType, "application/json", what);
          const body = JSON.parse(res.body);
          assertEquals([res.status, body.code, body.error], [status, code, message], what);
        }
      },
    );

    await t.step(
      "SIGTERM: each process (every worker of it) drains, closes its database and exits 0",
      async () => {
        for (const r of replicas) r.child.kill("SIGTERM");
        for (const r of replicas) assertEquals((await r.child.status).code, 0);
      },
    );
  } finally {
    for (const proxy of proxies) {
      proxy.child.kill("SIGTERM");
      await proxy.child.status;
      await Deno.remove(proxy.dir, { recursive: true });
    }
    for (const r of replicas) {
      try {
        r.child.kill("SIGKILL");
      } catch { /* already exited */ }
      await r.child.status;
    }
    await database.drop();
  }
});
