import { createApp } from "../app.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { enqueue } from "./jobs.ts";
import type { LogEntry } from "./logging.ts";
import { lineBatcher, retireBatcher } from "./log-writer.ts";
import { sumSeries } from "./metrics.ts";

Deno.test("operations: request log lines, no secret in any log, metrics behind their token", async (t) => {
  const entries: LogEntry[] = [];
  const ctx = await createTestContext({ log: (e) => entries.push(e) });
  try {
    await t.step(
      "one line per request: request id, user id, method, route pattern, status, time",
      async () => {
        entries.length = 0;
        const res = await ctx.request("member", "GET", "/api/auth/session", undefined, {
          "X-Request-Id": "req-1",
        });
        assertEquals(res.status, 200);
        await res.body?.cancel();
        assertEquals(entries.length, 1);
        const { ms, ...rest } = entries[0];
        assertEquals(rest, {
          level: "info",
          event: "request",
          request_id: "req-1",
          user_id: ctx.users.member.id,
          method: "GET",
          route: "/api/auth/session",
          status: 200,
        });
        assertEquals(typeof ms, "number");
      },
    );

    await t.step("passwords, tokens, card numbers and SSNs reach no log line", async () => {
      const secrets = [
        "Sup3r-Secret-Passw0rd",
        "4242424242424242",
        "4242 4242 4242 4242",
        "123-45-6789",
        "reset-token-5ecret",
        "path-5ecret",
        "query-5ecret",
      ];
      const printed: string[] = [];
      const original = { log: console.log, error: console.error, warn: console.warn };
      console.log = console.error = console.warn = (...args: unknown[]) =>
        printed.push(args.map(String).join(" "));
      const token = await ctx.tokenFor("member");
      entries.length = 0;
      try {
        const sends: [string, string, unknown?][] = [
          ["POST", "/api/login", { email: "member@test.local", password: secrets[0] }],
          ["POST", "/api/login", { email: "member@test.local", password: secrets[0], card: secrets[1] }],
          ["POST", "/api/contact", {
            name: "N",
            email: "n@test.local",
            message: `${secrets[2]} ${secrets[3]}`,
          }],
          ["POST", "/api/password/reset", { token: secrets[4], password: secrets[0] }],
          ["GET", `/api/nothing/${secrets[5]}?token=${secrets[6]}&ssn=${secrets[3]}`],
          ["GET", `/app/${secrets[5]}?card=${secrets[1]}`],
        ];
        for (const [method, path, body] of sends) {
          const res = await ctx.request(null, method, path, body, { Authorization: `Bearer ${token}` });
          await res.body?.cancel();
        }
      } finally {
        Object.assign(console, original);
      }
      assertEquals(entries.length, 6, "every request was logged");
      const everything = JSON.stringify(entries) + printed.join("\n");
      for (const secret of [...secrets, token]) assertEquals(everything.includes(secret), false, secret);
    });

    await t.step("/api/health/live answers without touching the database", async () => {
      const res = await ctx.request(null, "GET", "/api/health/live");
      assertEquals([res.status, await res.json()], [200, { status: "ok" }]);
    });

    await t.step(
      "metrics: off without METRICS_TOKEN, 401 without the right token, text with it",
      async () => {
        assertEquals((await ctx.request(null, "GET", "/api/metrics")).status, 404);
        const app = createApp({
          ...ctx.deps,
          config: { ...ctx.deps.config, metricsToken: "metrics-5ecret" },
        });
        const scrape = (token?: string) =>
          app.request("/api/metrics", { headers: token ? { Authorization: `Bearer ${token}` } : {} });
        assertEquals((await scrape()).status, 401);
        assertEquals((await scrape("wrong")).status, 401);
        await enqueue(ctx.database.db, "metrics.probe", {}, { runAt: new Date(0) });
        const res = await scrape("metrics-5ecret");
        assertEquals(res.status, 200);
        assertOk(res.headers.get("Content-Type")?.startsWith("text/plain; version=0.0.4"));
        const text = await res.text();
        for (
          const line of [
            'apca_http_requests_total{method="GET",route="/api/auth/session",status="200"} 1',
            'apca_http_request_duration_seconds_count{method="GET",route="/api/auth/session"} 1',
            'apca_http_request_duration_seconds_bucket{method="GET",route="/api/auth/session",le="+Inf"} 1',
            'apca_http_requests_total{method="GET",route="/api/*",status="404"} 1',
            'apca_jobs_due{queue="metrics.probe"} 1',
            'apca_jobs_failed{queue="metrics.probe"} 0',
            "apca_mail_outbox_backlog 0",
            "apca_session_cache_live 1",
          ]
        ) assertOk(text.split("\n").includes(line), `${line}\n---\n${text}`);
        // The session check above (one request, the first of its session) missed the session cache.
        assertOk(/^apca_session_cache_lookups_total\{outcome="miss"\} [1-9]/m.test(text), text);
      },
    );
  } finally {
    await ctx.close();
  }
});

Deno.test("log lines go out in writes of whole lines, at most 4096 bytes each unless one line is longer", () => {
  const writes: string[] = [];
  const decoder = new TextDecoder();
  const batcher = lineBatcher((bytes) => {
    writes.push(decoder.decode(bytes));
    return bytes.length;
  });
  const lines = Array.from({ length: 100 }, (_, i) => `{"n":${i},"pad":"${"x".repeat(90 + i)}"}`);
  lines.splice(50, 0, `{"long":"${"y".repeat(6000)}"}`);
  for (const line of lines) batcher.write(line);
  retireBatcher(batcher);
  assertEquals(writes.join(""), lines.map((l) => l + "\n").join(""));
  assertOk(writes.length > 3, `${writes.length} writes`);
  for (const w of writes) {
    assertOk(w.endsWith("\n"), "each write ends at a line's end");
    assertOk(w.length <= 4096 || w.split("\n").length === 2, "over 4096 bytes only as one line of its own");
  }
});

Deno.test("metrics of several workers: the same series add up, each family's lines stay together", () => {
  const worker = (route: string, n: number, live: number) =>
    [
      "# HELP apca_http_requests_total Requests.",
      "# TYPE apca_http_requests_total counter",
      `apca_http_requests_total{route="/a"} ${n}`,
      `apca_http_requests_total{route="${route}"} 1`,
      "# HELP apca_session_cache_live Live.",
      "# TYPE apca_session_cache_live gauge",
      `apca_session_cache_live ${live}`,
    ].join("\n") + "\n";
  assertEquals(
    sumSeries([worker("/b", 2, 1), worker("/c", 3, 1)]),
    [
      "# HELP apca_http_requests_total Requests.",
      "# TYPE apca_http_requests_total counter",
      'apca_http_requests_total{route="/a"} 5',
      'apca_http_requests_total{route="/b"} 1',
      'apca_http_requests_total{route="/c"} 1',
      "# HELP apca_session_cache_live Live.",
      "# TYPE apca_session_cache_live gauge",
      "apca_session_cache_live 2",
    ].join("\n") + "\n",
  );
});
