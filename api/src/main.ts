/**
 * Starts the server: configuration, database, migrations, first-start seed, then WORKERS HTTP workers on one
 * port (server.ts; the first on this thread, the others on worker threads, worker.ts), then the banner. The
 * one-time work runs here once, before any worker starts (decision 0094).
 */
import { loadConfig, productionProblems } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { migrate, MigrationError } from "./db/migrate.ts";
import { seed, shouldSeed } from "./seed.ts";
import { setLogWorker } from "./lib/logging.ts";
import { prepareWorker } from "./server.ts";
import type { FromWorker, ToWorker } from "./worker.ts";
import { addressOf, existingSignIns, startBanner } from "./start-banner.ts";
import { relative } from "node:path";
import { sealLegacyTotpSecrets } from "./auth/second-factor/secret-box.ts";

/** A path as a person at this terminal would type it: relative when it is under the working directory. */
const relativeToHere = (path: string) => {
  const rel = relative(Deno.cwd(), path);
  return rel.startsWith("..") ? path : `./${rel}`;
};

const config = loadConfig();
const problems = productionProblems(config);
if (problems.length) {
  for (const problem of problems) console.error(`Refusing to start: ${problem}`);
  Deno.exit(1);
}
const database = await openDatabase(config);
try {
  const applied = await migrate(database);
  if (applied.length === 1) console.log(`Applied migration ${applied[0]}`);
  if (applied.length > 1) {
    console.log(`Applied ${applied.length} migrations (${applied[0]} to ${applied.at(-1)})`);
  }
} catch (error) {
  if (error instanceof MigrationError) {
    console.error(`Refusing to start: ${error.message}`);
    await database.close();
    Deno.exit(1);
  }
  throw error;
}
if (await shouldSeed(database, config)) await seed(database, config, console.log);

// The first worker runs on this thread; its dependencies also seal the legacy secrets, once, before any listens.
if (config.workers > 1) setLogWorker(1);
const first = await prepareWorker(config, database);
const { deps, requestLog } = first;
const sealed = await sealLegacyTotpSecrets(database, deps.totpKey);
if (sealed > 0) {
  console.log(`Sealed ${sealed} authenticator secret(s) stored before sealing (decision 0067).`);
}
if (config.workersRequested !== undefined) {
  console.warn(`WORKERS=${config.workersRequested} is ignored: the embedded PGlite database has one worker.`);
}
if (config.databaseUrl && config.workers * (config.databasePool + 1) > config.databasePoolMax) {
  console.warn(
    `DATABASE_POOL_MAX=${config.databasePoolMax} is too few for ${config.workers} workers: each opens its LISTEN ` +
      `connection and a pool of ${config.databasePool}, ${
        config.workers * (config.databasePool + 1)
      } in all.`,
  );
}
if (config.production && deps.captcha.widget.provider === "development") {
  console.warn(
    "RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY are not set: public forms use the development captcha.",
  );
}
if (config.production && !config.secondFactorKey) {
  console.warn(
    "SECOND_FACTOR_KEY is not set: authenticator secrets are sealed with a key kept in the database (decision 0067).",
  );
}
if (config.production && deps.payments.provider === "sandbox") {
  console.warn("STRIPE_* keys are not set: payments go to the built-in sandbox processor (no real charges).");
  if (!Deno.env.get("SANDBOX_WEBHOOK_SECRET")) {
    console.warn(
      "SANDBOX_WEBHOOK_SECRET is not set: webhooks are refused (the development secret is public).",
    );
  }
}
// The banner's sign-ins are looked up before listening, so the banner is the last thing a start prints.
const signIns = await existingSignIns(database, config, !!Deno.env.get("SEED_ADMIN_PASSWORD"));
const port = await first.listen(config.port, config.workers > 1);

// Graceful shutdown (docs/deployment.md): every worker stops accepting, lets its in-flight requests and running
// job end; then the database closes. Past SHUTDOWN_TIMEOUT_MS a worker hands its job back to the queue, and the
// process exits 1. A worker thread still starting is simply ended with the process.
const others: { stop(): Promise<boolean> }[] = [];
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, async () => {
    if (stopping) return;
    stopping = true;
    deps.log({ level: "info", event: "shutdown", signal });
    const timedOut = (await Promise.all([first.stop(), ...others.map((w) => w.stop())])).some(Boolean);
    await database.close();
    Deno.exit(timedOut ? 1 : 0);
  });
}

// The other workers listen on the port the first one got (PORT=0 picks one), each on a thread of its own.
await Promise.all(
  Array.from(
    { length: config.workers - 1 },
    async (_, i) => others.push(await startWorkerThread(port, i + 2)),
  ),
);
const workers = config.workers > 1 ? `${config.workers} workers; ` : "";
console.log(
  startBanner({
    url: addressOf(config.host, port),
    database: `${workers}${database.engine}${
      config.databaseUrl ? "" : ` in ${relativeToHere(config.dataDir)}`
    }`,
    requestLog: requestLog.describe.replace(config.requestLogFile, relativeToHere(config.requestLogFile)),
    signIns,
  }).join("\n"),
);

/** Starts worker number `n` on a thread of its own; resolves once it listens. A worker that fails ends the process. */
function startWorkerThread(port: number, n: number): Promise<{ stop(): Promise<boolean> }> {
  const thread = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
  thread.onerror = (event) => {
    event.preventDefault();
    console.error(`Worker ${n} failed: ${event.message}`);
    Deno.exit(1);
  };
  const next = () =>
    new Promise<FromWorker>((resolve) => {
      thread.onmessage = ({ data }: MessageEvent<FromWorker>) => resolve(data);
    });
  const listening = next();
  thread.postMessage({ start: { port, worker: n } } satisfies ToWorker);
  return listening.then(() => ({
    async stop() {
      const stopped = next();
      thread.postMessage({ stop: true } satisfies ToWorker);
      const answer = await stopped;
      thread.terminate();
      return "stopped" in answer && answer.stopped;
    },
  }));
}
