/**
 * Rows of the public specification's member side that were present but never exercised (issue 37, "Untested
 * rows"): /app/member/businesses and /new (public spec §2, §5 "New business forms require a name"), the
 * owner-only tabs absent on an independent's business page (§2, §6 "Individual businesses lack owner tabs"),
 * the member's own pause, resume and cancel failures (§8; the change goes through the offline outbox, which
 * shows a refusal at once) and a payment-intent answer without its secret (§8 'No payment intent secret
 * received'). A refusal is made with page.route on the one call. Each test registers its own member.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { expectToast, toast } from "../support/toasts.ts";
import { refuse } from "../support/refuse.ts";
import { registerMemberThroughApi } from "../support/members.ts";

test.describe.configure({ timeout: 120_000 });

const membershipCard = (page: Page) => page.getByRole("region", { name: "Your membership" });

test("a member lists their businesses, adds a company (waiting for APCA) and a self-employed business", async ({ page, visit, arrive }) => {
  await registerMemberThroughApi(page.request);
  await visit("/app/member/businesses");
  const list = page.getByRole("list", { name: "Your businesses" });
  // Registration made their own (individual) business: Owner, Self-employed, Active.
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByRole("listitem").first()).toContainText("Owner");
  await expect(list.getByRole("listitem").first()).toContainText("Self-employed");
  await expect(list.getByRole("listitem").first()).toContainText("Active");

  await page.getByRole("link", { name: "Add Business" }).click();
  await arrive("/app/member/businesses/new");
  await page.getByRole("button", { name: "Add Business" }).click();
  await expect(page.getByText("Company Name is required!")).toBeVisible();
  const company = `Cypress Bayou ${Date.now().toString(36)} LLC`;
  await page.getByLabel(/^Company Name/).fill(company);
  await page.getByLabel(/^EIN/).fill("72-6660142");
  await page.getByRole("button", { name: "Add Business" }).click();
  await expectToast(page, "Your company has been sent to APCA for approval");
  await arrive(/\/app\/member\/businesses\/\d+$/);
  await expect(page.getByText("Not Approved")).toBeVisible();
  await expect(page.getByRole("tab")).toHaveCount(0);

  await visit("/app/member/businesses/new");
  await page.getByLabel("Self-employed").check();
  await expect(page.getByLabel(/^EIN/)).toHaveCount(0);
  await page.getByRole("button", { name: "Add Business" }).click();
  await expect(page.getByText("Company Name is required!")).toBeVisible();
  const own = `Rita's Deckhand Services ${Date.now().toString(36)}`;
  await page.getByLabel(/^Business Name/).fill(own);
  await page.getByRole("button", { name: "Add Business" }).click();
  await expectToast(page, "Business has been added");
  await arrive(/\/app\/member\/businesses\/\d+$/);

  await visit("/app/member/businesses");
  const items = page.getByRole("list", { name: "Your businesses" }).getByRole("listitem");
  await expect(items).toHaveCount(3);
  await expect(items.filter({ hasText: company })).toContainText("Not Approved");
  await expect(items.filter({ hasText: own })).toContainText("Self-employed");
});

test("an independent's own business page has no owner tabs", async ({ page, visit }) => {
  await registerMemberThroughApi(page.request);
  const { data } = await (await page.request.get("/api/auth/account/businesses")).json() as {
    data: { id: number; attributes: { is_individual: boolean; is_owner: boolean } }[];
  };
  const own = data.find((b) => b.attributes.is_individual && b.attributes.is_owner)!;
  await visit(`/app/member/businesses/${own.id}`);
  // Information and, with a membership, My Tests and My Downloads; none of a company owner's tabs.
  await expect(page.getByRole("tab")).toHaveText(["Information", "My Tests", "My Downloads"]);
  for (
    const name of ["Compliance", "Business Tests", "Random Selections", "Orders", "Vessels", "Employees"]
  ) {
    await expect(page.getByRole("tab", { name, exact: true })).toHaveCount(0);
  }
  await expect(page.getByText("Owner", { exact: true })).toBeVisible();
});

test("the member's own pause, resume and cancel: a refusal toasts the specification's words with the reason", async ({ page, visit, arrive }) => {
  await registerMemberThroughApi(page.request);
  const api = "**/api/auth/account/membership";

  await visit("/app/account/membership/pause");
  await page.getByLabel("No longer working on the water").check();
  await page.route(`${api}/pause`, refuse(409, "The membership changed meanwhile."));
  await page.getByRole("button", { name: "Pause Membership" }).click();
  await expectToast(page, "Error occurred while pausing membership. The membership changed meanwhile.");
  await expect(page.getByRole("button", { name: "Pause Membership" })).toBeEnabled();
  await page.unroute(`${api}/pause`);
  await page.getByRole("button", { name: "Pause Membership" }).click();
  await arrive("/app/account/membership/details");
  await expect(membershipCard(page).getByText("Paused", { exact: true })).toBeVisible();

  await visit("/app/account/membership/resume");
  await page.route(`${api}/resume`, refuse(409, "This membership is not paused."));
  await page.getByRole("button", { name: "Resume Membership" }).click();
  await expectToast(page, "Error occurred while resuming membership. This membership is not paused.");
  await expect(page.getByRole("button", { name: "Resume Membership" })).toBeEnabled();
  await page.unroute(`${api}/resume`);
  await page.getByRole("button", { name: "Resume Membership" }).click();
  await arrive("/app/account/membership/details");
  await expect(membershipCard(page).getByText("Active", { exact: true })).toBeVisible();

  await visit("/app/account/membership/cancel");
  await page.getByRole("button", { name: "Continue to cancel" }).click();
  await page.route(`${api}/cancel`, refuse(409, "The membership changed meanwhile."));
  await page.getByRole("button", { name: "Yes, Cancel Membership" }).click();
  await expectToast(page, "Error occurred while cancelling membership. The membership changed meanwhile.");
  await expect(page.getByRole("button", { name: "Yes, Cancel Membership" })).toBeEnabled();
  await page.unroute(`${api}/cancel`);
  await page.getByRole("button", { name: "Yes, Cancel Membership" }).click();
  await expectToast(page, "Membership has been cancelled successfully");
  await arrive("/app/account/membership/details");
  await expect(membershipCard(page).getByText("Cancelled", { exact: true })).toBeVisible();
});

test("a payment intent answered without its secret says 'No payment intent secret received'", async ({ page, visit }) => {
  await registerMemberThroughApi(page.request, { membership: "none", card: false });
  await visit("/app/account/membership/payments/add");
  await page.route(
    "**/api/auth/account/payment-intent",
    (route) => route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({}) }),
  );
  await page.getByLabel(/^Card number/).fill("4242424242424242");
  await page.getByLabel(/^Expiration \(MM\/YY\)/).fill("12/34");
  await page.getByLabel(/^CVC/).fill("123");
  await page.getByLabel(/^ZIP/).fill("70112");
  await page.getByRole("button", { name: "Save Card" }).click();
  await expect(page.getByText("No payment intent secret received")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save Card" })).toBeEnabled();
  await expect(toast(page, "Payment method added successfully")).toHaveCount(0);
});
