/** Starts the server: configuration, database, migrations, first-start seed, HTTP. */
import { createApp } from "./app.ts";
import { backgroundJobs } from "./background.ts";
import { buildDeps, openDatabase } from "./boot.ts";
import { loadConfig, productionProblems } from "./config.ts";
import { migrate, MigrationError } from "./db/migrate.ts";
import { afterAnswerSettled } from "./lib/after-answer.ts";
import { releaseLeases, startJobRunner } from "./lib/jobs.ts";
import { seed, shouldSeed } from "./seed.ts";

const config = loadConfig();
const problems = productionProblems(config);
if (problems.length) {
  for (const problem of problems) console.error(`Refusing to start: ${problem}`);
  Deno.exit(1);
}
const database = await openDatabase(config);
try {
  const applied = await migrate(database);
  if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);
} catch (error) {
  if (error instanceof MigrationError) {
    console.error(`Refusing to start: ${error.message}`);
    await database.close();
    Deno.exit(1);
  }
  throw error;
}
if (await shouldSeed(database, config)) await seed(database, config, console.log);
if (!config.production && !Deno.env.get("SEED_ADMIN_PASSWORD")) {
  console.log(`Local-only administrator sign-in: ${config.seedAdminEmail} / ${config.seedAdminPassword}`);
}

const deps = await buildDeps(config, database);
if (config.production && deps.captcha.widget.provider === "development") {
  console.warn(
    "RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY are not set: public forms use the development captcha.",
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
const server = Deno.serve({
  port: config.port,
  hostname: Deno.env.get("HOST") ?? "0.0.0.0",
  onListen: ({ port }) =>
    console.log(
      `APCA portal on http://localhost:${port} (${database.engine}${
        config.databaseUrl ? "" : ` in ${config.dataDir}`
      })`,
    ),
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
    Deno.exit(timedOut ? 1 : 0);
  });
}
