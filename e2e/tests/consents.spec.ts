/**
 * Journey (issue 38 item 2, decision 0092), on a 390 px phone: a member gives a second company (Delta Marine
 * Services, whose DER is the seeded der2@apca.local) a consent for one year of results; that DER sees exactly
 * those results and nothing else, reaching them from the dashboard's Shared With You card; the member's Consents
 * page opens offline; the member revokes it and the DER sees nothing (the results call answers 404).
 *
 * The member is fresh (registered through the API) and their three tests are written straight into the e2e
 * database: one 30 days old, one 200 days old, and one 500 days old that the year's consent leaves out.
 */
import type { Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import postgres from "postgres";
import process from "node:process";
import { databaseUrl } from "../support/database.ts";
import { expect, test } from "../support/fixtures.ts";
import { goOffline } from "../support/offline.ts";
import { registerMemberThroughApi } from "../support/members.ts";
import { signIn } from "../support/second-factor.ts";
import { expectToast } from "../support/toasts.ts";

// deno-lint-ignore no-explicit-any
declare const document: any;

const PHONE = { width: 390, height: 844 };
const DER2 = { email: "der2@apca.local", password: "der-password-local" };
const COMPANY = "Delta Marine Services LLC";

test.use({ serviceWorkers: "allow", viewport: PHONE });
test.describe.configure({ timeout: 90_000 });

async function noSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= 390), "no sideways scroll").toBe(
    true,
  );
}

test("a member's consent lets a second company's DER see one year of results, until revoked", async ({ page, context, browser, visit, arrive, checkA11y }) => {
  await registerMemberThroughApi(page.request, { membership: "none", card: false });
  const { user } = await (await page.request.get("/api/auth/session/probe")).json();
  const sql = postgres(databaseUrl(process.env.E2E_DATABASE_NAME!), { max: 1, onnotice: () => {} });
  try {
    for (const [days, reason] of [[30, "random"], [200, "pre_employment"], [500, "periodic"]] as const) {
      await sql`
        insert into drug_tests (user_id, reason, status, result, ordered_at, collected_at, resulted_at, created_at)
        values (${user.user_id}, ${reason}, 'resulted', 'negative', now() - ${`${days} days`}::interval,
          now() - ${`${days} days`}::interval, now() - ${`${days - 1} days`}::interval,
          now() - ${`${days} days`}::interval)`;
    }
  } finally {
    await sql.end();
  }

  // The member signs a consent for Delta Marine Services: the last year's results (the form's default), a year.
  await visit("/app/account");
  await page.getByRole("link", { name: "Your consents" }).click();
  await arrive("/app/account/consents");
  await page.getByLabel("Company name").fill("Delta Marine");
  await page.getByRole("radio", { name: COMPANY }).check();
  await expect(page.getByRole("radio", { name: "Tests dated within a range" })).toBeChecked();
  await page.getByLabel("Signature: type your full name").fill("Rita Mariner");
  await checkA11y();
  await noSideways(page);
  await page.getByRole("button", { name: "Sign consent" }).click();
  await expectToast(page, `Consent given to ${COMPANY}.`);
  const card = page.getByRole("article", { name: `Consent to ${COMPANY}` });
  await expect(card.getByText("In force")).toBeVisible();
  await expect(card.getByText(/^Test results dated /)).toBeVisible();
  await noSideways(page);

  // Its PDF downloads.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    card.getByRole("button", { name: "Download PDF" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^consent-\d+\.pdf$/);

  // The Consents page opens offline, from the device's copy.
  await goOffline(context, page);
  await page.goto("/app/account/consents");
  await expect(page.getByText(/Offline: showing data from/)).toBeVisible();
  await expect(card.getByText("In force")).toBeVisible();
  await context.setOffline(false);

  // Delta Marine's DER sees exactly the year's two results, and no other consent.
  const der = await browser.newContext({ viewport: PHONE, serviceWorkers: "block" });
  const derPage = await der.newPage();
  await signIn(derPage.request, DER2);
  // The DER finds it from the dashboard: the Shared With You card counts the consents and links to the page.
  await derPage.goto("/app");
  const sharedCard = derPage.getByRole("region", { name: "Shared With You" });
  await expect(sharedCard).toContainText("1 member shares their test results with you");
  // The phone's menu lists the page too.
  await derPage.getByRole("button", { name: "Menu" }).click();
  await expect(
    derPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shared With You" }),
  )
    .toHaveAttribute("href", "/app/consents");
  await derPage.getByRole("button", { name: "Menu" }).click();
  await noSideways(derPage);
  await sharedCard.getByRole("link", { name: "See results shared with you" }).click();
  await expect(derPage).toHaveURL(/\/app\/consents$/);
  await expect(derPage.getByRole("article")).toHaveCount(1);
  const shared = derPage.getByRole("article", { name: "Consent from Rita Mariner" });
  await expect(shared.getByText(COMPANY)).toBeVisible();
  await shared.getByRole("button", { name: "Show results" }).click();
  const rows = shared.getByRole("table", { name: "Test results of Rita Mariner" }).locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Random");
  await expect(rows.nth(1)).toContainText("Pre-employment");
  await expect(shared.getByText("Periodic")).toHaveCount(0);
  await noSideways(derPage);
  const { violations } = await new AxeBuilder({ page: derPage })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.map((v) => v.id), "axe on Shared With You").toEqual([]);
  const consentId = Number(download.suggestedFilename().match(/\d+/)![0]);
  expect((await derPage.request.get(`/api/auth/consents/${consentId}/results`)).status()).toBe(200);

  // The member revokes it (confirmed first); the DER sees nothing.
  await page.reload();
  await card.getByRole("button", { name: "Revoke" }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke this consent?" });
  await dialog.getByRole("button", { name: "Revoke" }).click();
  await expectToast(page, `Consent to ${COMPANY} revoked.`);
  await expect(card.getByText("Revoked")).toBeVisible();
  await expect(card.getByRole("button", { name: "Revoke" })).toHaveCount(0);

  await derPage.reload();
  await expect(derPage.getByText("No member has shared their test results with you.")).toBeVisible();
  await expect(derPage.getByRole("article")).toHaveCount(0);
  expect((await derPage.request.get(`/api/auth/consents/${consentId}/results`)).status()).toBe(404);
  await der.close();
});
