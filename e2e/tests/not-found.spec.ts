/**
 * Issue 25 item 6, "Refusals that say so", on a 390 px phone: a DER opening another company's business, or an
 * employee page that is not theirs or does not exist, sees one not-found screen naming what was asked for,
 * with a way back and no retry (which could never help).
 */
import { request as requests } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { addEmployee, createDerWithCompany } from "../support/companies.ts";

test.use({ viewport: { width: 390, height: 844 } });

test("a DER opening what is not theirs sees one not-found screen with a way back", async ({ page, logInAs, visit, baseURL }) => {
  // Another company, with an employee, made in a request context of its own.
  const other = await requests.newContext({ baseURL });
  const company = await createDerWithCompany(other);
  await other.dispose();
  const employee = await addEmployee(baseURL!, company.businessId);

  await logInAs("der");
  const mine = await page.request.get("/api/auth/account/businesses");
  const ownId = ((await mine.json()) as { data: { id: number }[] }).data[0].id;

  const expectNotFound = async (name: string) => {
    const alert = page.getByRole("status").filter({ hasText: name });
    await expect(alert).toHaveCount(1);
    await expect(alert).toBeVisible();
    await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
    await expect(page.getByText(/not found/)).toHaveCount(1);
    await expect(alert.getByRole("link", { name: "Go to your dashboard" })).toBeVisible();
  };

  await visit(`/app/member/businesses/${company.businessId}`);
  await expectNotFound("Business not found");

  await visit(`/app/member/businesses/${company.businessId}/employee/${employee.userId}`);
  await expectNotFound("Employee not found");

  await visit(`/app/member/businesses/${ownId}/employee/99999999`);
  await expectNotFound("Employee not found");
  await page.getByRole("link", { name: "Go to your dashboard" }).click();
  await expect(page).toHaveURL(/\/app$/);
});
