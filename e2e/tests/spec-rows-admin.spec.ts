/**
 * Rows of the administrator specification that were present but never exercised (issue 37, "Untested rows"):
 * the admin screens only smoke-visited until now (Add To Business, the admin cancel, the member's cards and
 * Add card, New Business and Manage Business, admin spec §2), and the failure toasts of pause, resume, update
 * and cancel with the 'Resuming Membership...' busy label (admin spec §2 "Resume screen", §8). A refusal the
 * sandbox cannot produce on demand is made with page.route on the one call; a card decline is the sandbox's
 * own test number. Every member here is the test's own, registered through the API.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { expectToast, toast } from "../support/toasts.ts";
import { refuse } from "../support/refuse.ts";
import { registerMemberThroughApi, SANDBOX_CARDS } from "../support/members.ts";
import { userIdByEmail } from "../support/notifications.ts";
import { createDerWithCompany } from "../support/companies.ts";

test.describe.configure({ timeout: 120_000 });

const membershipCard = (page: Page) => page.getByRole("region", { name: "Membership", exact: true });

async function fillCard(page: Page, number: string) {
  await page.getByLabel(/^Card number/).fill(number);
  await page.getByLabel(/^Expiration \(MM\/YY\)/).fill("12/34");
  await page.getByLabel(/^CVC/).fill("123");
  await page.getByLabel(/^ZIP/).fill("70112");
  await page.getByRole("button", { name: "Save Card" }).click();
}

test("an administrator adds a card for a member: a declined card is refused, a good one listed as default", async ({ page, request, logInAs, visit, arrive }) => {
  const member = await registerMemberThroughApi(request, { membership: "none", card: false });
  const id = await userIdByEmail(member.email);
  await logInAs("admin");
  const BASE = `/app/admin/users/${id}/membership`;

  await visit(`${BASE}/details`);
  await page.getByRole("region", { name: "Payment Methods" }).getByRole("link", {
    name: "Manage Payment Methods",
  })
    .click();
  await arrive(`${BASE}/payments`);
  await expect(page.getByText("No saved cards yet")).toBeVisible();
  await expect(page.getByText("The member's default card pays for automatic renewals.")).toBeVisible();
  await page.getByRole("link", { name: "Add card" }).click();
  await arrive(`${BASE}/payments/add`);

  // The sandbox declines 4000 0000 0000 0002 when the card is set up (Stripe's test number).
  await fillCard(page, SANDBOX_CARDS.declined);
  await expect(page.getByText("Your card was declined.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save Card" })).toBeEnabled();

  await fillCard(page, SANDBOX_CARDS.ok);
  await expectToast(page, "Payment method added successfully");
  await arrive(`${BASE}/payments`);
  const cards = page.getByRole("list", { name: "Saved cards" }).getByRole("listitem");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("4242");
  await expect(cards.first()).toContainText("Default");
});

test("an administrator cancels a member's membership: a refusal toasts, the retry cancels", async ({ page, request, logInAs, visit, arrive }) => {
  const member = await registerMemberThroughApi(request);
  const id = await userIdByEmail(member.email);
  await logInAs("admin");
  const BASE = `/app/admin/users/${id}/membership`;

  await visit(`${BASE}/details`);
  await page.getByRole("link", { name: "Cancel Membership" }).click();
  await arrive(`${BASE}/cancel`);
  // Pausing is allowed, so cancelling is the two-step confirmation (public spec §4).
  await expect(page.getByRole("heading", { name: "Step 1 of 2: Would pausing suit the member better?" }))
    .toBeVisible();
  await expect(page.getByRole("link", { name: "Pause instead" })).toHaveAttribute("href", `${BASE}/pause`);
  await page.getByRole("button", { name: "Continue to cancel" }).click();
  await expect(page.getByRole("heading", { name: "Step 2 of 2: Cancel this membership?" })).toBeFocused();

  const cancelUrl = `**/api/auth/user/${id}/membership/cancel`;
  await page.route(cancelUrl, refuse(409, "The membership changed meanwhile."));
  const confirm = page.getByRole("button", { name: "Yes, Cancel Membership" });
  await confirm.click();
  await expectToast(page, "Error occurred while cancelling membership. The membership changed meanwhile.");
  await expect(confirm).toBeEnabled();
  await expect(page).toHaveURL(`${BASE}/cancel`);

  await page.unroute(cancelUrl);
  await confirm.click();
  await expectToast(page, "Membership has been cancelled successfully");
  await arrive(`${BASE}/details`);
  await expect(membershipCard(page).getByText("Cancelled", { exact: true })).toBeVisible();
});

test("pause, resume and update failures toast the specification's words; resuming shows its busy label", async ({ page, request, logInAs, visit, arrive }) => {
  const member = await registerMemberThroughApi(request);
  const id = await userIdByEmail(member.email);
  await logInAs("admin");
  const BASE = `/app/admin/users/${id}/membership`;

  // Pause refused (422 with the server's reason), then done.
  await visit(`${BASE}/pause`);
  await page.getByLabel("Currently out of season").check();
  const pauseUrl = `**/api/auth/user/${id}/membership/pause`;
  await page.route(pauseUrl, refuse(422, "This membership cannot be paused."));
  const pause = page.getByRole("button", { name: "Pause Membership" });
  await pause.click();
  await expectToast(page, "Error occurred while pausing membership. This membership cannot be paused.");
  await expect(pause).toBeEnabled();
  await page.unroute(pauseUrl);
  await pause.click();
  await arrive(`${BASE}/details`);
  await expect(membershipCard(page).getByText("Paused", { exact: true })).toBeVisible();

  // Resume: 'Resuming Membership...' while the call is out, then a server failure (no reason to show).
  await page.getByRole("link", { name: "Resume Membership" }).click();
  await arrive(`${BASE}/resume`);
  const resumeUrl = `**/api/auth/user/${id}/membership/resume`;
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(resumeUrl, async (route) => {
    await held;
    await route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: "Something went wrong on our side.", code: "INTERNAL" }),
    });
  });
  await page.getByRole("button", { name: "Resume Membership" }).click();
  const busy = page.getByRole("button", { name: "Resuming Membership..." });
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();
  answer();
  // A server failure has no reason to show: the specification's words alone.
  await expect(toast(page, "Error occurred while resuming membership").locator("p")).toHaveText(
    "Error: Error occurred while resuming membership",
  );
  await expectToast(page, "Error occurred while resuming membership");
  await expect(page.getByRole("button", { name: "Resume Membership" })).toBeEnabled();
  await page.unroute(resumeUrl);
  await page.getByRole("button", { name: "Resume Membership" }).click();
  await arrive(`${BASE}/details`);
  await expect(membershipCard(page).getByText("Active", { exact: true })).toBeVisible();

  // Update refused by the server.
  await page.getByRole("link", { name: "Update Membership Details" }).click();
  await arrive(`${BASE}/update`);
  await page.getByLabel(/^Expiration Date/).fill("2028-01-31");
  const updateUrl = (url: URL) => url.pathname === `/api/auth/user/${id}/membership`;
  await page.route(
    updateUrl,
    (route) =>
      route.request().method() === "PUT"
        ? refuse(409, "The membership changed meanwhile.")(route)
        : route.continue(),
  );
  await page.getByRole("button", { name: "Update Membership Details" }).click();
  await expectToast(page, "Error occurred while updating membership. The membership changed meanwhile.");
  await expect(page.getByRole("button", { name: "Update Membership Details" })).toBeEnabled();
  await expect(page).toHaveURL(`${BASE}/update`);
});

test("Add To Business: an existing business found by search, a new one by name, and a refusal toasted", async ({ page, request, playwright, baseURL, logInAs, visit, arrive }) => {
  const member = await registerMemberThroughApi(request, { membership: "none", card: false });
  const id = await userIdByEmail(member.email);
  const derContext = await playwright.request.newContext({ baseURL });
  const company = await createDerWithCompany(derContext).finally(() => derContext.dispose());
  await logInAs("admin");
  const userPath = `/app/admin/users/${id}`;

  await visit(`${userPath}?tab=businesses`);
  await page.getByRole("tabpanel").getByRole("link", { name: "Add To Business" }).click();
  await arrive(`${userPath}/employee/new`);

  // Nothing chosen: the form says so and sends nothing.
  await page.getByRole("button", { name: "Add To Business" }).click();
  await expectToast(page, "Choose a business.");

  // An existing business, found by its name.
  await page.getByLabel("Find a business").fill(company.name);
  const choice = page.getByLabel("Business", { exact: true });
  await expect(choice.locator("option", { hasText: company.name })).toHaveCount(1);
  await choice.selectOption({ label: company.name });

  // The server refuses once (as it does for a user already in that business): the toast, and no move.
  const addUrl = (url: URL) => url.pathname === `/api/auth/user/${id}/businesses`;
  await page.route(
    addUrl,
    (route) =>
      route.request().method() === "POST"
        ? refuse(409, "This user already belongs to that business.")(route)
        : route.continue(),
  );
  await page.getByRole("button", { name: "Add To Business" }).click();
  await expectToast(page, "This user already belongs to that business.");
  await expect(page).toHaveURL(`${userPath}/employee/new`);
  await page.unroute(addUrl);

  await page.getByRole("button", { name: "Add To Business" }).click();
  await expectToast(page, "User attached to business");
  await arrive(userPath);
  await page.getByRole("tab", { name: "Businesses", exact: true }).click();
  await expect(page.getByRole("tabpanel").getByRole("link", { name: company.name })).toBeVisible();

  // A new business made for them.
  const newName = `Marsh Skiff ${Date.now().toString(36)}`;
  await page.getByRole("tabpanel").getByRole("link", { name: "Add To Business" }).click();
  await arrive(`${userPath}/employee/new`);
  await page.getByLabel("Create a new business").check();
  await page.getByRole("button", { name: "Add To Business" }).click();
  await expectToast(page, "Business Name is required!");
  await page.getByLabel(/^Business Name/).fill(newName);
  await page.getByRole("button", { name: "Add To Business" }).click();
  await expectToast(page, "User attached to new business");
  await arrive(userPath);
  await page.getByRole("tab", { name: "Businesses", exact: true }).click();
  await expect(page.getByRole("tabpanel").getByRole("link", { name: newName })).toBeVisible();
});

test("an administrator adds a business through New Business and edits it through Manage Business", async ({ page, logInAs, visit, arrive }) => {
  await logInAs("admin");
  await visit("/app/admin/businesses");
  await page.getByRole("link", { name: "Add", exact: true }).click();
  await arrive("/app/admin/businesses/new");

  // The name is checked on the page; the phone, e-mail and tax id rules are the server's (admin spec §5).
  await page.getByRole("button", { name: "Add Business" }).click();
  await expect(page.getByText("Company Name is required!")).toBeVisible();
  const name = `Gulf Pilot ${Date.now().toString(36)} Inc`;
  await page.getByLabel(/^Company Name/).fill(name);
  await page.getByLabel(/^Phone/).fill("12");
  await page.getByLabel(/^E-mail/).fill("not-an-address");
  await page.getByRole("button", { name: "Add Business" }).click();
  const fieldError = (text: string) => page.locator(".field-error").filter({ hasText: text });
  await expect(fieldError("Please enter a valid phone number")).toBeVisible();
  await expect(fieldError("Please enter a valid email address")).toBeVisible();
  await expect(fieldError("Company Tax ID is required")).toBeVisible();

  await page.getByLabel(/^Phone/).fill("(504) 555-0170");
  await page.getByLabel(/^E-mail/).fill("office@gulfpilot.example");
  await page.getByLabel(/^Tax ID \(EIN\)/).fill("72-5550170");
  await page.getByLabel(/^City/).fill("Morgan City");
  await page.getByRole("button", { name: "Add Business" }).click();
  await expectToast(page, "Business has been added");
  await arrive(/\/app\/admin\/businesses\/\d+$/);
  const detail = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(page.getByText("72-5550170")).toBeVisible();

  await page.getByRole("link", { name: "Manage Business" }).click();
  await arrive(`${detail}/manage`);
  await expect(page.getByLabel(/^Company Name/)).toHaveValue(name);
  await expect(page.getByLabel(/^City/)).toHaveValue("Morgan City");
  await page.getByLabel(/^DBA name/).fill("Gulf Pilot Boats");
  await page.getByLabel(/^City/).fill("Houma");
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Business has been updated");
  await arrive(detail);
  await expect(page.getByText("Gulf Pilot Boats")).toBeVisible();
  await expect(page.getByText(/Houma/)).toBeVisible();
});
