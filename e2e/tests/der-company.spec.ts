/**
 * A DER runs its company (issue 11), on a desktop and on a 390 px phone: signs in to My Company, completes
 * the company's details, adds a vessel, requests an employee (the request waits for administrators), buys the
 * compliance kit with a company card and downloads its documents, then starts an employee's membership with
 * the company's card and cancels it, warned that the member's account will be deleted in 30 days. (The
 * deletion itself, on day 30, is the job's: api/src/memberships/company.test.ts runs it on an injected
 * clock.) Each run makes its own DER and company, since specs share one database.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import {
  addEmployee,
  createDerWithCompany,
  deactivateCompany,
  pendingEmployeeRequests,
} from "../support/companies.ts";
import { SANDBOX_CARDS } from "../support/members.ts";

/** The field labelled `label`, whether or not the label also says "(required)". */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[()/]/g, "\\$&")}\\s*(\\(required\\))?$`));

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate("document.documentElement.scrollWidth - window.innerWidth") as number;
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
}

for (
  const [device, viewport] of [["desktop", { width: 1280, height: 900 }], ["phone", {
    width: 390,
    height: 844,
  }]] as const
) {
  test.describe(device, () => {
    test.use({ viewport });

    test(`a DER runs its company on a ${device}`, async ({ page, visit, arrive, checkA11y, baseURL }) => {
      test.setTimeout(180_000); // one long journey: a company from set-up to a cancelled membership
      const company = await createDerWithCompany(page.request);

      // My Company on the dashboard: the selector (with its 'new' option), the actions and the tabs.
      await visit("/app");
      const myCompany = page.getByRole("region", { name: "My Company" });
      await expect(myCompany.getByLabel("Company")).toHaveValue(String(company.businessId));
      await expect(myCompany.getByRole("option", { name: "New company…" })).toHaveCount(1);
      await expect(myCompany.getByRole("tab", { name: "Employees" })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      await expect(myCompany.getByText("No employees yet.")).toBeVisible();
      await noSidewaysScroll(page);

      // Completes the company: contact details apply at once.
      await myCompany.getByRole("link", { name: company.name }).click();
      await arrive(`/app/member/businesses/${company.businessId}`);
      await expect(page.getByText("Owner", { exact: true })).toBeVisible();
      await page.getByRole("link", { name: "Manage Business" }).click();
      await arrive(`/app/member/businesses/${company.businessId}/manage`);
      await field(page, "Address One").fill("400 Harbor Drive");
      await field(page, "City").fill("Houma");
      await field(page, "State").selectOption("LA");
      await field(page, "Postal Code").fill("70360");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByText("Business has been updated")).toBeVisible();
      await arrive(`/app/member/businesses/${company.businessId}`);
      await expect(page.getByText("400 Harbor Drive, Houma, LA, 70360")).toBeVisible();

      // Adds a vessel from My Company, and comes back there.
      await visit("/app");
      await page.getByRole("link", { name: "Add Vessel" }).click();
      await arrive(/\/vessel\/new\?redirectURL=\/app$/);
      await field(page, "Vessel Name").fill("Miss Dana");
      await field(page, "Official Number").fill("O.N. 1234567");
      await field(page, "Vessel Type").fill("Towing vessel");
      await page.getByRole("button", { name: "Add Vessel" }).click();
      await expect(page.getByText("Vessel has been added")).toBeVisible();
      await arrive(/\/app$/);
      await page.getByRole("tab", { name: "Vessels" }).click();
      await expect(page.getByRole("list", { name: "Vessels" })).toContainText("Miss Dana");
      await expect(page.getByRole("list", { name: "Vessels" })).toContainText("O.N. 1234567 · Towing vessel");
      // Manages it (laid up): the change applies at once and comes back to the Vessels tab.
      await page.getByRole("link", { name: "Manage Miss Dana" }).click();
      await arrive(/\/vessel\/\d+\/manage\?redirectURL=/);
      await page.getByLabel("In service").uncheck();
      await page.getByRole("button", { name: "Save Vessel" }).click();
      await expect(page.getByText("Vessel has been updated")).toBeVisible();
      await arrive(/\/app\?tab=vessels$/);
      await expect(page.getByRole("list", { name: "Vessels" })).toContainText("Out of service");

      // Requests an employee: it waits for administrators, and the DER sees it pending.
      await page.getByRole("link", { name: "Add Employee" }).click();
      await arrive(/\/employee\/new\?redirectURL=\/app$/);
      await field(page, "First Name").fill("Marco");
      await field(page, "Last Name").fill("Thibodeaux");
      await field(page, "Email").fill(`marco-${company.businessId}@example.com`);
      await page.getByRole("button", { name: "Request Employee" }).click();
      await expect(page.getByText("Your request to add this employee has been sent to APCA for approval"))
        .toBeVisible();
      await arrive(/\/app$/);
      await expect(page.getByRole("region", { name: "My Company" })).toContainText(
        "Waiting for APCA approval",
      );
      await expect(page.getByRole("region", { name: "My Company" })).toContainText("Marco Thibodeaux");
      expect(await pendingEmployeeRequests(company.businessId)).toEqual([{ first_name: "Marco" }]);
      await noSidewaysScroll(page);

      // Buys the compliance kit with a company card, then downloads its documents.
      await visit(`/app/member/businesses/${company.businessId}`);
      const kit = page.getByRole("region", { name: "Business Compliance Kit" });
      await kit.getByRole("button", { name: "Add a company card" }).click();
      await field(page, "Card number").fill(SANDBOX_CARDS.ok);
      await field(page, "Expiration (MM/YY)").fill("12/34");
      await field(page, "CVC").fill("123");
      await field(page, "ZIP").fill("70360");
      await page.getByRole("button", { name: "Save Card" }).click();
      await expect(page.getByText("Payment method has been added successfully")).toBeVisible();
      await kit.getByRole("button", { name: "Buy Compliance Kit" }).click();
      await expect(page.getByText("Compliance kit has been purchased")).toBeVisible();
      await page.getByRole("tab", { name: "Downloads" }).click();
      const documents = page.getByRole("list", { name: "Compliance kit documents" });
      await expect(documents.getByRole("listitem").first()).toBeVisible();
      await checkA11y();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        documents.getByRole("button", { name: /^Download / }).first().click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      const path = await download.path();
      const bytes = await import("node:fs/promises").then((fs) => fs.readFile(path!));
      expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
      await noSidewaysScroll(page);

      // Starts an employee's membership with the company's card, then cancels it: the 30-day warning.
      const employee = await addEmployee(baseURL!, company.businessId);
      const employeePath = `/app/member/businesses/${company.businessId}/employee/${employee.userId}`;
      await visit(`${employeePath}?tab=membership`);
      await expect(page.getByRole("heading", { name: employee.fullName, level: 1 })).toBeVisible();
      await page.getByRole("link", { name: "Start Membership" }).click();
      await arrive(`${employeePath}/membership/new`);
      await expect(page.getByRole("radio", { name: /ending in 4242/ })).toBeChecked();
      await page.getByRole("button", { name: "Purchase" }).click();
      await expect(page.getByText("User Membership Has Been Started")).toBeVisible();
      await arrive(`${employeePath}/membership/details`);
      // With an active annual membership the employee's Downloads tab offers their Letter of Compliance.
      await visit(`${employeePath}?tab=downloads`);
      const [letter] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: `Download ${employee.fullName}'s Letter of Compliance` }).click(),
      ]);
      expect(letter.suggestedFilename()).toMatch(/\.pdf$/);
      await visit(`${employeePath}/membership/details`);
      await page.getByRole("link", { name: "Cancel Membership" }).click();
      await arrive(`${employeePath}/membership/cancel`);
      await page.getByRole("button", { name: "Continue to cancel" }).click();
      await expect(page.getByText(/the member's account will be deleted in 30 days/)).toBeVisible();
      await noSidewaysScroll(page);
      await page.getByRole("button", { name: "Yes, Cancel Membership" }).click();
      await expect(page.getByText("Membership has been cancelled successfully")).toBeVisible();
      await arrive(`${employeePath}/membership/details`);
      await expect(page.getByText("Account to be deleted")).toBeVisible();
    });
  });
}

test("a company APCA has not approved shows only 'Not Approved'; one not in i3 cannot add employees; an inactive one says why", async ({ page, visit, browser, baseURL }) => {
  const waiting = await createDerWithCompany(page.request, { approved: false, i3: false });
  await visit(`/app/member/businesses/${waiting.businessId}`);
  await expect(page.getByText("Not Approved", { exact: true })).toBeVisible();
  await expect(page.getByRole("tab")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Manage Business" })).toHaveCount(0);

  const context = await browser.newContext({ baseURL });
  const other = await context.newPage();
  try {
    const notInI3 = await createDerWithCompany(other.request, { i3: false });
    await other.goto(`/app/member/businesses/${notInI3.businessId}/employee/new`);
    await expect(other.getByText("Please contact APCA to allow new employees to be added")).toBeVisible();
    await expect(other.getByRole("button", { name: "Request Employee" })).toHaveCount(0);

    // An inactive company says why, on its page and on My Company.
    await deactivateCompany(notInI3.businessId, "Dues unpaid since March");
    await other.goto(`/app/member/businesses/${notInI3.businessId}`);
    await expect(other.getByRole("status").filter({ hasText: "Inactive" })).toContainText(
      "Dues unpaid since March",
    );
    await other.goto("/app");
    await expect(other.getByRole("region", { name: "My Company" })).toContainText("Dues unpaid since March");
  } finally {
    await context.close();
  }
});
