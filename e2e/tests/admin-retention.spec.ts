/**
 * Journey (issue 38 item 1, decision 0091): an administrator opens Records retention from Settings, sees the
 * seeded hold and what is due in the next 30 days, is refused a period below the legal minimum, and lengthens
 * the e-mails' period so that the seeded e-mail leaves the due list. The period is put back at the end.
 */
import postgres from "postgres";
import process from "node:process";
import { databaseUrl } from "../support/database.ts";
import { expect, test } from "../support/fixtures.ts";
import { expectToast } from "../support/toasts.ts";

async function setEmailPeriod(months: number): Promise<void> {
  const sql = postgres(databaseUrl(process.env.E2E_DATABASE_NAME!), { max: 1, onnotice: () => {} });
  try {
    await sql`update retention_schedule set period_months = ${months} where kind = 'emails'`;
  } finally {
    await sql.end();
  }
}

test("an administrator sets a retention period and sees what is due for removal", async ({ page, logInAs, visit, checkA11y }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await logInAs("admin");
  await visit("/app/admin/settings");
  await page.getByRole("link", { name: "Records retention" }).click();
  await expect(page).toHaveURL(/\/app\/admin\/settings\/retention$/);
  await expect(page.getByRole("heading", { level: 1, name: "Records Retention" })).toBeVisible();

  const holds = page.getByRole("region", { name: "Legal holds" });
  await expect(holds.locator("tr", { hasText: "Jordan Pellerin" })).toContainText("On hold");
  const due = page.getByRole("region", { name: "Due for removal in the next 30 days" });
  await expect(due.locator('[data-kind="collection_records"]')).toContainText("Casey Guidry");
  await expect(due.locator('[data-kind="emails"]')).toContainText("casey.guidry@example.com");
  await expect(due).not.toContainText("Jordan Pellerin");
  await checkA11y();

  try {
    const schedule = page.getByRole("region", { name: "Schedule" });
    const negatives = schedule.locator('tr[data-kind="results_one_year"]');
    await negatives.getByRole("textbox").fill("11");
    await negatives.getByRole("button", { name: "Save" }).click();
    await expect(negatives.getByRole("alert")).toHaveText(
      "The period cannot be shorter than the legal minimum of 12 months",
    );

    const emails = schedule.locator('tr[data-kind="emails"]');
    await emails.getByRole("textbox").fill("13");
    await emails.getByRole("button", { name: "Save" }).click();
    const dialog = page.getByRole("dialog", { name: "Change the retention period?" });
    await expect(dialog).toContainText("from 12 months (1 year) to 13 months (1 year 1 month)");
    await dialog.getByRole("button", { name: "Change period" }).click();
    await expectToast(page, "The retention period has been saved");
    await expect(schedule.locator('tr[data-kind="emails"]')).toContainText(
      "13 months (1 year 1 month); set by",
    );
    await expect(due.locator('[data-kind="emails"]')).toHaveCount(0);
    await expect(due.locator('[data-kind="collection_records"]')).toContainText("Casey Guidry");
  } finally {
    await setEmailPeriod(12);
  }
});
