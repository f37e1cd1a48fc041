/**
 * Journey: an administrator runs exports (admin spec §2 "Export wizard", §4 Export states, §5, §8 toasts;
 * issue 14). Each type goes through the three-step wizard to 'Export Queued!', then the list shows it go to
 * BUILT and it downloads as export-{id}.csv with 'Export Downloaded'. A failed export (the storage failure
 * injected with the non-production header X-Simulate-Storage-Failure, decisions 0032 and 0052) shows as FAILED
 * with its error and builds when run again. Queuing one after the second-factor step-up time asks for the
 * second factor over the wizard and then queues it.
 */
import type { Page } from "@playwright/test";
import postgres from "postgres";
import process from "node:process";
import { databaseUrl } from "../support/database.ts";
import { ageSecondFactor, totpCode } from "../support/second-factor.ts";
import { expect, test } from "../support/fixtures.ts";

// Five builds by a job runner polling every 5 s, and axe at every screen, on a busy two-core machine.
test.describe.configure({ timeout: 180_000 });

const row = (page: Page, id: number) =>
  page.getByRole("row").filter({ has: page.getByRole("cell", { name: String(id), exact: true }) });

async function downloadFrom(page: Page, id: number) {
  const saved = page.waitForEvent("download");
  await row(page, id).getByRole("button", { name: `Download export ${id}` }).click();
  expect((await saved).suggestedFilename()).toBe(`export-${id}.csv`);
  const shown = page.locator(".toasts .toast").filter({ hasText: "Export Downloaded" });
  await expect(shown).toBeVisible();
  await shown.locator(".toast-close").click();
}

test("each export type goes through the wizard, builds and downloads", async ({ page, logInAs, visit, arrive }) => {
  await logInAs("admin");
  await visit("/app/admin/export/new");
  const next = page.getByRole("button", { name: "Next" });
  await expect(page.getByRole("group", { name: /Please select an export type/ })).toBeVisible();
  await next.click();
  await expect(page.getByText("Export type is required")).toBeVisible();

  const ids: number[] = [];
  const types: [string, (page: Page) => Promise<void>][] = [
    ["Users", async () => {}],
    ["Transactions", async () => {}],
    ["I3 Tests", async (p) => {
      await p.getByLabel("Test reason").selectOption("random");
      await p.getByLabel("From").fill("2020-01-01");
      await p.getByLabel("To").fill("2030-12-31");
    }],
    ["Expired Memberships", async (p) => {
      await p.getByLabel("From").fill("2020-01-01");
    }],
    ["MIS Report", async (p) => {
      await p.getByLabel(/Calendar year/).fill("2026");
      await expect(p.getByText("Due to the Coast Guard by Mar 15, 2027.")).toBeVisible();
    }],
  ];
  for (const [label, fillFilters] of types) {
    await page.getByLabel(label, { exact: true }).check();
    await next.click();
    await fillFilters(page);
    await next.click();
    await expect(page.locator("dl.details-list")).toContainText(label);
    await page.getByRole("button", { name: "Queue Export" }).click();
    await expect(page.getByRole("heading", { name: "Export Queued!" })).toBeVisible();
    const text = await page.getByText(/^Export \d+ is building/).textContent();
    ids.push(Number(/Export (\d+)/.exec(text ?? "")![1]));
    if (ids.length < types.length) await page.getByRole("button", { name: "NEW EXPORT" }).click();
  }
  await page.getByRole("button", { name: "ALL EXPORTS" }).click();
  await arrive("/app/admin/export");

  for (const [i, id] of ids.entries()) {
    await expect(row(page, id)).toContainText(types[i][0] === "MIS Report" ? "MIS Report" : types[i][0]);
    // The list polls while anything builds: BUILDING (with its progress) turns into BUILT without a reload.
    await expect(row(page, id)).toContainText("Built", { timeout: 60_000 });
    await downloadFrom(page, id);
  }

  // A download that fails on the way says so.
  await page.route(`**/api/auth/export/${ids[0]}/download`, (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ error: "Storage unavailable", code: "DATABASE_UNAVAILABLE" }),
    }));
  await row(page, ids[0]).getByRole("button", { name: `Download export ${ids[0]}` }).click();
  await expect(page.locator(".toasts .toast").filter({ hasText: "Error Downloading Export" })).toBeVisible();
});

test("a failed export shows as failed and can be run again", async ({ page, logInAs, visit }) => {
  await logInAs("admin");
  const res = await page.request.post("/api/auth/exports", {
    data: { type: "users" },
    headers: { "X-Simulate-Storage-Failure": "1" },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = (await res.json()).data.id as number;

  await visit("/app/admin/export");
  await expect(row(page, id)).toContainText("Failed", { timeout: 60_000 });
  await expect(row(page, id)).toContainText("simulated storage failure");
  await expect(row(page, id).getByRole("button", { name: `Download export ${id}` })).toHaveCount(0);

  await row(page, id).getByRole("button", { name: `Run again export ${id}` }).click();
  await expect(page.locator(".toasts .toast").filter({ hasText: "Export Queued!" })).toBeVisible();
  await expect(row(page, id)).toContainText("Built", { timeout: 60_000 });
  await downloadFrom(page, id);
});

test("the list shows an export BUILDING while it builds, then BUILT without a reload", async ({ page, logInAs, visit }) => {
  await logInAs("admin");
  // The small seed builds in a blink, so the test holds the storage table for a few seconds: the build's write
  // waits on it (well inside the 15 s statement timeout) and the list meanwhile shows BUILDING.
  const sql = postgres(databaseUrl(process.env.E2E_DATABASE_NAME!), { max: 1, onnotice: () => {} });
  try {
    let release!: () => void;
    const released = new Promise<void>((resolve) => release = resolve);
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => locked = resolve);
    const held = sql.begin(async (tx) => {
      await tx`lock table stored_files in share mode`;
      locked();
      await released;
    });
    await holding;
    const res = await page.request.post("/api/auth/exports", { data: { type: "users", filters: {} } });
    expect(res.status(), await res.text()).toBe(201);
    const id = (await res.json()).data.id as number;
    await visit("/app/admin/export");
    await expect(row(page, id)).toContainText("Building");
    release();
    await held;
    await expect(row(page, id)).toContainText("Built", { timeout: 60_000 });
  } finally {
    await sql.end();
  }
});

test("queuing an export after the step-up time asks for the second factor over the wizard, then queues it", async ({ page, logInAs, visit, checkA11y }) => {
  await logInAs("admin");
  await visit("/app/admin/export/new");
  await page.getByLabel("MIS Report", { exact: true }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel(/Calendar year/).fill("2025");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/step=confirm&type=mis/);

  await ageSecondFactor(page);
  await page.getByRole("button", { name: "Queue Export" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  await expect(dialog.getByText("This action needs a fresh confirmation.")).toBeVisible();
  await checkA11y();
  await dialog.getByLabel("6-digit code from your authenticator app").fill(totpCode());
  await dialog.getByRole("button", { name: "Confirm" }).click();

  // The same request goes on by itself: queued, without leaving the wizard or choosing again.
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "Export Queued!" })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/admin\/export\/new/);
});
