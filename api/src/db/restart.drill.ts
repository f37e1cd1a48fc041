/**
 * The PostgreSQL restart drill (docs/decisions/0016-database-outages.md): the real server process, about 20
 * clients at once, and a database that goes away and comes back several times (a clean `fast` stop and an
 * `immediate` one that looks like a crash). It passes when the process never dies, every request gets an answer
 * (10 s is a hang detector, not a speed target), every answer that is not a success is 503
 * DATABASE_UNAVAILABLE in the error model, liveness keeps answering, and service is whole again once the
 * database is back.
 *
 * It needs a cluster of its own (testing/throwaway-postgres.ts), so it is not part of `deno task test`, whose
 * files all share one server: CI runs it as its own step (`deno task test:restart`). Without PostgreSQL's
 * server binaries installed it is skipped, saying so.
 */
import { assertEquals, assertOk } from "../testing/assert.ts";
import { freePort } from "../testing/ports.ts";
import { createThrowawayPostgres, postgresBinDir } from "../testing/throwaway-postgres.ts";

const CLIENTS = 20;
const HANG_MS = 10_000;
const RESTARTS: ("fast" | "immediate")[] = ["fast", "immediate", "fast"];
/** How long the database stays down each time, and how long the load runs on a healthy database between. */
const DOWN_MS = 2500;
const UP_MS = 2000;
/** Service must be back within this after the database is (a bound against a stuck pool, not a target). */
const RECOVERY_MS = 15_000;

const bin = postgresBinDir();
if (!bin) {
  console.log("restart drill SKIPPED: no PostgreSQL server binaries (initdb) under /usr/lib/postgresql");
}

interface Answer {
  /** When the request was sent, in ms from the start of the load. */
  at: number;
  path: string;
  status: number;
  code?: string;
  ms: number;
  /** A network error or the hang detector firing. */
  failure?: string;
}

Deno.test({
  name: "restart drill: the server survives PostgreSQL restarts under load and answers 503 while it is down",
  ignore: !bin,
  sanitizeOps: false,
  sanitizeResources: false,
}, async () => {
  const cluster = await createThrowawayPostgres(bin!);
  const dataDir = await Deno.makeTempDir({ prefix: "apca-drill-" });
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", "api/src/main.ts"],
    cwd: new URL("../../..", import.meta.url).pathname,
    env: {
      DATABASE_URL: cluster.url,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_ON_START: "1",
      // One HTTP worker (decision 0094): the drill is about the database's restarts, not the workers.
      WORKERS: "1",
      NO_COLOR: "1",
    },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let exit: Deno.CommandStatus | undefined;
  const exited = child.status.then((s) => exit = s);
  const log = collect(child.stdout, child.stderr);
  const answers: Answer[] = [];
  const recoveries: number[] = [];
  const t0 = performance.now();
  const events: string[] = [];
  const clock = () => Math.round(performance.now() - t0);
  const event = (what: string) => events.push(`${clock()} ms ${what}`);
  // Spans in which the database was up all along: a request wholly inside one must succeed.
  const upSpans: [number, number][] = [];
  let upSince = 0;
  // From each stop to the next start: requests sent then must meet a 503 (and they did, once per restart).
  const downSpans: [number, number][] = [];
  let stopping = false;
  try {
    await waitFor(`${base}/api/health/ready`, 120_000, () => exit);
    const token = await signIn(base);
    const requests: { path: string; init?: RequestInit }[] = [
      { path: "/api/health" },
      { path: "/api/health/ready" },
      { path: "/api/prices" },
      { path: "/api/compliance/public-keys" },
      { path: "/api/auth/session", init: { headers: { Authorization: `Bearer ${token}` } } },
      {
        path: "/api/analytics/events",
        init: {
          method: "POST",
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          body: JSON.stringify({ name: "registration_started" }),
        },
      },
    ];
    const client = async (n: number) => {
      for (let i = n; !stopping; i++) {
        const { path, init } = requests[i % requests.length];
        answers.push(await ask(base, path, init, clock()));
        await sleep(10);
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));

    await sleep(UP_MS);
    for (const mode of RESTARTS) {
      const downSince = clock();
      upSpans.push([upSince, downSince]);
      event(`stop -m ${mode}`);
      await cluster.stop(mode);
      event("stopped");
      await sleep(DOWN_MS);
      await cluster.start();
      downSpans.push([downSince, clock()]);
      event("started");
      const started = performance.now();
      await waitFor(`${base}/api/prices`, RECOVERY_MS, () => exit);
      recoveries.push(Math.round(performance.now() - started));
      event("service back");
      upSince = clock();
      await sleep(UP_MS);
    }
    upSpans.push([upSince, clock()]);
    stopping = true;
    await Promise.all(clients);

    const count = (p: (a: Answer) => boolean) => answers.filter(p).length;
    const unavailable = (a: Answer) => a.status === 503 && a.code === "DATABASE_UNAVAILABLE";
    const sentWhileDown = (a: Answer) => downSpans.some(([from, to]) => a.at >= from && a.at < to);
    const slowest = (p: (a: Answer) => boolean) => Math.max(0, ...answers.filter(p).map((a) => a.ms));
    console.log(
      `restart drill: ${RESTARTS.length} restarts (${RESTARTS.join(", ")}) under ${CLIENTS} clients; ` +
        `${answers.length} requests: ${count(ok)} succeeded, ` +
        `${count(unavailable)} answered 503 DATABASE_UNAVAILABLE, ${count((a) => !!a.failure)} unanswered; ` +
        `slowest answer ${slowest(() => true)} ms (sent while down: ${slowest(sentWhileDown)} ms, ` +
        `readiness: ${slowest((a) => a.path === "/api/health/ready")} ms); ` +
        `service back ${recoveries.join(" / ")} ms after each start; server process ${
          exit ? "DIED" : "alive"
        }`,
    );

    const none = (what: string, p: (a: Answer) => boolean) =>
      assertEquals(answers.filter(p).map(show), [], `${what} (events: ${events.join(", ")})`);
    assertEquals(exit, undefined, "the server process died");
    none("requests without an answer", (a) => !!a.failure);
    none("answers other than success and 503 DATABASE_UNAVAILABLE", (a) => !ok(a) && !unavailable(a));
    none("liveness failed", (a) => a.path === "/api/health" && a.status !== 200);
    for (const [from, to] of downSpans) {
      const inSpan = (a: Answer) => a.at >= from && a.at < to;
      assertOk(answers.some((a) => inSpan(a) && unavailable(a)), `no 503 from ${from} to ${to} ms`);
    }
    const whileUp = (a: Answer) => upSpans.some(([from, to]) => a.at >= from && a.at + a.ms <= to);
    none("failures while the database was up", (a) => whileUp(a) && !ok(a));
    const ready = await fetch(`${base}/api/health/ready`);
    assertEquals(ready.status, 200, await ready.text());
  } catch (error) {
    console.log(`server output:\n${(await log.text()).slice(-8000)}`);
    throw error;
  } finally {
    stopping = true;
    if (!exit) child.kill("SIGKILL");
    await exited;
    await log.done;
    await cluster.destroy();
    await Deno.remove(dataDir, { recursive: true });
  }
});

const ok = (a: Answer) => a.status >= 200 && a.status < 300;
const show = (a: Answer) =>
  `${a.path} sent at ${a.at} ms: ${a.failure ?? `${a.status} ${a.code ?? ""}`} after ${a.ms} ms`;

async function ask(
  base: string,
  path: string,
  init: RequestInit | undefined,
  at: number,
): Promise<Answer> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const res = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(HANG_MS) });
    const text = await res.text();
    let code: string | undefined;
    if (!res.ok) {
      const body = JSON.parse(text);
      // The error model: a message for people and a code.
      if (typeof body.error === "string") code = body.code;
    }
    return { at, path, status: res.status, code, ms: ms() };
  } catch (error) {
    return { at, path, status: 0, ms: ms(), failure: String(error) };
  }
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "member@apca.local", password: "member-password-local" }),
  });
  assertEquals(res.status, 200, "the seeded member signs in");
  return (await res.json()).token;
}

/** Polls until the URL answers 200; fails when the server process exits or the time is up. */
async function waitFor(url: string, withinMs: number, exited: () => unknown) {
  const deadline = performance.now() + withinMs;
  while (performance.now() < deadline) {
    if (exited()) throw new Error(`the server process exited while waiting for ${url}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      if (res.status === 200) return;
    } catch { /* not listening yet */ }
    await sleep(100);
  }
  throw new Error(`${url} did not answer 200 within ${withinMs} ms`);
}

/** Keeps the child's output (the pipes must be drained or the child blocks on a full pipe). */
function collect(...streams: ReadableStream<Uint8Array>[]) {
  const chunks: string[] = [];
  const decoder = new TextDecoder();
  const done = Promise.all(streams.map(async (s) => {
    for await (const chunk of s) chunks.push(decoder.decode(chunk));
  }));
  return { done, text: () => Promise.resolve(chunks.join("")) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
