/**
 * Journey (issue 37, decision 0076): at 390 px a DER pays an employee's membership with the company's card,
 * finds the receipt in the development mailbox (/dev/mail) addressed to them and naming the company, and the
 * order with its receipt PDF on the company's Orders tab, which opens again offline (service workers on, as in
 * receipts.spec.ts).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { goOffline } from "../support/offline.ts";
import { addEmployee, createDerWithCompany } from "../support/companies.ts";
import { SANDBOX_CARDS } from "../support/members.ts";

test.use({ serviceWorkers: "allow", viewport: { width: 390, height: 844 } });
// A card, a purchase, the mailbox, a service worker install and an offline reload on a busy two-core machine.
test.describe.configure({ timeout: 300_000 });

const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[()/]/g, "\\$&")}\\s*(\\(required\\))?$`));

test("a DER pays an employee's membership and finds the company's receipt in the mail and its Orders tab, also offline", async ({ page, context, visit, arrive, baseURL }) => {
  const company = await createDerWithCompany(page.request);
  const employee = await addEmployee(baseURL!, company.businessId);
  const businessPath = `/app/member/businesses/${company.businessId}`;

  // A company card, then the employee's membership on it.
  await visit(businessPath);
  const kit = page.getByRole("region", { name: "Business Compliance Kit" });
  await kit.getByRole("button", { name: "Add a company card" }).click();
  await field(page, "Card number").fill(SANDBOX_CARDS.ok);
  await field(page, "Expiration (MM/YY)").fill("12/34");
  await field(page, "CVC").fill("123");
  await field(page, "ZIP").fill("70360");
  await page.getByRole("button", { name: "Save Card" }).click();
  await expect(page.getByText("Payment method has been added successfully")).toBeVisible();
  const employeePath = `${businessPath}/employee/${employee.userId}`;
  await visit(`${employeePath}/membership/new`);
  await expect(page.getByRole("radio", { name: /ending in 4242/ })).toBeChecked();
  await page.getByRole("button", { name: "Purchase" }).click();
  await expect(page.getByText("User Membership Has Been Started")).toBeVisible();
  await arrive(`${employeePath}/membership/details`);

  // The company's Orders tab: the order, how it was paid, its receipt.
  await visit(`${businessPath}?tab=orders`);
  const orders = page.getByRole("list", { name: "The company's orders" });
  const row = orders.getByRole("listitem").filter({ hasText: "Membership" });
  await expect(row).toContainText("Visa ending 4242");
  const number = (await row.locator("strong").first().textContent())!.trim();
  expect(number).toMatch(/^APCA-/);
  await expect(row.getByText("Not saved on this device")).toHaveCount(0);

  // The receipt e-mail, once, to the DER who paid, naming the company and the employee.
  await visit("/dev/mail");
  const mail = page.getByRole("article").filter({ hasText: `Your APCA receipt for order ${number}` });
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText(company.derEmail);
  await expect(mail).not.toContainText(employee.email);
  await expect(mail).toContainText(`${company.name}'s receipt`);
  await expect(mail).toContainText(`for ${employee.fullName}`);
  await expect(mail).toContainText("Visa ending 4242");

  // Back on the Orders tab the receipt is kept on the device; offline the tab and the receipt open from it.
  await visit(`${businessPath}?tab=orders`);
  const online = page.getByTestId(`order-${number}`);
  const downloaded = page.waitForEvent("download");
  await online.getByRole("button", { name: `Receipt for order ${number} (PDF)` }).click();
  expect((await downloaded).suggestedFilename()).toBe(`receipt-${number}.pdf`);
  await goOffline(context, page);
  await page.goto(`${businessPath}?tab=orders`);
  await expect(page.getByText(/^Offline: showing data from/).first()).toBeVisible();
  const offlineRow = page.getByTestId(`order-${number}`);
  await expect(offlineRow).toContainText("Visa ending 4242");
  await expect(offlineRow.getByText("Not saved on this device")).toHaveCount(0);
  const again = page.waitForEvent("download");
  await offlineRow.getByRole("button", { name: `Receipt for order ${number} (PDF)` }).click();
  expect((await again).suggestedFilename()).toBe(`receipt-${number}.pdf`);
  await context.setOffline(false);
});
