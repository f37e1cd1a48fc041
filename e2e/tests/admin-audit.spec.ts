/**
 * Journey: an administrator reads the Audit screen. Every administrator screen leaves rows of its reads
 * (admin.request, decision 0044); the screen leaves them out until asked, so the changes stand out, and the
 * choice lives in the address like the other filters.
 */
import { expect, test } from "../support/fixtures.ts";

test("the Audit screen leaves administrators' reads out until asked for them", async ({ page, logInAs, visit, checkA11y }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await logInAs("admin");
  // Two visits: the first one's read of the audit record is a row the second can show.
  await visit("/app/admin/audit");
  await visit("/app/admin/audit");
  const table = page.getByRole("table", { name: "Recorded actions, newest first" });
  await expect(table).toBeVisible();
  const reads = table.locator(".field-hint", { hasText: /^admin\.request$/ });
  await expect(table.locator("tbody tr").first()).toBeVisible();
  await expect(reads).toHaveCount(0);

  const box = page.getByRole("checkbox", { name: "Show administrators' reads" });
  await expect(box).not.toBeChecked();
  await box.check();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]reads=include/);
  await expect(reads.first()).toBeVisible();
  await expect(box).toBeChecked();
  await checkA11y();

  // Typing an action asks for exactly it, reads or not.
  await box.uncheck();
  await page.getByRole("textbox", { name: "Action" }).fill("admin.request");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]action=admin\.request/);
  await expect(reads.first()).toBeVisible();
});
