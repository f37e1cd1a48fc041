/** Starts the server: configuration, database, migrations, first-start seed, HTTP. */
import { createApp } from "./app.ts";
import { backgroundJobs } from "./background.ts";
import { buildDeps } from "./boot.ts";
import { loadConfig, productionProblems } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { migrate, MigrationError } from "./db/migrate.ts";
import { afterAnswerSettled } from "./lib/after-answer.ts";
import { releaseLeases, startJobRunner } from "./lib/jobs.ts";
import { seed, shouldSeed } from "./seed.ts";
import { jsonLog } from "./lib/logging.ts";
import { requestLogSink } from "./lib/request-log.ts";
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

// Request lines go where REQUEST_LOG says (a file unless asked for, on a local start); the rest stays on stdout.
const requestLog = requestLogSink({ mode: config.requestLog, file: config.requestLogFile, base: jsonLog });
const deps = await buildDeps(config, database, { log: requestLog.log });
const sealed = await sealLegacyTotpSecrets(database, deps.totpKey);
if (sealed > 0) {
  console.log(`Sealed ${sealed} authenticator secret(s) stored before sealing (decision 0067).`);
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
const app = createApp(deps);
const jobs = backgroundJobs(config);
const jobRunner = startJobRunner(deps, jobs.handlers, {
  pollMs: config.recovery.jobsPollMs,
  schedules: jobs.schedules,
});
// The banner's sign-ins are looked up before listening, so the banner is the last thing a start prints.
const signIns = await existingSignIns(database, config, !!Deno.env.get("SEED_ADMIN_PASSWORD"));
const server = Deno.serve({
  port: config.port,
  hostname: config.host,
  onListen: ({ port }) => {
    const banner = startBanner({
      url: addressOf(config.host, port),
      database: `${database.engine}${config.databaseUrl ? "" : ` in ${relativeToHere(config.dataDir)}`}`,
      requestLog: requestLog.describe.replace(config.requestLogFile, relativeToHere(config.requestLogFile)),
      signIns,
    });
    console.log(banner.join("\n"));
  },
}, app.fetch);

// Graceful shutdown (docs/deployment.md): stop accepting, let in-flight requests and the running job end, then
// close the database; past SHUTDOWN_TIMEOUT_MS, hand this runner's job back to the queue and exit anyway.
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, async () => {
    if (stopping) return;
    stopping = true;
    deps.log({ level: "info", event: "shutdown", signal });
    const drained = Promise.all([server.shutdown().then(afterAnswerSettled), jobRunner.stop()])
      .then(() => deps.mailer.idle());
    const timedOut = await Promise.race([
      drained.then(() => false),
      new Promise<true>((resolve) => setTimeout(() => resolve(true), config.shutdownTimeoutMs)),
    ]);
    if (timedOut) {
      const released = await releaseLeases(database.db, jobRunner.id).catch(() => 0);
      deps.log({ level: "warn", event: "shutdown_timeout", released_jobs: released });
    }
    await database.close();
    requestLog.close();
    Deno.exit(timedOut ? 1 : 0);
  });
}
