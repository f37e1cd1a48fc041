/**
 * Journey (issue 38 items 3 and 4, decision 0093): a company's DER opens an employee's tests and downloads their
 * Letter of Compliance; the employee, on a 390 px phone, finds "Your data" from Account, sees the company's
 * looks in "Who looked at my records", downloads the zip whose data.json and PDFs match the screen, and opens
 * the page again offline (the zip then says it needs a connection).
 */
import postgres from "postgres";
import process from "node:process";
import { readFile } from "node:fs/promises";
import { readZip } from "../../api/src/testing/zip.ts";
import { addEmployee, createDerWithCompany, giveCompanyMembership } from "../support/companies.ts";
import { databaseUrl } from "../support/database.ts";
import { expect, test } from "../support/fixtures.ts";
import { goOffline } from "../support/offline.ts";
import { checkScreen } from "../support/screen-checks.ts";
import { signIn } from "../support/second-factor.ts";

test.use({ serviceWorkers: "allow", viewport: { width: 390, height: 844 } });
// A service worker install and an offline reload on a busy two-core machine.
test.describe.configure({ timeout: 180_000 });

test("a DER's looks show in the member's Your Data, whose zip matches the screen, also offline", async ({ page, context, visit, arrive, baseURL }) => {
  const company = await createDerWithCompany(page.request);
  const employee = await addEmployee(baseURL!, company.businessId);
  await giveCompanyMembership(employee.userId, company.businessId);
  const sql = postgres(databaseUrl(process.env.E2E_DATABASE_NAME!), { max: 1, onnotice: () => {} });
  try {
    await sql`
      insert into drug_tests (user_id, business_id, reason, status, result, resulted_at, collected_at, ordered_at)
      values (${employee.userId}, ${company.businessId}, 'pre_employment', 'resulted', 'negative',
        now() - interval '5 days', now() - interval '6 days', now() - interval '7 days')`;
  } finally {
    await sql.end();
  }

  // The DER: the employee's Tests tab, then their letter.
  const employeePath = `/app/member/businesses/${company.businessId}/employee/${employee.userId}`;
  await visit(`${employeePath}?tab=tests`);
  await expect(page.getByRole("table").getByText("Passed")).toBeVisible();
  await visit(`${employeePath}?tab=downloads`);
  const letter = page.waitForEvent("download");
  await page.getByRole("button", { name: `Download ${employee.fullName}'s Letter of Compliance` }).click();
  expect((await letter).suggestedFilename()).toMatch(/\.pdf$/);

  // The employee, on their phone: Account → Your data.
  await page.context().clearCookies();
  await signIn(page.request, { email: employee.email, password: company.password });
  await visit("/app/account");
  await page.getByRole("link", { name: "Your data", exact: true }).click();
  await arrive("/app/account/data");
  await checkScreen(page, "/app/account/data", { phone: true });
  const looks = page.getByRole("list", { name: "Who looked at my records" });
  await expect(looks.getByText(`${company.name} viewed your tests`)).toBeVisible();
  await expect(looks.getByText(`${company.name} downloaded your Letter of Compliance`)).toBeVisible();

  // The zip: its data.json is what the screen shows, with the letter among the PDFs.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download all your data (zip)" }).click();
  expect((await download).suggestedFilename()).toBe("apca-my-data.zip");
  const files = readZip(new Uint8Array(await readFile((await (await download).path())!)));
  const { data } = JSON.parse(new TextDecoder().decode(files.get("data.json")!));
  expect(data.profile.data.attributes.email).toBe(employee.email);
  await expect(page.getByRole("region", { name: "Your details", exact: true })).toContainText(
    data.profile.data.attributes.full_name,
  );
  const shownLooks = await looks.getByRole("listitem").allTextContents();
  expect(shownLooks.length).toBe(data.record_views.length);
  data.record_views.forEach((v: { attributes: { summary: string } }, i: number) =>
    expect(shownLooks[i]).toContain(v.attributes.summary)
  );
  const tests = page.getByRole("region", { name: "Tests", exact: true }).getByRole("row");
  await expect(tests).toHaveCount(1 + data.tests.length);
  expect(data.tests.map((t: { attributes: { in_words: string } }) => t.attributes.in_words)).toEqual([
    "Passed",
  ]);
  const documents = page.getByRole("list", { name: "Your documents" }).getByRole("listitem");
  await expect(documents).toHaveCount(data.documents.length);
  for (const doc of data.documents) {
    const pdf = files.get(`documents/${doc.id}-${doc.attributes.filename}`)!;
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe("%PDF-");
    await expect(documents.filter({ hasText: `no. ${doc.id}` })).toHaveCount(1);
  }
  expect(
    data.documents.some((d: { attributes: { kind: string } }) =>
      d.attributes.kind === "letter_of_compliance"
    ),
  )
    .toBe(true);

  // Offline: the page opens from the device; the zip says it needs a connection.
  await goOffline(context, page);
  await page.reload();
  await expect(page.getByText(/^Offline: showing data from/)).toBeVisible();
  await expect(looks.getByText(`${company.name} viewed your tests`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Download all your data (zip)" })).toBeDisabled();
  await expect(page.getByText("Downloading your data needs a connection")).toBeVisible();
  await context.setOffline(false);
});
