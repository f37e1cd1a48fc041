/**
 * Rows of the public specification's company side that were present but never exercised (issue 37,
 * "Untested rows"): an employee's pause, resume, payments and add-payment screens run by the DER (public spec §2
 * "/app/member/businesses/{id}/employee/{eid} with sub-routes"), the business page's Business Tests and Vessels
 * tabs and the employee's Tests tab opened, the failure toasts of the compliance kit (a card the sandbox declines
 * when charged) and of pausing and resuming (page.route refuses the one call), and the DER registration's
 * failures: the server's error in an alert, a charge declined at the compliance kit in a toast (§8). Each test
 * makes its own DER and company.
 */
import type { Page, Route } from "@playwright/test";
import postgres from "postgres";
import process from "node:process";
import { expect, test } from "../support/fixtures.ts";
import { expectToast, toast } from "../support/toasts.ts";
import { refuse } from "../support/refuse.ts";
import { addEmployee, createDerWithCompany, giveCompanyMembership } from "../support/companies.ts";
import { uniqueEmail } from "../support/members.ts";
import { databaseUrl } from "../support/database.ts";
import { addCard, fillAccount, fillDerCompany, stepHeading } from "../support/registration.ts";

test.describe.configure({ timeout: 120_000 });

/** The sandbox's card that is saved but declined when charged (Stripe's 4000 0000 0000 0341). */
const DECLINED_ON_CHARGE = "4000000000000341";

const serverFailure = (route: Route) =>
  route.fulfill({
    status: 500,
    contentType: "application/json",
    body: JSON.stringify({ error: "Something went wrong on our side.", code: "INTERNAL" }),
  });

async function fillCard(page: Page, number: string) {
  await page.getByLabel(/^Card number/).fill(number);
  await page.getByLabel(/^Expiration \(MM\/YY\)/).fill("12/34");
  await page.getByLabel(/^CVC/).fill("123");
  await page.getByLabel(/^ZIP/).fill("70360");
  await page.getByRole("button", { name: "Save Card" }).click();
}

const membershipCard = (page: Page) => page.getByRole("region", { name: "Membership", exact: true });

test("a DER pauses and resumes an employee's membership (each refused once first) and adds a company card", async ({ page, visit, arrive, baseURL }) => {
  const company = await createDerWithCompany(page.request);
  const employee = await addEmployee(baseURL!, company.businessId);
  await giveCompanyMembership(employee.userId, company.businessId);
  const employeePath = `/app/member/businesses/${company.businessId}/employee/${employee.userId}`;
  const BASE = `${employeePath}/membership`;
  const api = `/api/auth/business/${company.businessId}/employee/${employee.userId}/membership`;

  await visit(`${BASE}/details`);
  await page.getByRole("link", { name: "Pause Membership" }).click();
  await arrive(`${BASE}/pause`);
  await page.getByLabel("Other").check();
  await page.getByRole("button", { name: "Pause Membership" }).click();
  await expect(page.getByText("Reason for pausing membership is required")).toBeVisible();
  await page.getByLabel(/^Reason for pausing/).fill("Laid up for hull repairs");
  await page.route(`**${api}/pause`, refuse(409, "The membership changed meanwhile."));
  await page.getByRole("button", { name: "Pause Membership" }).click();
  await expectToast(page, "Error occurred while pausing membership. The membership changed meanwhile.");
  await expect(page.getByRole("button", { name: "Pause Membership" })).toBeEnabled();
  await page.unroute(`**${api}/pause`);
  await page.getByRole("button", { name: "Pause Membership" }).click();
  await arrive(`${BASE}/details`);
  await expect(membershipCard(page).getByText("Paused", { exact: true })).toBeVisible();

  // The resume screen names the employee, not the DER who opens it.
  await page.getByRole("link", { name: "Resume Membership" }).click();
  await arrive(`${BASE}/resume`);
  await expect(page.getByRole("heading", { level: 2, name: employee.fullName })).toBeVisible();
  await expect(
    page.getByText("Resuming this membership makes the member eligible for monthly random drug tests again."),
  )
    .toBeVisible();
  await page.route(`**${api}/resume`, serverFailure);
  await page.getByRole("button", { name: "Resume Membership" }).click();
  await expect(toast(page, "Error occurred while resuming membership").locator("p")).toHaveText(
    "Error: Error occurred while resuming membership",
  );
  await expect(page.getByRole("button", { name: "Resume Membership" })).toBeEnabled();
  await page.unroute(`**${api}/resume`);
  await page.getByRole("button", { name: "Resume Membership" }).click();
  await arrive(`${BASE}/details`);
  await expect(membershipCard(page).getByText("Active", { exact: true })).toBeVisible();

  // The company's cards: none yet; one added from the employee's payments screen.
  await page.getByRole("link", { name: "Manage Payment Methods" }).click();
  await arrive(`${BASE}/payments`);
  await expect(
    page.getByText("The company's cards pay for its employees' memberships and its compliance kit."),
  )
    .toBeVisible();
  await expect(page.getByText("No saved cards yet")).toBeVisible();
  await page.getByRole("link", { name: "Add card" }).click();
  await arrive(`${BASE}/payments/add`);
  await fillCard(page, "4242424242424242");
  await expectToast(page, "Payment method has been added successfully");
  await arrive(`${BASE}/payments`);
  const cards = page.getByRole("list", { name: "Saved cards" }).getByRole("listitem");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("4242");
  // The company's cards are managed nowhere else: no Make default or Remove here.
  await expect(cards.first().getByRole("button")).toHaveCount(0);
});

test("the business page's Business Tests and Vessels tabs, and an employee's Tests tab", async ({ page, visit, arrive, baseURL }) => {
  const company = await createDerWithCompany(page.request);
  const employee = await addEmployee(baseURL!, company.businessId, "Odile");
  const other = await addEmployee(baseURL!, company.businessId, "Pierre");
  const sql = postgres(databaseUrl(process.env.E2E_DATABASE_NAME!), { max: 1, onnotice: () => {} });
  try {
    // A passed random test of Odile's and a cancelled pre-employment one of Pierre's, under this company.
    await sql`insert into drug_tests (user_id, business_id, reason, status, result, ordered_at, collected_at, resulted_at)
      values (${employee.userId}, ${company.businessId}, 'random', 'resulted', 'negative',
        now() - interval '9 days', now() - interval '8 days', now() - interval '7 days'),
      (${other.userId}, ${company.businessId}, 'pre_employment', 'cancelled', null, now() - interval '3 days', null, null)`;
  } finally {
    await sql.end();
  }
  const base = `/app/member/businesses/${company.businessId}`;

  await visit(`${base}?tab=business-tests`);
  const all = page.getByRole("table", { name: "Tests under this company, newest first" });
  await expect(all.getByRole("columnheader")).toHaveText(["Date and reason", "Employee", "Result"]);
  await expect(all.getByRole("row")).toHaveCount(3);
  await expect(all.getByRole("row").nth(1)).toContainText(other.fullName);
  await expect(all.getByRole("row").nth(1)).toContainText("Cancelled");
  await expect(all.getByRole("row").nth(2)).toContainText(employee.fullName);
  await expect(all.getByRole("row").nth(2)).toContainText("Passed");

  await page.getByRole("tab", { name: "Vessels" }).click();
  await expect(page.getByText("No vessels listed yet.")).toBeVisible();
  await page.getByRole("tabpanel").getByRole("link", { name: "Add Vessel" }).click();
  await arrive(/\/vessel\/new\?redirectURL=/);
  await page.getByLabel(/^Vessel Name/).fill("Miss Odile");
  await page.getByRole("button", { name: "Add Vessel" }).click();
  await arrive(`${base}?tab=vessels`);
  await expect(page.getByRole("list", { name: "Vessels" })).toContainText("Miss Odile");

  // One employee's tests only, without the name column.
  await visit(`${base}/employee/${employee.userId}?tab=tests`);
  const own = page.getByRole("table", { name: "Tests under this company, newest first" });
  await expect(own.getByRole("columnheader")).toHaveText(["Date and reason", "Result"]);
  await expect(own.getByRole("row")).toHaveCount(2);
  await expect(own.getByRole("row").nth(1)).toContainText("Random");
  await expect(own.getByRole("row").nth(1)).toContainText("Passed");
  await expect(own).not.toContainText(other.fullName);
});

test("a compliance kit charge and an employee membership charge the bank declines are toasted; both can be tried again", async ({ page, visit, baseURL }) => {
  const company = await createDerWithCompany(page.request);
  await visit(`/app/member/businesses/${company.businessId}`);
  const kit = page.getByRole("region", { name: "Business Compliance Kit" });
  await kit.getByRole("button", { name: "Add a company card" }).click();
  await fillCard(page, DECLINED_ON_CHARGE);
  await expectToast(page, "Payment method has been added successfully");
  const buy = kit.getByRole("button", { name: "Buy Compliance Kit" });
  await buy.click();
  await expectToast(page, "Your card was declined.");
  await expect(buy).toBeEnabled();
  await expect(page.getByRole("tab", { name: "Downloads" })).toHaveCount(0);

  // Public spec §8: a membership start failure is an error toast; the same company card pays for it.
  const employee = await addEmployee(baseURL!, company.businessId);
  await visit(`/app/member/businesses/${company.businessId}/employee/${employee.userId}/membership/new`);
  await expect(page.getByRole("radio", { name: /ending in 0341/ })).toBeChecked();
  const purchase = page.getByRole("button", { name: "Purchase" });
  await purchase.click();
  await expectToast(page, "Your card was declined.");
  await expect(purchase).toBeEnabled();
});

test("DER registration: a refused account shows the server's error in an alert; a declined kit charge a toast", async ({ page, visit, checkA11y }) => {
  await visit("/register");
  await page.getByRole("button", { name: "Register as a DER" }).click();
  await expect(stepHeading(page, "DER registration")).toBeVisible();
  await fillAccount(page, { email: uniqueEmail("der-rows") });
  await fillDerCompany(page, {
    name: `Sabine Pass ${Date.now().toString(36)} LLC`,
    ein: "72-3330111",
    phone: "(409) 555-0131",
    email: "office@sabinepass.example",
  });

  // Public spec §8: other registration errors are the server's message in an error alert.
  const account = "**/api/register/der/account";
  await page.route(account, (route) =>
    route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({ error: "Registration is closed for maintenance.", code: "BAD_REQUEST" }),
    }));
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Registration is closed for maintenance." }))
    .toBeVisible();
  await expect(page.getByRole("button", { name: "Create Account" })).toBeEnabled();
  await checkA11y();
  await page.unroute(account);

  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(toast(page, "Your APCA Account Has Been Created!")).toBeVisible();
  await expect(stepHeading(page, "Add a payment method")).toBeFocused();
  await addCard(page, "4000 0000 0000 9995");
  await expect(stepHeading(page, "Confirm your company registration")).toBeVisible();
  const purchase = page.getByRole("button", { name: "Purchase Compliance Kit" });
  await purchase.click();
  await expect(toast(page, "Your card has insufficient funds.")).toBeVisible();
  await expect(purchase).toBeEnabled();
});
