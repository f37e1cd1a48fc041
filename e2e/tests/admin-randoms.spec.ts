/**
 * Journey: an administrator runs a monthly random pool (admin spec §2 "Random pool screens", §4 "Random pool";
 * decision 0033). January 2035, a month no other spec uses, at a 1 % rate set for the year so the pool selects
 * one member of the shared database (the fewest tests added to accounts other specs look at). The pool is
 * created with its commitment shown, built (snapshot and draw: the seed is revealed), pre-ordered and ordered
 * through the i3 simulator, its PDFs become 'Ready', the zip is downloaded, the draw is verified from the pool
 * screen, and the selected candidate is exempted with a reason, which gives every candidate a final outcome:
 * the pool completes and shows the Exempt Tests tab. (Completion from i3 results is in the API tests.)
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";

test.describe.configure({ timeout: 180_000 });

const toast = (page: Page, text: string) => page.locator(".toasts .toast").filter({ hasText: text });
const status = (page: Page) => page.getByTestId("pool-status");

test("an administrator creates, builds, orders, verifies and completes a random pool", async ({ page, logInAs, visit, arrive, checkA11y }) => {
  await logInAs("admin");
  const rate = await page.request.put("/api/auth/random-rates/2035", { data: { rate_percent: 1 } });
  expect(rate.ok(), await rate.text()).toBe(true);

  await visit("/app/admin/randoms");
  await expect(page.getByRole("heading", { name: /^Pace \d{4}/ })).toBeVisible();
  await page.getByRole("link", { name: "New Random Pool" }).click();
  await arrive("/app/admin/randoms/new");
  await page.getByLabel("Month").fill("2035-01");
  await page.getByRole("button", { name: "Create Pool" }).click();
  await arrive(/\/app\/admin\/randoms\/\d+$/);
  await expect(toast(page, "Random pool created")).toBeVisible();
  await expect(status(page)).toHaveAttribute("data-status", "draft");

  // The commitment is shown before the draw; the seed is not.
  const commitment = await page.getByTestId("commitment").textContent();
  expect(commitment).toMatch(/^[0-9a-f]{64}$/);
  await expect(page.getByText("Revealed after the draw")).toBeVisible();

  await page.getByRole("button", { name: "Build Pool" }).click();
  await expect(status(page)).toHaveAttribute("data-status", "preordered", { timeout: 60_000 });
  await expect(page.getByText("Revealed after the draw")).toHaveCount(0);
  await expect(page.getByTestId("commitment")).toHaveText(commitment!);
  await expect(page.getByRole("tab", { name: "Random Candidates" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Downloads" })).toBeVisible();
  await checkA11y();

  await page.getByRole("button", { name: "Order Tests" }).click();
  const dialog = page.getByRole("dialog", { name: "Order the tests?" });
  await dialog.getByRole("button", { name: "Order Tests" }).click();
  await expect(status(page)).toHaveAttribute("data-status", "built", { timeout: 60_000 });

  await page.getByRole("tab", { name: "Downloads" }).click();
  await expect(page.getByTestId("pdf-status")).toHaveText("Ready", { timeout: 60_000 });
  await checkA11y();
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download All (zip)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^random-pool-\d+\.zip$/);
  const zip = new Uint8Array(await readFile(await download.path()));
  expect([zip[0], zip[1]]).toEqual([0x50, 0x4b]);

  await page.getByRole("button", { name: "Verify Draw" }).click();
  await expect(page.getByText("The draw re-derives exactly from the snapshot and the seed")).toBeVisible();

  await page.getByRole("tab", { name: "Random Candidates" }).click();
  await page.getByRole("button", { name: /^Exempt / }).first().click();
  const exempt = page.getByRole("dialog", { name: /^Exempt / });
  await exempt.getByRole("button", { name: "Exempt" }).click();
  await expect(exempt.getByText("A reason is required")).toBeVisible();
  await exempt.getByLabel("Reason").fill("At sea on a documented voyage until February");
  await exempt.getByRole("button", { name: "Exempt" }).click();
  await expect(toast(page, "Candidate exempted")).toBeVisible();
  await expect(status(page)).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
  await page.getByRole("tab", { name: "Exempt Tests" }).click();
  await expect(page.getByRole("tabpanel")).toContainText("At sea on a documented voyage until February");
  await expect(page.getByRole("tab", { name: "I3 Tests" })).toBeVisible();
  await checkA11y();

  await visit("/app/admin/randoms");
  await expect(page.getByRole("row").filter({ hasText: "January 2035" })).toContainText("Complete");
});
