/**
 * Journey: an administrator opens Settings (decision 0075), mistypes a price (the server's message on the
 * field), thinks better of a price change at its confirmation, saves the renewal notice days, and is refused a
 * save over another administrator's change until reloading. Prices are left as they were (other specs read
 * them); the notice days are put back at the end.
 */
import postgres from "postgres";
import process from "node:process";
import { databaseUrl } from "../support/database.ts";
import { expect, test } from "../support/fixtures.ts";
import { toast } from "../support/toasts.ts";

async function setNoticeDays(days: number): Promise<void> {
  const sql = postgres(databaseUrl(process.env.E2E_DATABASE_NAME!), { max: 1, onnotice: () => {} });
  try {
    await sql`update settings set renewal_notice_days = ${days}`;
  } finally {
    await sql.end();
  }
}

test("an administrator changes the settings, with a confirmation, and never over someone else's change", async ({ page, logInAs, visit, checkA11y }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await logInAs("admin");
  await visit("/app");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: "More" }).click();
  await nav.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/app\/admin\/settings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();

  const kit = page.getByLabel(/^Business compliance kit/);
  const oneTime = page.getByLabel(/^One-time drug test/);
  const days = page.getByLabel(/^Days before an automatic renewal/);
  const save = page.getByRole("button", { name: "Save Settings" });
  await expect(page.getByLabel(/^Annual membership, new member/)).toHaveValue("105.00");
  await expect(kit).toHaveValue("100.00");
  await expect(days).toHaveValue("30");
  await expect(page.getByText(/paused for 125 days or more within 185 days/)).toBeVisible();
  await checkA11y();

  try {
    // A typo: the server's message on its field, nothing saved, no confirmation to wade through.
    await oneTime.fill("seventy");
    await save.click();
    await expect(oneTime).toHaveAccessibleDescription(/Price must be an amount from \$0\.50 to \$10,000\.00/);
    await oneTime.fill("75.00");

    // A price change is named in a confirmation first; Cancel saves nothing.
    await kit.fill("120");
    await save.click();
    const dialog = page.getByRole("dialog", { name: "Save these changes?" });
    await expect(dialog.getByRole("listitem")).toHaveText(["Business compliance kit: $100.00 → $120.00"]);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await kit.fill("100.00");

    // The notice days, confirmed and saved.
    await days.fill("21");
    await save.click();
    await expect(dialog.getByRole("listitem")).toHaveText(["Renewal notice: 30 → 21 days before"]);
    await dialog.getByRole("button", { name: "Save Settings" }).click();
    await expect(toast(page, "Settings have been updated")).toBeVisible();
    await expect(days).toHaveValue("21");

    // Another administrator saves while this form is open: this save is refused, and Reload shows theirs.
    await setNoticeDays(25);
    await days.fill("40");
    await save.click();
    await dialog.getByRole("button", { name: "Save Settings" }).click();
    const refused = page.getByRole("status").filter({ hasText: "Not saved" });
    await expect(refused).toContainText("changed by another administrator");
    await expect(days).toHaveValue("40");
    await refused.getByRole("button", { name: "Reload Settings" }).click();
    await expect(days).toHaveValue("25");
    await expect(refused).toBeHidden();
  } finally {
    await setNoticeDays(30);
  }
});
