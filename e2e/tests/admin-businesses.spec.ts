/**
 * Journey: an administrator manages a company (admin spec §2 "Business list and detail", "Company
 * Compliance Kit purchase", §5, §6; issue 11 items 5 and 6). Each test makes its own company (a fresh member
 * as its DER, the company added through the administrators' API), so the shared demo company is never
 * deactivated under another spec: find it in the list by search, open its tabs, deactivate it with a reason
 * and reactivate it, send it to i3 (the simulator) and download its roster; and buy its compliance kit with a
 * manual payment.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { toast } from "../support/toasts.ts";
import { registerMemberThroughApi } from "../support/members.ts";

// axe at every screen on a busy two-core machine outgrows the default 30 s.
test.describe.configure({ timeout: 120_000 });

async function expectToast(page: Page, text: string) {
  const shown = toast(page, text);
  await expect(shown).toBeVisible();
  await shown.locator(".toast-close").click();
  await expect(shown).toHaveCount(0);
}

/** A company of its own, with a fresh member as DER (or none); the page ends signed in as the administrator. */
async function ownCompany(
  page: Page,
  logInAs: (user: "admin") => Promise<void>,
  { der = true }: { der?: boolean } = {},
) {
  let derId: number | null = null;
  if (der) {
    await registerMemberThroughApi(page.request, { membership: "none" });
    const probe = await page.request.get("/api/auth/session/probe");
    derId = (await probe.json()).user.user_id;
  }
  await logInAs("admin");
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Bayou Barge ${tag}`;
  const created = await page.request.post("/api/auth/businesses", {
    data: {
      name,
      dba_name: `BB ${tag}`,
      tax_id: "72-5550101",
      email: `desk-${tag}@example.com`,
      phone: "(985) 555-0101",
      city: "Houma",
      state: "LA",
      der_user_id: derId,
    },
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { data } = await created.json() as { data: { id: number } };
  return { id: data.id, name };
}

test("an administrator finds a company, deactivates and reactivates it, sends it to i3 and downloads its roster", async ({ page, logInAs, visit, arrive, checkA11y }) => {
  const company = await ownCompany(page, logInAs);
  const BASE = `/app/admin/businesses/${company.id}`;

  // The list: search by name finds it (and only it).
  await visit("/app/admin/businesses");
  await expect(page.getByRole("link", { name: "Add" })).toHaveAttribute("href", "/app/admin/businesses/new");
  // The seed's company whose i3 set-up failed is listed with its error and 'Resend to i3'.
  const failedSetUps = page.getByRole("table", { name: "Failed set-ups" });
  await expect(failedSetUps.getByRole("row", { name: /Delta Crew Boats LLC/ })).toContainText("timed out");
  await expect(failedSetUps.getByRole("button", { name: "Resend to i3: Delta Crew Boats LLC" }))
    .toBeVisible();
  await page.getByLabel("Search").fill(company.name);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("table", { name: "Businesses" }).getByRole("row")).toHaveCount(2);
  await page.getByRole("link", { name: company.name }).click();
  await arrive(BASE);

  // The tabs: Details (with the activation history), Employees (its DER as owner), Tests, Vessels.
  await expect(page.getByRole("heading", { name: company.name, level: 1 })).toBeVisible();
  const tabs = page.getByRole("tablist", { name: `${company.name} sections` });
  await expect(tabs.getByRole("tab")).toHaveText(["Details", "Employees", "Tests", "Vessels", "History"]);
  await expect(page.getByText("72-5550101")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Rita Mariner \(member-api-/ })).toBeVisible();
  await tabs.getByRole("tab", { name: "Employees" }).click();
  await arrive(`${BASE}?tab=employees`);
  await expect(page.getByRole("link", { name: "Rita Mariner" })).toBeVisible();
  await tabs.getByRole("tab", { name: "Tests" }).click();
  await arrive(`${BASE}?tab=tests`);
  await expect(page.getByText("No tests yet")).toBeVisible();
  await tabs.getByRole("tab", { name: "Vessels" }).click();
  await arrive(`${BASE}?tab=vessels`);
  await expect(page.getByText("No vessels yet")).toBeVisible();
  await tabs.getByRole("tab", { name: "Details" }).click();
  await arrive(BASE);

  // Deactivate: the reason is required, then the inactive badge and the reason in the history.
  await page.getByRole("button", { name: "Deactivate" }).click();
  const dialog = page.getByRole("dialog", { name: `Deactivate ${company.name}?` });
  await dialog.getByRole("button", { name: "Deactivate" }).click();
  await expect(dialog.getByText("A reason for deactivating is required")).toBeVisible();
  await checkA11y();
  await dialog.getByLabel(/^Reason/).fill("Vessels laid up for the season");
  await dialog.getByRole("button", { name: "Deactivate" }).click();
  await expectToast(page, "Business has been deactivated");
  await expect(page.getByRole("heading", { name: company.name, level: 2 }).getByText("Inactive"))
    .toBeVisible();
  await expect(page.getByText("Business is inactive.")).toBeVisible();
  await expect(page.getByRole("cell", { name: "Vessels laid up for the season" })).toBeVisible();
  await checkA11y();

  // Reactivate.
  await page.getByRole("button", { name: "Activate" }).click();
  await expectToast(page, "Business has been activated");
  await expect(page.getByText("Business is inactive.")).toHaveCount(0);
  // Newest first: the reactivation above the deactivation.
  const history = page.getByRole("region", { name: "Activation history" }).getByRole("row");
  await expect(history.nth(1)).toContainText("Activated");
  await expect(history.nth(2)).toContainText("Vessels laid up for the season");

  // i3: not set up yet, so 'Resend to i3'; the simulator sets it up and answers its location code.
  await expect(page.getByText("i3 set-up incomplete")).toBeVisible();
  await page.getByRole("button", { name: "Resend to i3" }).click();
  await expectToast(page, "Business has been set up in i3");
  await expect(page.getByText(/Set up in i3 \(location code .+\)/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend to i3" })).toHaveCount(0);

  // The roster PDF.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download Roster" }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await expectToast(page, "Downloading Document");
});

test("an administrator buys a company's compliance kit with a manual payment", async ({ page, logInAs, visit, arrive, checkA11y }) => {
  // Without a DER there is no kit to buy.
  const orphan = await ownCompany(page, logInAs, { der: false });
  await visit(`/app/admin/businesses/${orphan.id}/compliance-kit`);
  await expect(page.getByText("ERROR: No DER Attached To Business")).toBeVisible();
  // It has no history, so deleting it (after a confirmation) removes it.
  await visit(`/app/admin/businesses/${orphan.id}`);
  // Apart from the routine actions, in the danger zone.
  await page.getByRole("region", { name: "Danger zone" }).getByRole("button", { name: "Delete Business" })
    .click();
  const dialog = page.getByRole("dialog", { name: `Delete ${orphan.name}?` });
  await checkA11y();
  await dialog.getByRole("button", { name: "Delete Business" }).click();
  await expectToast(page, "Business has been deleted");
  await arrive("/app/admin/businesses");
  expect((await page.request.get(`/api/auth/business/${orphan.id}`)).status()).toBe(404);

  const company = await ownCompany(page, logInAs);
  const BASE = `/app/admin/businesses/${company.id}`;
  await visit(BASE);
  await expect(
    page.getByRole("tablist", { name: `${company.name} sections` }).getByRole("tab", { name: "Downloads" }),
  )
    .toHaveCount(0);
  await page.getByRole("link", { name: "Compliance Kit" }).click();
  await arrive(`${BASE}/compliance-kit`);
  await expect(page.getByRole("table", { name: "Cost" })).toContainText("$100");

  await page.getByLabel("Manual charge").check();
  const purchase = page.getByRole("button", { name: "Purchase" });
  await purchase.click();
  await expect(page.getByText("Payment Medium is required")).toBeVisible();
  await expect(page.getByText("Payment Date is required")).toBeVisible();
  await checkA11y();
  await page.getByLabel("Check Received").check();
  await page.getByLabel(/^Payment Date/).fill("2026-11-20");
  const sent = page.waitForRequest((r) =>
    r.url().endsWith(`/api/auth/business/${company.id}/compliance-kit`)
  );
  await purchase.click();
  expect((await sent).postDataJSON()).toEqual({ medium: "Check Received", payment_date: "2026-11-20" });
  await expectToast(page, "Compliance kit has been purchased");
  await arrive(`${BASE}?tab=downloads`);
  await expect(page.getByRole("link", { name: /policy/i }).first()).toBeVisible();
});

test("an administrator adds and manages a company's vessel and opens its employee", async ({ page, logInAs, visit, arrive, checkA11y }) => {
  const company = await ownCompany(page, logInAs);
  const BASE = `/app/admin/businesses/${company.id}`;
  await visit(`${BASE}?tab=vessels`);
  await page.getByRole("link", { name: "Add a vessel" }).click();
  await arrive(`${BASE}/vessel/new`);
  const add = page.getByRole("button", { name: "Add Vessel" });
  await add.click();
  await expect(page.getByText("Vessel Name is required!")).toBeVisible();
  await checkA11y();
  await page.getByLabel(/^Vessel Name/).fill("M/V Bayou Star");
  await page.getByLabel("Official Number").fill("1234567");
  await page.getByLabel("Vessel Type").fill("Towing vessel");
  await add.click();
  await expectToast(page, "Vessel has been added");
  await arrive(`${BASE}?tab=vessels`);
  await page.getByRole("link", { name: "M/V Bayou Star" }).click();
  await arrive(/\/app\/admin\/manage-vessel\/\d+$/);
  await expect(page.getByLabel("Official Number")).toHaveValue("1234567");
  await page.getByLabel("In service").uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Vessel has been updated");
  await arrive(`${BASE}?tab=vessels`);
  await expect(page.getByRole("row", { name: /M\/V Bayou Star/ })).toContainText("Out of service");

  // The employee detail: its tabs (no Downloads without an active annual membership).
  await page.getByRole("tablist", { name: `${company.name} sections` }).getByRole("tab", {
    name: "Employees",
  })
    .click();
  await arrive(`${BASE}?tab=employees`);
  await page.getByRole("link", { name: "Rita Mariner" }).click();
  await arrive(/\/app\/admin\/employee\/\d+$/);
  await expect(page.getByRole("heading", { name: "Rita Mariner", level: 1 })).toBeVisible();
  const tabs = page.getByRole("tablist", { name: "Rita Mariner sections" });
  await expect(tabs.getByRole("tab")).toHaveText(["Details", "Membership", "Tests"]);
  await tabs.getByRole("tab", { name: "Membership" }).click();
  await expect(page.getByText("None active")).toBeVisible();
  await page.getByRole("link", { name: "Setup/Renew Membership" }).click();
  await arrive(new RegExp(`${BASE}/membership/new\\?user=\\d+$`));
  await expect(page.getByRole("tablist", { name: "Payment" }).getByRole("tab")).toHaveText([
    "Manual Setup",
    "Charge Card",
  ]);
  await page.getByRole("button", { name: "Setup Membership" }).click();
  await expect(page.getByText("Payment Medium is required")).toBeVisible();
  await page.getByLabel("Cash Received").check();
  await page.getByLabel(/^Payment Date/).fill("2026-11-20");
  await page.getByLabel("Do not order a drug test").check();
  const sent = page.waitForRequest((r) => /\/api\/auth\/user\/\d+\/membership$/.test(r.url()));
  await page.getByRole("button", { name: "Setup Membership" }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    type: "manual",
    membership_type: "annual",
    order_test: "false",
    payment_medium: "Cash Received",
  });
  await expectToast(page, "User Membership Has Been Started");
  await arrive(/\/app\/admin\/users\/\d+\/membership\/details$/);

  // No request about her is open, so she can be removed from the company (after a confirmation).
  await visit(`${BASE}?tab=employees`);
  await expect(page.getByRole("row", { name: /Rita Mariner/ })).toContainText("Annual");
  await page.getByRole("button", { name: "Remove Rita Mariner" }).click();
  await page.getByRole("dialog", { name: "Remove Rita Mariner?" }).getByRole("button", { name: "Remove" })
    .click();
  await expectToast(page, "Employee has been removed from the business");
  await expect(page.getByText("No employees yet")).toBeVisible();
});

test("a company waiting for its new-company approval shows only 'Not Approved'", async ({ page, logInAs, visit }) => {
  // A fresh member asks for a company: it exists as a new-company request until an administrator acts.
  await registerMemberThroughApi(page.request, { membership: "none" });
  const name = `Waiting Tugs ${Date.now().toString(36)}`;
  const asked = await page.request.post("/api/auth/account/businesses", {
    data: { name, tax_id: "72-5550199" },
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const { data } = await asked.json() as { data: { id: number } };
  await logInAs("admin");

  await visit(`/app/admin/businesses?search=${encodeURIComponent(name)}`);
  await expect(page.getByRole("table", { name: "Businesses" }).getByRole("row", { name: new RegExp(name) }))
    .toContainText("Not Approved");
  await visit(`/app/admin/businesses/${data.id}`);
  await expect(page.getByText("Not Approved")).toBeVisible();
  await expect(page.getByRole("tablist", { name: `${name} sections` })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Deactivate" })).toHaveCount(0);
});
