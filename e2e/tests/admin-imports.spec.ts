/**
 * Journey (issue 36, decision 0084): an administrator brings a running consortium in. The legacy data set that
 * ships with the tests (e2e/fixtures/imports: companies in the template; 260 members exported by the old system
 * in Windows-1252 with `;` separators, its own column names and order, and bad rows of every kind; membership
 * terms with US dates; test history; past store orders) is uploaded, mapped on screen, dry-run (its rows paged
 * and filtered, errors downloaded), applied with its progress, opened on the member's page; the same file again
 * changes nothing; a batch is rolled back. Imports is reached through the header's More.
 */
import { join } from "node:path";
import { readFileSync } from "node:fs";
import { expect, test } from "../support/fixtures.ts";
import type { Page } from "@playwright/test";

const fixture = (name: string) => join(test.info().project.testDir, "..", "fixtures", "imports", name);

async function uploadAndCheck(
  page: Page,
  kind: string,
  file: string,
  map: (page: Page) => Promise<void> = async () => {},
) {
  const form = page.getByRole("form", { name: "Upload a file" });
  await form.getByLabel("Kind").selectOption(kind);
  await form.getByLabel("CSV file").setInputFiles(fixture(file));
  await form.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("heading", { name: new RegExp(`^Import \\d+: ${file}$`) })).toBeVisible();
  await map(page);
  await page.getByRole("button", { name: "Dry run" }).click();
  await expect(page.getByRole("heading", { name: "Dry run", level: 3 })).toBeVisible({ timeout: 30_000 });
}

async function apply(page: Page) {
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  const applied = page.getByRole("status").filter({ hasText: /^Applied: / });
  await expect(applied).toBeVisible({ timeout: 30_000 });
  return await applied.textContent();
}

test("an administrator imports a legacy data set, applies it twice with no second change, and rolls a batch back", async ({ page, logInAs, visit }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await logInAs("admin");
  // Imports is behind the header's More (the header's row is full at 1440 px): a disclosure the keyboard opens
  // (ArrowDown to its first link), Escape closes with focus back on the button.
  await visit("/app");
  const nav = page.getByRole("navigation", { name: "Main" });
  const more = nav.getByRole("button", { name: "More" });
  await more.focus();
  await page.keyboard.press("ArrowDown");
  await expect(more).toHaveAttribute("aria-expanded", "true");
  await expect(nav.getByRole("link", { name: "Store Items" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(more).toBeFocused();
  await expect(nav.getByRole("link", { name: "Imports" })).toBeHidden();
  await more.click();
  await nav.getByRole("link", { name: "Imports" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Imports" })).toBeVisible();

  // Companies, in the template: two bad rows, eight created with their DERs.
  await uploadAndCheck(page, "companies", "companies.csv");
  await expect(page.getByText("10 rows: 8 will create, 0 will update, 0 unchanged, 2 errors")).toBeVisible();
  expect(await apply(page)).toContain("8 created");

  // Members from the old system: its "Mariner ID" column is mapped on screen, the rest is suggested.
  await uploadAndCheck(page, "members", "members-legacy.csv", async (page) => {
    await expect(page.getByText("Read as windows-1252, separated by “;”.")).toBeVisible();
    await expect(page.getByLabel("Column for last_name")).toHaveValue("1");
    await page.getByLabel("Column for member_number").selectOption({ label: "Mariner ID" });
    await expect(page.getByRole("row", { name: /member_number/ })).toContainText("LM-0000");
  });
  const summary = page.getByText(
    /^260 rows: \d+ will create, 0 will update, 0 unchanged, \d+ errors, \d+ warnings$/,
  );
  await expect(summary).toBeVisible();
  const [, created, errors] = (await summary.textContent())!.match(/(\d+) will create.*?(\d+) errors/)!;
  expect(Number(errors)).toBeGreaterThanOrEqual(20);
  const table = page.getByRole("table", { name: "Each row of the file and what the import does with it" });
  await expect(
    table.getByRole("row").filter({ hasText: "member_number: LM-0003 appears twice in this file" }).first(),
  )
    .toBeVisible();
  await expect(
    table.getByRole("row").filter({ hasText: "employer_ein: no company with EIN 99-9999999" }).first(),
  )
    .toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: "Full SSN cut to its last four digits" }).first())
    .toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: /email: / }).first()).toBeVisible();
  // The rows come a page at a time from the server, and filtered by outcome.
  await expect(page.getByText("Rows 1–100 of 260")).toBeVisible();
  await page.getByRole("navigation", { name: "Row pages" }).getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Rows 101–200 of 260")).toBeVisible();
  await page.getByRole("combobox", { name: "Show" }).selectOption({ label: `Errors (${errors})` });
  await expect(page.getByText(`Rows 1–${errors} of ${errors}`)).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: "Will create" })).toHaveCount(0);

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download errors" }).click();
  const download = await downloading;
  const errorFile = readFileSync(await download.path(), "utf-8");
  expect(errorFile).toContain("row,reason,Mariner ID,Last,First,Mail");
  expect(errorFile.trim().split("\r\n").length - 1).toBe(Number(errors));

  expect(await apply(page)).toContain(`${created} created`);

  // The imported member's page shows the person.
  await visit("/app/admin/users?search=legacy000%40import.example");
  await page.getByRole("link", {
    name: /legacy000@import\.example|Boudreaux|Thibodeaux|Nguyen|Smith|Müller|Zoë|O'Brien|Garcia/,
  })
    .first().click();
  await expect(page.getByText("legacy000@import.example").first()).toBeVisible();

  // Terms with US dates (the format chosen once), then the test history.
  await visit("/app/admin/imports");
  await uploadAndCheck(page, "memberships", "memberships-legacy.csv", async (page) => {
    await page.getByLabel("Dates are written").selectOption("MM/DD/YYYY");
  });
  await expect(
    page.getByRole("table", { name: /what the import does/ }).getByRole("row").filter({
      hasText: 'starts_on: "2026-01-15" is not a date in MM/DD/YYYY',
    }).first(),
  ).toBeVisible();
  await apply(page);
  await uploadAndCheck(page, "drug_tests", "drug_tests.csv");
  await apply(page);
  // Past store orders from the old system (its own column names, suggested): nothing charged or sent.
  await uploadAndCheck(page, "store_orders", "store-orders-legacy.csv");
  await expect(page.getByText("4 rows: 3 will create, 0 will update, 0 unchanged, 1 errors")).toBeVisible();
  expect(await apply(page)).toContain("3 created");

  // The same members file again: nothing changes.
  await uploadAndCheck(page, "members", "members-legacy.csv");
  await expect(page.getByText(/^260 rows: 0 will create, 0 will update, \d+ unchanged/)).toBeVisible();
  expect(await apply(page)).toContain("0 created, 0 updated");

  // Roll back the test history batch, after a confirmation.
  const batches = page.getByRole("table", { name: "Import batches, newest first" });
  const testsBatch = batches.getByRole("row").filter({ hasText: "drug_tests.csv" }).first();
  await testsBatch.getByRole("button", { name: /^Roll back/ }).click();
  const dialog = page.getByRole("dialog", { name: /^Roll back import \d+\?$/ });
  await dialog.getByRole("button", { name: "Roll back" }).click();
  await expect(testsBatch).toContainText("rolled back");
});
