/**
 * Journey: the installed app at sea (issue 5). Service workers are on here (the other specs block them). Each
 * test waits until the service worker controls the page before going offline (context.setOffline also cuts
 * the worker's own network), then checks what the member sees and what the server ends up with.
 */
import type { APIRequest, Page } from "@playwright/test";
import postgres from "postgres";
import process from "node:process";
import { spawn } from "node:child_process";
import { appendFile, cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { databaseUrl } from "../support/database.ts";
import { expect, test } from "../support/fixtures.ts";
import { controlledByServiceWorker, goOffline } from "../support/offline.ts";
import { toast } from "../support/toasts.ts";
import { registerMemberThroughApi } from "../support/members.ts";

// The browser's globals inside page.evaluate(). e2e is type-checked in one program with the API, where the DOM
// library would clash with Deno's types, so these two are declared loosely for this file only.
// deno-lint-ignore no-explicit-any
declare const navigator: any;
// deno-lint-ignore no-explicit-any
declare const indexedDB: any;

test.use({ serviceWorkers: "allow" });
// Service worker installs and offline reloads on a busy two-core machine outgrow 30 s.
test.describe.configure({ timeout: 120_000 });

const DETAILS = "/app/account/membership/details";
const QUEUED = "Queued: will be sent when you are back online";
const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const offlineNotice = (page: Page) =>
  page.getByText(/^Offline: showing data from \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);

function database() {
  return postgres(databaseUrl(process.env.E2E_DATABASE_NAME!), { max: 1, onnotice: () => {} });
}

/** The user's offline database, read in the page: store name → its records. */
function readStore(page: Page, userId: number, store: string): Promise<unknown[]> {
  return page.evaluate(([name, storeName]) =>
    new Promise<unknown[]>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains(storeName)) return resolve([]);
        const all = db.transaction(storeName).objectStore(storeName).getAll();
        all.onsuccess = () => {
          // Blobs do not cross into the test: describe them by type and size.
          resolve(
            all.result.map((r: { blob?: unknown }) =>
              r.blob instanceof Blob ? { ...r, blob: r.blob.size } : r
            ),
          );
          db.close();
        };
        all.onerror = () => reject(all.error);
      };
    }), [`apca-user-${userId}`, store] as const);
}

async function userIdOf(page: Page): Promise<number> {
  const { user } = await (await page.request.get("/api/auth/session/probe")).json();
  return user.user_id;
}

async function membershipStatus(page: Page): Promise<string> {
  const { data } = await (await page.request.get("/api/auth/account/membership")).json();
  return data.attributes.status;
}

async function queuePause(page: Page) {
  await page.getByRole("link", { name: "Pause Membership" }).click();
  await page.getByLabel("Currently out of season").check();
  await page.getByRole("button", { name: "Pause Membership" }).click();
  await expect(toast(page, QUEUED)).toBeVisible();
  await expect(page).toHaveURL(DETAILS);
}

test("offline: the dashboard, the letter and the tests open from the device, even from a cold start", async ({ page, context, visit }) => {
  await registerMemberThroughApi(page.request);
  const userId = await userIdOf(page);
  const sql = database();
  try {
    await sql`
      insert into drug_tests (user_id, reason, status, result, resulted_at, ordered_at)
      values (${userId}, 'random', 'resulted', 'negative_dilute', now(), now() - interval '2 days')`;
  } finally {
    await sql.end();
  }

  await visit("/app");
  await expect(region(page, "Recent tests").locator("tbody tr")).toHaveCount(1);
  // The letter is saved on the device in the background once the membership is known to earn one.
  await expect.poll(async () => (await readStore(page, userId, "files")).length, { timeout: 15_000 }).toBe(1);
  // The dashboard saves the test history ahead too, so My Tests opens offline without having been visited.
  await expect.poll(async () =>
    (await readStore(page, userId, "snapshots") as { key: string }[]).map((s) => s.key)
  )
    .toContain("tests:1");

  // 49 CFR 40.321: the device keeps the test's summary, never its result code.
  const snapshots = JSON.stringify(await readStore(page, userId, "snapshots"));
  expect(snapshots).toContain('"passed":true');
  expect(snapshots).not.toContain("negative");

  await goOffline(context, page);
  await page.goto("/app");
  await expect(page.getByRole("status").getByText("Offline", { exact: true })).toBeVisible();
  await expect(offlineNotice(page).first()).toBeVisible();
  await expect(region(page, "Membership").getByText("Active annual membership")).toBeVisible();
  await expect(region(page, "Recent tests").getByText("Passed")).toBeVisible();

  const letter = region(page, "Letter of Compliance");
  const downloading = page.waitForEvent("download");
  await letter.getByRole("button", { name: "Open saved Letter of Compliance" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("letter-compliance.pdf");
  const pdf = new Uint8Array(await readFile(await download.path()));
  expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe("%PDF-");

  // A cold start: the app was killed; a new window opens /app with no network at all.
  await page.close();
  const cold = await context.newPage();
  await cold.goto("/app/account/tests");
  await expect(cold.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(offlineNotice(cold)).toBeVisible();
  await expect(cold.locator("tbody tr")).toHaveCount(1);
  await cold.goto("/app");
  await expect(
    region(cold, "Letter of Compliance").getByRole("button", { name: "Open saved Letter of Compliance" }),
  )
    .toBeVisible();
  // Things that need the network say so instead of failing.
  await cold.goto("/app/account/membership/payments/add");
  await expect(cold.getByText("You are offline. This needs a connection")).toBeVisible();
  await expect(cold.getByRole("button", { name: "Save Card" })).toHaveCount(0);
  await context.setOffline(false);
});

test("offline: what needs the network says so instead of failing, and Start Membership waits for it", async ({ page, context, visit }) => {
  await registerMemberThroughApi(page.request, { membership: "none" });
  await visit("/app/account");
  await goOffline(context, page);
  await page.goto("/app/store");
  await expect(page.getByText("The store: not available offline")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await page.goto("/app/account");
  await expect(page.getByText("Your account: not available offline")).toBeVisible();
  const start = page.getByText("Start Membership", { exact: true });
  await expect(start).toHaveAttribute("aria-disabled", "true");
  await expect(start).toHaveAccessibleDescription(
    /You are offline\. This needs a connection.*charges your card/,
  );
  await expect(page.getByRole("link", { name: "Start Membership" })).toHaveCount(0);
  // Only one "Offline: showing data from …" however many parts of the page came from the device.
  await expect(offlineNotice(page)).toHaveCount(1);
  await context.setOffline(false);
  // Back online, it loads by itself.
  await expect(page.getByRole("link", { name: "Start Membership" })).toBeVisible();
});

test("offline: a pause is queued, kept across a reload, and applied once back online", async ({ page, context, visit }) => {
  await registerMemberThroughApi(page.request);
  const userId = await userIdOf(page);
  await visit(DETAILS);
  await goOffline(context, page);

  await queuePause(page);
  const waiting = page.getByRole("region", { name: "Changes waiting to be sent" });
  await expect(waiting.getByText("Pause membership (Currently out of season)")).toBeVisible();
  await expect(waiting.getByText(QUEUED)).toBeVisible();
  // The screens show the membership as it will be: paused, with Resume offered instead of Pause.
  await expect(region(page, "Your membership").getByText("Paused", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Resume Membership" })).toBeVisible();

  await page.reload();
  await expect(waiting.getByText("Pause membership (Currently out of season)")).toBeVisible();
  expect(await membershipStatus(page), "nothing reached the server while offline").toBe("active");

  await context.setOffline(false);
  await expect(waiting).toHaveCount(0);
  expect(await membershipStatus(page)).toBe("paused");
  await expect(region(page, "Your membership").getByText("Paused", { exact: true })).toBeVisible();
  const sql = database();
  try {
    const pauses = await sql`
      select p.reason from membership_pauses p join memberships m on m.id = p.membership_id
      where m.user_id = ${userId}`;
    expect(pauses.map((p) => p.reason), "applied exactly once").toEqual(["Currently out of season"]);
  } finally {
    await sql.end();
  }
});

/** Ashore, meanwhile: the member's membership is cancelled from another device, straight on the server. */
async function cancelElsewhere(
  request: APIRequest,
  baseURL: string | undefined,
  member: { email: string; password: string },
): Promise<void> {
  const elsewhere = await request.newContext({ baseURL });
  try {
    expect((await elsewhere.post("/api/login", { data: { email: member.email, password: member.password } }))
      .status()).toBe(200);
    const cancelled = await elsewhere.delete("/api/auth/account/membership/cancel", {
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
  } finally {
    await elsewhere.dispose();
  }
}

/** The pauses the server recorded for the user: a refused change leaves none. */
async function pausesOf(userId: number): Promise<string[]> {
  const sql = database();
  try {
    const rows = await sql`
      select p.reason from membership_pauses p join memberships m on m.id = p.membership_id
      where m.user_id = ${userId}`;
    return rows.map((p) => p.reason);
  } finally {
    await sql.end();
  }
}

const REFUSED_PAUSE = "Not applied: This membership has been cancelled, so it cannot be paused.";

test("offline: a queued change the server refuses is shown with its reason until dismissed", async ({ page, context, visit, checkA11y, playwright, baseURL }) => {
  const member = await registerMemberThroughApi(page.request);
  const userId = await userIdOf(page);
  await visit(DETAILS);
  await goOffline(context, page);
  await queuePause(page);

  await cancelElsewhere(playwright.request, baseURL, member);

  await context.setOffline(false);
  const refused = page.getByRole("region", { name: "Changes that were not applied" });
  await expect(refused.getByText("Pause membership (Currently out of season)")).toBeVisible();
  await expect(refused.getByText(REFUSED_PAUSE)).toBeVisible();
  // A refusal refreshes the screen as an applied change does: the server's state, not the device's guess.
  await expect(region(page, "Your membership").getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(offlineNotice(page)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Pause Membership" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Cancel Membership" })).toHaveCount(0);
  expect(await pausesOf(userId), "the server refused the pause").toEqual([]);
  await checkA11y();
  await page.reload();
  await expect(refused.getByText("Pause membership (Currently out of season)")).toBeVisible();
  await refused.getByRole("button", { name: "Dismiss: Pause membership (Currently out of season)" }).click();
  await expect(refused).toHaveCount(0);
  expect(await membershipStatus(page)).toBe("cancelled");
});

test("offline: a refusal that arrives while the member is on the dashboard refreshes the dashboard", async ({ page, context, visit, checkA11y, playwright, baseURL }) => {
  const member = await registerMemberThroughApi(page.request);
  const userId = await userIdOf(page);
  // Online first, so the dashboard's parts are saved on the device.
  await visit("/app");
  const membership = region(page, "Membership");
  await expect(membership.getByText("Active annual membership")).toBeVisible();
  await expect(region(page, "Recent tests").getByText("No tests yet")).toBeVisible();

  // At sea: pause from the details screen, then back to the dashboard, which reads everything from the device.
  await membership.getByRole("link", { name: "Membership details" }).click();
  await expect(page).toHaveURL(DETAILS);
  await goOffline(context, page);
  await queuePause(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(membership.getByText("Paused", { exact: true })).toBeVisible();
  await expect(offlineNotice(page)).toHaveCount(1);
  await expect(region(page, "Recent tests").getByText("No tests yet")).toBeVisible();

  await cancelElsewhere(playwright.request, baseURL, member);
  await context.setOffline(false);

  // The refusal is explained, and every part of the dashboard shows the server's state again.
  const refused = page.getByRole("region", { name: "Changes that were not applied" });
  await expect(refused.getByText("Pause membership (Currently out of season)")).toBeVisible();
  await expect(refused.getByText(REFUSED_PAUSE)).toBeVisible();
  await expect(membership.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(membership.getByRole("link", { name: "Resume your membership" })).toHaveCount(0);
  await expect(offlineNotice(page)).toHaveCount(0);
  await expect(page.getByText("Offline", { exact: true })).toHaveCount(0);
  await expect(
    region(page, "Letter of Compliance").getByText(
      "A Letter of Compliance is available with an active annual",
    ),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Changes waiting to be sent" })).toHaveCount(0);
  expect(await pausesOf(userId), "the server refused the pause").toEqual([]);
  expect(await membershipStatus(page)).toBe("cancelled");
  await checkA11y();
});

test("offline: when the signal comes back weakly, the screen shows the server's state before the refusal is in", async ({ page, context, visit, playwright, baseURL }) => {
  const member = await registerMemberThroughApi(page.request);
  const userId = await userIdOf(page);
  await visit(DETAILS);
  await goOffline(context, page);
  await queuePause(page);
  await cancelElsewhere(playwright.request, baseURL, member);

  // The signal comes back weakly: the browser is online, but every attempt to send the pause is lost on the way.
  let weak = true;
  let lost = 0;
  await context.route("**/api/auth/account/membership/pause", (route) => {
    if (!weak) return route.continue();
    lost++;
    return route.abort("internetdisconnected");
  });
  await context.setOffline(false);

  // Back online, the screen reloads what it read from the device: the server says Cancelled, so the queued
  // pause no longer shows as applied and nothing offers Pause or Cancel, while the pause still waits.
  const details = region(page, "Your membership");
  await expect(details.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(offlineNotice(page)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Pause Membership" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Cancel Membership" })).toHaveCount(0);
  await expect.poll(() => lost, { message: "the outbox tried to send the pause" }).toBeGreaterThan(0);
  const waiting = page.getByRole("region", { name: "Changes waiting to be sent" });
  await expect(waiting.getByText("Pause membership (Currently out of season)")).toBeVisible();

  // The signal gets better: the outbox tries again by itself (after its backoff) and the server refuses.
  weak = false;
  const refused = page.getByRole("region", { name: "Changes that were not applied" });
  await expect(refused.getByText(REFUSED_PAUSE)).toBeVisible({ timeout: 60_000 });
  await expect(waiting).toHaveCount(0);
  await expect(details.getByText("Cancelled", { exact: true })).toBeVisible();
  expect(await pausesOf(userId)).toEqual([]);
});

test("offline: a session that ends at sea holds the change until the member signs in again", async ({ page, context, visit, playwright, baseURL }) => {
  const member = await registerMemberThroughApi(page.request);
  await visit(DETAILS);
  await goOffline(context, page);
  await queuePause(page);

  // The session ends while the phone is offline (here: revoked on the server, as a logout elsewhere does).
  const cookies = await context.cookies();
  const ended = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") },
  });
  try {
    expect((await ended.post("/api/logout")).status()).toBeLessThan(300);
  } finally {
    await ended.dispose();
  }

  await context.setOffline(false);
  await expect(page.getByText("Your session has ended")).toBeVisible();
  const waiting = page.getByRole("region", { name: "Changes waiting to be sent" });
  await expect(waiting.getByText("Waiting: sign in again to send it")).toBeVisible();

  await page.getByRole("link", { name: "Sign in again" }).click();
  await page.getByLabel(/^Email/).fill(member.email);
  await page.getByLabel(/^Password/).fill(member.password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(DETAILS);
  await expect(waiting).toHaveCount(0);
  await expect(region(page, "Your membership").getByText("Paused", { exact: true })).toBeVisible();
  expect(await membershipStatus(page)).toBe("paused");
});

/**
 * A second server on a copy of web/dist, so the test can deploy a new service worker (Playwright's routing
 * does not see the browser's own fetch of the worker script). Same database as the main e2e server.
 */
async function startServerOnCopyOfWeb(
  testDir: string,
): Promise<{ url: string; dist: string; stop(): Promise<void> }> {
  const root = resolve(testDir, "..", "..");
  const dist = await mkdtemp(join(tmpdir(), "apca-web-"));
  await cp(join(root, "web", "dist"), dist, { recursive: true });
  const port = Number(process.env.E2E_PORT ?? 8123) + 77;
  const url = `http://127.0.0.1:${port}`;
  const deno = basename(process.execPath).startsWith("deno") ? process.execPath : "deno";
  const server = spawn(deno, ["run", "-A", join(root, "api", "src", "main.ts")], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl(process.env.E2E_DATABASE_NAME!),
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      WEB_DIST: dist,
      SEED_ON_START: "",
      WORKERS: "1",
    },
    stdio: "ignore",
  });
  const stop = async () => {
    server.kill("SIGTERM");
    await rm(dist, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, dist, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the second server did not start on ${url}`);
}

test(
  "a new version of the app is offered through the update prompt",
  async ({ page, checkA11y }, testInfo) => {
    const server = await startServerOnCopyOfWeb(testInfo.project.testDir);
    try {
      await page.goto(`${server.url}/login`);
      await controlledByServiceWorker(page);

      // A deploy: the worker file changes (a real build changes its precache list).
      await appendFile(join(server.dist, "sw.js"), `\n// next deploy ${Date.now()}\n`);
      // The app looks for updates hourly and when the tab becomes visible again; the test asks at once.
      await page.evaluate(async () => await (await navigator.serviceWorker.getRegistration())!.update());

      const prompt = page.getByRole("status").filter({ hasText: "A new version is available" });
      await expect(prompt).toBeVisible({ timeout: 15_000 });
      await checkA11y();
      const reloaded = page.waitForEvent("load");
      await prompt.getByRole("button", { name: "Reload" }).click();
      await reloaded;
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Account Login");
      await expect(prompt).toHaveCount(0);
      // The new worker controls the reloaded page and nothing is waiting any more.
      const state = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return {
          waiting: Boolean(registration?.waiting),
          controlled: Boolean(navigator.serviceWorker.controller),
        };
      });
      expect(state).toEqual({ waiting: false, controlled: true });
    } finally {
      await server.stop();
    }
  },
);
