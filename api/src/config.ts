/** Typed configuration read once from the environment; every other module takes what it needs from here. */
import { join, resolve } from "node:path";
import { assertTimeZone, DEFAULT_OFFICE_TIME_ZONE } from "./lib/dates.ts";

const env = (name: string): string | undefined => {
  const value = Deno.env.get(name);
  return value === undefined || value === "" ? undefined : value;
};

const optionalNumber = (name: string): number | undefined => {
  const value = env(name);
  return value === undefined ? undefined : Number(value);
};

const projectRoot = resolve(import.meta.dirname ?? ".", "..", "..");

/** Where the per-request log lines go (REQUEST_LOG): see lib/request-log.ts. */
export type RequestLogMode = "stdout" | "file" | "summary" | "off";
const REQUEST_LOG_MODES: readonly RequestLogMode[] = ["stdout", "file", "summary", "off"];

export interface Config {
  port: number;
  /**
   * Interface to listen on (HOST): 127.0.0.1 unless set, so a local start with the demo's known passwords is
   * not reachable from the network; the Docker image sets 0.0.0.0.
   */
  host: string;
  /**
   * The routine log lines, each request and each finished job (REQUEST_LOG): `stdout` (one JSON line each, for
   * a host's log collector; the default with APP_ENV=production), `file` (appended to REQUEST_LOG_FILE; the
   * default otherwise), `summary` (one line a minute with the counts) or `off`. Every other line stays on
   * stdout (lib/request-log.ts).
   */
  requestLog: RequestLogMode;
  /** The file of REQUEST_LOG=file (REQUEST_LOG_FILE, DATA_DIR/requests.log unless set). */
  requestLogFile: string;
  /** PostgreSQL connection string; when absent the server runs on embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  /** PostgreSQL connect and statement timeouts; db/client.ts has the defaults. */
  databaseConnectTimeoutMs?: number;
  databaseStatementTimeoutMs?: number;
  dataDir: string;
  /** Where stored files go (lib/storage.ts): unset keeps them in the database, else this absolute directory. */
  storageDir?: string;
  production: boolean;
  /** HMAC secret for session tokens; when absent one is generated and kept in the database. */
  sessionSecret?: string;
  /**
   * AES key (base64 of 32 bytes) sealing authenticator-app secrets at rest (decision 0067); when absent one is
   * generated and kept in the database.
   */
  secondFactorKey?: string;
  /** Where the built web app lives (served as static files with an index.html fallback). */
  webDist: string;
  seedAdminEmail: string;
  seedAdminPassword: string;
  /**
   * HTTP workers on the one port (WORKERS; decision 0094): each a thread with its own connections, session
   * cache and job runner. The number of cores unless set; always 1 on the embedded PGlite database (one
   * connection, one process). `workersRequested` is what WORKERS asked for, when it was overruled.
   */
  workers: number;
  workersRequested?: number;
  /**
   * The PostgreSQL connections one server process may open (DATABASE_POOL_MAX; unset, 20, or 3 a worker past 6 workers; decision 0094),
   * shared among its workers: each gets `floor(DATABASE_POOL_MAX / WORKERS)`, one of them its session-cache
   * `LISTEN` connection and the rest its pool (`databasePool`).
   */
  databasePoolMax: number;
  /**
   * One worker's query pool: its share of DATABASE_POOL_MAX less its `LISTEN` connection, and at least
   * MIN_WORKER_POOL, so a small DATABASE_POOL_MAX with many workers opens more than it says (the start warns).
   */
  databasePool: number;
  /** Largest accepted request body, in bytes. */
  bodyLimit: number;
  /** Trust X-Forwarded-For / X-Forwarded-Proto from a proxy in front of the server. */
  trustProxy: boolean;
  /**
   * Base URL of the site as users reach it, for links in e-mails and the letter's QR code (no trailing slash).
   * Without PUBLIC_URL: `http://localhost:{PORT}` for background work, and within a request its own origin
   * (lib/site-url.ts); production refuses to start without it (productionProblems).
   */
  publicUrl: string;
  /** PUBLIC_URL is unset: a request's links take the request's origin. */
  publicUrlFromRequest: boolean;
  /** smtp:// or smtps:// URL of the mail server; when absent mail goes to the development outbox only. */
  smtpUrl?: string;
  /** Sender of every e-mail. */
  mailFrom: string;
  /** reCAPTCHA v2 keys; when both are absent the development captcha is used. */
  recaptchaSiteKey?: string;
  recaptchaSecretKey?: string;
  /** Stripe keys; when all three are absent the built-in sandbox processor takes payments. */
  stripeSecretKey?: string;
  stripePublishableKey?: string;
  stripeWebhookSecret?: string;
  /**
   * Signing secret of webhooks in sandbox mode (a fixed development value unless set; in production the
   * published default is refused, so sandbox webhooks need SANDBOX_WEBHOOK_SECRET there).
   */
  sandboxWebhookSecret: string;
  /** Simulated processor latency of the sandbox, in milliseconds. */
  sandboxPaymentsDelayMs: number;
  /** Where contact-form messages are mailed, and the address the site shows for the office. */
  officeEmail: string;
  /** The office's telephone number as the site shows it. */
  officePhone: string;
  /** The seller's postal address printed on receipts (SELLER_ADDRESS; one line, or lines split by ";"). */
  sellerAddress?: string;
  /** IANA zone of the office: its business day dates what the office records (lib/dates.ts `officeDay`). */
  officeTimeZone: string;
  /** The money path's recovery (orders/reconcile.ts, lib/idempotency.ts, lib/jobs.ts). */
  recovery: {
    /** A pending order untouched this long is settled against the processor by reconciliation. */
    reconcileGraceMs: number;
    /** How often reconciliation runs. */
    reconcileEveryMs: number;
    /** An in_progress Idempotency-Key's lease; its owner renews it while it runs (a third of it at a time). */
    idempotencyLeaseMs: number;
    /** How often the job runner looks for due jobs. */
    jobsPollMs: number;
    /** Test only (never in production): the step of a payment at which the process kills itself (lib/crash.ts). */
    crashAt?: string;
  };
  /** i3: the real service when I3_API_URL (and I3_API_KEY) are set, otherwise the built-in simulator. */
  i3: {
    apiUrl?: string;
    apiKey?: string;
    /** Simulator: time from an order to its result, in milliseconds. */
    simResultDelayMs: number;
    /** Simulator: calls that fail, such as "orderTest" or "orderTest:0.25,fetchResults". */
    simFail: string;
    /** Simulator: outcomes and their weights, such as "negative:95,positive:5". */
    simOutcomes: string;
    simSeed: string;
  };
  /**
   * Ed25519 private key (PKCS8 PEM) that signs Letters of Compliance; when absent one is generated and kept in
   * the database.
   */
  locSigningKey?: string;
  /** On SIGTERM: the longest wait for in-flight requests and the running job before exiting anyway. */
  shutdownTimeoutMs: number;
  /** Bearer token of /api/metrics; unset turns the endpoint off. */
  metricsToken?: string;
  /** Named prepared statements on PostgreSQL; DATABASE_PREPARE=0 behind PgBouncer in transaction mode. */
  databasePrepare: boolean;
  /**
   * DATABASE_LISTEN_URL: a direct PostgreSQL URL for the session cache's LISTEN connection (decision 0068);
   * needed behind PgBouncer in transaction mode, where without it the session cache stays off.
   */
  databaseListenUrl?: string;
  /** Days a built CSV export is kept before the cleanup job deletes its file (EXPORT_RETENTION_DAYS). */
  exportRetentionDays: number;
  /**
   * Exports one administrator may have BUILDING at once (EXPORTS_PER_ADMIN, 10 by default: each of the five types twice); one more answers
   * 429 RATE_LIMITED with Retry-After (docs/decisions/0044-audit-and-limits.md).
   */
  exportsPerAdmin: number;
  /** A sensitive action asks for the second factor again when it is older than this (decision 0043). */
  secondFactorStepUpSeconds: number;
  /**
   * Accept a TOTP code again within its 30-second step. Off (a code works once) unless TOTP_ALLOW_CODE_REUSE=1,
   * which only the end-to-end runs set (parallel workers sign in as one demo administrator); production refuses it.
   */
  totpAllowReuse: boolean;
  /**
   * Answer a request on the clock its `X-Test-Now` header names (an ISO instant; it ticks on from there) instead
   * of the wall clock. Off unless TEST_CLOCK_HEADER=1, which only the end-to-end runs set (a spec lives on a day
   * of its choosing, as the API tests do with testing/clock.ts, without moving other specs' clock); production
   * refuses it (decision 0087).
   */
  testClockHeader: boolean;
  /** The origin passkeys belong to (its host is the WebAuthn RP ID); WEBAUTHN_ORIGIN, else the site's address. */
  webauthnOrigin?: string;
  /** The TOTP secret the seed enrols for its administrator (base32; README "Demo sign-ins"); none in production unless SEED_ADMIN_TOTP_SECRET. */
  seedAdminTotpSecret?: string;
}

/** The demo administrator's authenticator secret for local use: it is in this public source, so it proves nothing. */
export const DEMO_ADMIN_TOTP_SECRET = "APCADEMOADMINTOTPSECRETLOCAL2345";

/** The sandbox's webhook secret when none is set. It is in this public source, so it proves nothing. */
export const DEVELOPMENT_WEBHOOK_SECRET = "whsec_sandbox_development_only";

/**
 * The office's contact details when OFFICE_PHONE / OFFICE_EMAIL are unset: placeholders (a 555-01xx number
 * reserved for fiction, a local address) that must never reach production.
 */
export const PLACEHOLDER_OFFICE_PHONE = "(800) 555-0142";
export const PLACEHOLDER_OFFICE_EMAIL = "office@apca.local";

/**
 * DATABASE_POOL_MAX when unset: a fifth of PostgreSQL's default `max_connections` per server process, or the
 * smallest share of every worker (3 each) when there are more than 6 workers, so the defaults never warn.
 */
export const defaultDatabasePoolMax = (workers: number): number => Math.max(20, workers * 3);
/** The smallest pool a worker gets: a transaction and a second statement (a job, an export's COPY) at once. */
export const MIN_WORKER_POOL = 2;

/**
 * One worker's pool out of `poolMax` connections for the process: its share, less its `LISTEN` connection,
 * never below MIN_WORKER_POOL.
 */
export const workerPool = (poolMax: number, workers: number): number =>
  Math.max(MIN_WORKER_POOL, Math.floor(poolMax / workers) - 1);

export function loadConfig(): Config {
  const port = Number(env("PORT") ?? 8000);
  const production = env("APP_ENV") === "production";
  const dataDir = resolve(env("DATA_DIR") ?? join(projectRoot, "data"));
  const requestLog = env("REQUEST_LOG") ?? (production ? "stdout" : "file");
  if (!REQUEST_LOG_MODES.includes(requestLog as RequestLogMode)) {
    throw new Error(`REQUEST_LOG must be one of ${REQUEST_LOG_MODES.join(", ")} (it is "${requestLog}")`);
  }
  const workersAsked = optionalNumber("WORKERS");
  if (workersAsked !== undefined && !(Number.isInteger(workersAsked) && workersAsked >= 1)) {
    throw new Error(`WORKERS must be a whole number of at least 1 (it is "${env("WORKERS")}")`);
  }
  const databaseUrl = env("DATABASE_URL");
  const workers = databaseUrl ? workersAsked ?? navigator.hardwareConcurrency : 1;
  const databasePoolMax = optionalNumber("DATABASE_POOL_MAX") ?? defaultDatabasePoolMax(workers);
  // One worker needs its LISTEN connection and the smallest pool.
  if (!(Number.isInteger(databasePoolMax) && databasePoolMax >= MIN_WORKER_POOL + 1)) {
    throw new Error(
      `DATABASE_POOL_MAX must be a whole number of at least ${MIN_WORKER_POOL + 1} (it is "${
        env("DATABASE_POOL_MAX")
      }")`,
    );
  }
  return {
    port,
    host: env("HOST") ?? "127.0.0.1",
    workers,
    ...(workersAsked !== undefined && workersAsked !== workers ? { workersRequested: workersAsked } : {}),
    databasePoolMax,
    databasePool: workerPool(databasePoolMax, workers),
    requestLog: requestLog as RequestLogMode,
    requestLogFile: resolve(env("REQUEST_LOG_FILE") ?? join(dataDir, "requests.log")),
    databaseUrl,
    databaseConnectTimeoutMs: optionalNumber("DATABASE_CONNECT_TIMEOUT_MS"),
    databaseStatementTimeoutMs: optionalNumber("DATABASE_STATEMENT_TIMEOUT_MS"),
    dataDir,
    storageDir: env("STORAGE_DIR"),
    production,
    sessionSecret: env("SESSION_SECRET"),
    secondFactorKey: env("SECOND_FACTOR_KEY"),
    webDist: resolve(env("WEB_DIST") ?? join(projectRoot, "web", "dist")),
    seedAdminEmail: env("SEED_ADMIN_EMAIL") ?? "admin@apca.local",
    seedAdminPassword: env("SEED_ADMIN_PASSWORD") ?? "admin-password-local",
    bodyLimit: Number(env("BODY_LIMIT") ?? 1024 * 1024),
    trustProxy: env("TRUST_PROXY") === "1",
    publicUrl: (env("PUBLIC_URL") ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    publicUrlFromRequest: env("PUBLIC_URL") === undefined,
    smtpUrl: env("SMTP_URL"),
    mailFrom: env("MAIL_FROM") ?? "APCA <no-reply@apca.local>",
    recaptchaSiteKey: env("RECAPTCHA_SITE_KEY"),
    recaptchaSecretKey: env("RECAPTCHA_SECRET_KEY"),
    stripeSecretKey: env("STRIPE_SECRET_KEY"),
    stripePublishableKey: env("STRIPE_PUBLISHABLE_KEY"),
    stripeWebhookSecret: env("STRIPE_WEBHOOK_SECRET"),
    sandboxWebhookSecret: env("SANDBOX_WEBHOOK_SECRET") ?? DEVELOPMENT_WEBHOOK_SECRET,
    sandboxPaymentsDelayMs: Number(env("SANDBOX_PAYMENTS_DELAY_MS") ?? 0),
    officeEmail: env("OFFICE_EMAIL") ?? PLACEHOLDER_OFFICE_EMAIL,
    officePhone: env("OFFICE_PHONE") ?? PLACEHOLDER_OFFICE_PHONE,
    sellerAddress: env("SELLER_ADDRESS"),
    // Checked here so a misspelt zone stops the server at start, not the first letter of the day.
    officeTimeZone: assertTimeZone(env("OFFICE_TIME_ZONE") ?? DEFAULT_OFFICE_TIME_ZONE, "OFFICE_TIME_ZONE"),
    recovery: {
      // Longer than any request may take to charge (two Stripe calls of at most 20 s) and than Stripe's search
      // takes to see a new payment intent (about a minute).
      reconcileGraceMs: Number(env("PAYMENTS_RECONCILE_GRACE_MS") ?? 3 * 60_000),
      reconcileEveryMs: Number(env("PAYMENTS_RECONCILE_EVERY_MS") ?? 60_000),
      idempotencyLeaseMs: Number(env("IDEMPOTENCY_LEASE_MS") ?? 30_000),
      jobsPollMs: Number(env("JOBS_POLL_MS") ?? 5000),
      crashAt: env("APP_ENV") === "production" ? undefined : env("APCA_CRASH_AT"),
    },
    i3: {
      apiUrl: env("I3_API_URL"),
      apiKey: env("I3_API_KEY"),
      simResultDelayMs: Number(env("I3_SIM_RESULT_DELAY_MS") ?? 0),
      simFail: env("I3_SIM_FAIL") ?? "",
      simOutcomes: env("I3_SIM_OUTCOMES") ?? "negative",
      simSeed: env("I3_SIM_SEED") ?? "apca",
    },
    locSigningKey: env("LOC_SIGNING_KEY")?.replaceAll("\\n", "\n"),
    shutdownTimeoutMs: Number(env("SHUTDOWN_TIMEOUT_MS") ?? 25_000),
    metricsToken: env("METRICS_TOKEN"),
    databasePrepare: env("DATABASE_PREPARE") !== "0",
    databaseListenUrl: env("DATABASE_LISTEN_URL"),
    exportRetentionDays: Number(env("EXPORT_RETENTION_DAYS") ?? 7),
    exportsPerAdmin: Number(env("EXPORTS_PER_ADMIN") ?? 10),
    secondFactorStepUpSeconds: Number(env("SECOND_FACTOR_STEP_UP_SECONDS") ?? 5 * 60),
    totpAllowReuse: env("TOTP_ALLOW_CODE_REUSE") === "1",
    testClockHeader: env("TEST_CLOCK_HEADER") === "1",
    webauthnOrigin: env("WEBAUTHN_ORIGIN")?.replace(/\/+$/, ""),
    seedAdminTotpSecret: env("SEED_ADMIN_TOTP_SECRET") ??
      (env("APP_ENV") === "production" ? undefined : DEMO_ADMIN_TOTP_SECRET),
  };
}

/** SELLER_ADDRESS as the receipt prints it: its lines (split by ";"), trimmed, empty ones dropped. */
export const sellerAddressLines = (config: Pick<Config, "sellerAddress">): string[] =>
  (config.sellerAddress ?? "").split(";").map((line) => line.trim()).filter(Boolean);

/**
 * What production refuses to start without: its own address (a link built from a request's Host header could
 * point anywhere), and the office's real contact details (and postal address) instead of the placeholders.
 */
export function productionProblems(config: Config): string[] {
  if (!config.production) return [];
  const problems: string[] = [];
  if (config.publicUrlFromRequest) {
    problems.push("PUBLIC_URL is not set: links in e-mails and letters need the site's public address.");
  }
  if (config.totpAllowReuse) {
    problems.push("TOTP_ALLOW_CODE_REUSE=1 is for end-to-end runs only: a TOTP code must work once.");
  }
  if (config.testClockHeader) {
    problems.push(
      "TEST_CLOCK_HEADER=1 is for end-to-end runs only: requests must not choose the server's clock.",
    );
  }
  if (config.officePhone === PLACEHOLDER_OFFICE_PHONE) {
    problems.push(
      `OFFICE_PHONE is not set: the site would show the placeholder ${PLACEHOLDER_OFFICE_PHONE}.`,
    );
  }
  if (config.officeEmail === PLACEHOLDER_OFFICE_EMAIL) {
    problems.push(
      `OFFICE_EMAIL is not set: the site would show the placeholder ${PLACEHOLDER_OFFICE_EMAIL}.`,
    );
  }
  if (!sellerAddressLines(config).length) {
    problems.push("SELLER_ADDRESS is not set: order receipts must carry the seller's postal address.");
  }
  return problems;
}
