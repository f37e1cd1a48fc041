/**
 * `deno run -A api/bench/profile.ts [session|dashboard] [outdir]`: where the server's CPU goes for one
 * authenticated read under load. Starts the app with V8's sampling profiler (`--cpu-prof`) on a fresh seeded
 * database (the member given the bench's membership and past pause), loads the endpoint with the bench's load
 * generator (closed loop, BENCH_CONCURRENCY connections, BENCH_DURATION s after BENCH_WARMUP s), stops the app
 * (the profile is written at exit) and prints the samples' self time grouped by layer and the top functions.
 * A profiled server runs slower than a plain one: the shares matter, the absolute figures do not.
 */
import postgres from "postgres";
import { join } from "node:path";
import { type AppProcess, type Measurement, startApp } from "./lib.ts";
import type { LoadJob } from "./loadgen.ts";
import { giveMembership, settle } from "./fixtures.ts";

const what = Deno.args[0] ?? "session";
const outDir = Deno.args[1] ?? await Deno.makeTempDir({ prefix: "apca-prof-" });
const ADMIN_URL = Deno.env.get("BENCH_PG_URL") || "postgres://postgres@127.0.0.1:5432/postgres";
const HERE = import.meta.dirname!;
const MEMBER = { email: "member@apca.local", password: "member-password-local" };
const path = what === "dashboard" ? "/api/auth/account/membership" : "/api/auth/session";

const dbName = `apca_bench_prof_${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;
const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${dbName}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${dbName}`;
let app: AppProcess | undefined;
try {
  app = await startApp({ DATABASE_URL: url.toString(), SEED_ON_START: "1" }, [
    "--cpu-prof",
    `--cpu-prof-dir=${outDir}`,
  ]);
  const { base } = app;
  await giveMembership(url.toString(), MEMBER.email);
  await settle(url.toString());
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(MEMBER),
  });
  const { token } = await login.json() as { token: string };
  const job: LoadJob = {
    url: `${base}${path}`,
    headers: { Authorization: `Bearer ${token}` },
    mode: "closed",
    client: "raw",
    concurrency: Number(Deno.env.get("BENCH_CONCURRENCY") || 32),
    warmupSeconds: Number(Deno.env.get("BENCH_WARMUP") || 3),
    seconds: Number(Deno.env.get("BENCH_DURATION") || 5),
    watch: { server: app.pid, postgres: "postgres", generator: "self" },
  };
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(HERE, "loadgen.ts")],
    env: { BENCH_JOB: JSON.stringify(job) },
    stdout: "piped",
  }).output();
  const m = JSON.parse(new TextDecoder().decode(out.stdout).trim().split("\n").at(-1)!) as Measurement;
  console.log(
    `${path}: ${m.rate.toFixed(0)} req/s, server ${m.cpuUsPerOp.server.toFixed(0)} µs/req (profiled)`,
  );
} finally {
  await app?.stop();
  await admin.unsafe(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
console.log(`profile in ${outDir}`);
