/**
 * A DER's company everyday at 390 px (issue 25 item 3, decision 0065): the Compliance tab lists each employee's
 * coverage, downloads as CSV and as the roster PDF; the DER e-mails an employee's Letter of Compliance (it
 * arrives in /dev/mail), moves that employee to their second company, and removes another who left. Each run
 * makes its own DER and companies, since specs share one database.
 */
import { expect, test } from "../support/fixtures.ts";
import {
  addEmployee,
  addSecondCompany,
  createDerWithCompany,
  giveCompanyMembership,
} from "../support/companies.ts";

test.use({ viewport: { width: 390, height: 844 } });

async function noSidewaysScroll(page: import("@playwright/test").Page) {
  const overflow = await page.evaluate("document.documentElement.scrollWidth - window.innerWidth") as number;
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
}

test("a DER removes an employee, downloads the roster, e-mails a letter and moves an employee", async ({ page, visit, arrive, baseURL }) => {
  test.setTimeout(180_000);
  const company = await createDerWithCompany(page.request);
  const second = await addSecondCompany(company.businessId, "Second Reach Marine LLC");
  const eli = await addEmployee(baseURL!, company.businessId, "Eli");
  const noah = await addEmployee(baseURL!, company.businessId, "Noah");
  await giveCompanyMembership(eli.userId, company.businessId);
  const base = `/app/member/businesses/${company.businessId}`;

  // The compliance overview: Eli covered through next year, Noah not covered; the CSV and the roster.
  await visit(`${base}?tab=compliance`);
  const overview = page.getByRole("list", { name: "Employees' compliance" });
  await expect(overview.getByRole("listitem")).toHaveCount(2);
  await expect(overview.getByRole("listitem").filter({ hasText: eli.fullName })).toContainText("Covered");
  await expect(overview.getByRole("listitem").filter({ hasText: noah.fullName })).toContainText(
    "Not covered",
  );
  await page.getByLabel("Show").selectOption("not_covered");
  await expect(overview.getByRole("listitem")).toHaveCount(1);
  await expect(overview).toContainText(noah.fullName);
  const csvDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const rosterDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download Roster (PDF)" }).click();
  const roster = await rosterDownload;
  expect(roster.suggestedFilename()).toMatch(/\.pdf$/);
  await noSidewaysScroll(page);

  // E-mail Eli's letter: it goes through the outbox to Eli.
  await visit(`${base}/employee/${eli.userId}?tab=downloads`);
  await page.getByRole("button", { name: `E-mail the Letter to ${eli.fullName}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Letter Has Been Emailed" }).first()).toBeVisible();
  await expect.poll(async () => {
    const { data } = await (await page.request.get("/api/dev/mail")).json() as {
      data: { to: string; subject: string }[];
    };
    return data.some((m) => m.to === eli.email && m.subject === "Your APCA Letter of Compliance");
  }).toBe(true);

  // Move Eli to the second company.
  await visit(`${base}/employee/${eli.userId}`);
  await noSidewaysScroll(page);
  await page.getByLabel("Move to another of your companies").selectOption(String(second));
  await page.getByRole("button", { name: "Move Employee" }).click();
  const moveDialog = page.getByRole("dialog", { name: `Move ${eli.fullName} to Second Reach Marine LLC?` });
  await moveDialog.getByRole("button", { name: "Move Employee" }).click();
  await arrive(`/app/member/businesses/${second}?tab=employees`);
  await expect(page.getByRole("list", { name: "Employees" })).toContainText(eli.fullName);

  // Remove Noah, who left.
  await visit(`${base}/employee/${noah.userId}`);
  await page.getByRole("button", { name: "Remove From Company" }).click();
  const removeDialog = page.getByRole("dialog", { name: `Remove ${noah.fullName} from the company?` });
  await removeDialog.getByRole("button", { name: "Remove Employee" }).click();
  await arrive(`${base}?tab=employees`);
  await expect(page.getByText("No employees yet.")).toBeVisible();
});
