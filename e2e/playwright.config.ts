/**
 * End-to-end tests against the real Deno server on a fresh PostgreSQL database, in Debian's Chromium.
 *
 * Order of a run: this file picks the database name → webServer creates that database and starts
 * `deno run -A ../api/src/main.ts` (which migrates and, with SEED_ON_START=1, seeds the demo users) and
 * Playwright waits for /api/health → globalSetup checks prerequisites → tests → globalTeardown drops the
 * database → Playwright stops the server. The database is created in the webServer command rather than in
 * globalSetup because Playwright starts webServer before globalSetup.
 * The web must be built first: the root task `deno task e2e` runs `deno task build` before Playwright.
 */
import { defineConfig } from "@playwright/test";
import { basename } from "node:path";
import process from "node:process";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./support/browser.ts";
import { databaseUrl } from "./support/database.ts";

const PORT = Number(process.env.E2E_PORT ?? 8123);
const BASE_URL = `http://127.0.0.1:${PORT}`;

// This file is evaluated by the runner and again by every worker: the runner picks the name and the
// workers inherit it through the environment.
process.env.E2E_DATABASE_NAME ??= `apca_e2e_${Date.now()}_${process.pid}`;
const DATABASE_NAME = process.env.E2E_DATABASE_NAME;

// Under `deno run npm:@playwright/test` the runner is Deno itself; under Node fall back to deno on PATH.
const DENO = basename(process.execPath).startsWith("deno") ? process.execPath : "deno";

export default defineConfig({
  testDir: "./tests",
  outputDir: "./test-results",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [["list"]],
  globalSetup: "./global-setup.ts",
  globalTeardown: "./global-teardown.ts",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    // The app's service worker would install in every test's fresh context; only the offline spec needs it
    // (it sets serviceWorkers: "allow").
    serviceWorkers: "block",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: "chromium", use: { browserName: "chromium" }, testIgnore: /admin-notifications\.spec\.ts$/ },
    // The desk's count badges count every open notification of the shared database; other specs archive and
    // reopen notifications too (the queue, employee requests, crew lists), so this spec runs alone, after the
    // rest, where nothing else moves the counts between its reads (support/notifications.ts).
    {
      name: "desk-counts",
      use: { browserName: "chromium" },
      testMatch: /admin-notifications\.spec\.ts$/,
      dependencies: ["chromium"],
    },
  ],
  webServer: {
    command: `"${DENO}" run -A support/database-cli.ts create && exec "${DENO}" run -A ../api/src/main.ts`,
    url: `${BASE_URL}/api/health`,
    env: {
      DATABASE_URL: databaseUrl(DATABASE_NAME),
      PORT: String(PORT),
      HOST: "127.0.0.1",
      // Links in mail (password reset) must point at this server, not the default http://localhost:8000.
      PUBLIC_URL: BASE_URL,
      SEED_ON_START: "1",
      // One HTTP worker (decision 0094): the suite's own workers are the load, and one starts faster.
      WORKERS: "1",
      // Parallel workers confirm the one demo administrator's sign-in with the same TOTP code within 30 s
      // (support/second-factor.ts); production refuses this setting.
      TOTP_ALLOW_CODE_REUSE: "1",
      // A spec may answer its requests on a clock of its own (X-Test-Now; decision 0087); production refuses it.
      TEST_CLOCK_HEADER: "1",
      // Every worker signs in from 127.0.0.1, like a whole office behind one address: the per-address limits
      // (100 sign-ins and 100 second-factor attempts in 10 minutes) would refuse the suite's own sign-ins once
      // a run is fast enough. The per-account limits stay as in production (the API tests check both per-account
      // limits and the per-address sign-in limit).
      LOGIN_LIMIT_PER_IP: "100000",
      SECOND_FACTOR_LIMIT_PER_IP: "100000",
      // Passkeys need a host name, not an IP address: the passkey spec opens the site as localhost.
      WEBAUTHN_ORIGIN: `http://localhost:${PORT}`,
      E2E_DATABASE_NAME: DATABASE_NAME,
    },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  },
});
