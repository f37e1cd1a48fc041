/**
 * Journey: an administrator manages a member's membership (admin spec §2 "Admin membership details",
 * "Setup/Renew Membership (admin variant)", "Pause Membership form and Resume screen", "Membership history
 * table"; §5 manual charge and update rules; §8 toasts). The seeded administrator opens a new member's (no
 * membership yet, no card) details, sets one up with a manual charge, pauses it, resumes it and updates its
 * expiry, on the same membership screens the member uses (features/membership).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { toast } from "../support/toasts.ts";
import { registerMemberThroughApi } from "../support/members.ts";

// axe at every screen on a busy two-core machine outgrows the default 30 s.
test.describe.configure({ timeout: 120_000 });

const card = (page: Page) => page.getByRole("region", { name: "Membership", exact: true });

/** Checks a toast and closes it, so the next identical toast (pause and resume say the same) is a new one. */
async function expectToast(page: Page, text: string) {
  const shown = toast(page, text);
  await expect(shown).toBeVisible();
  await shown.locator(".toast-close").click();
  await expect(shown).toHaveCount(0);
}

test("an administrator sets up, pauses, resumes and updates a member's membership", async ({ page, logInAs, visit, arrive, checkA11y }) => {
  // A member of its own with no membership and no card (the seeded member's active membership is the demo's).
  const fresh = await registerMemberThroughApi(page.request, { membership: "none", card: false });
  await logInAs("admin");
  const found = await page.request.get(`/api/auth/users?search=${encodeURIComponent(fresh.email)}`);
  expect(found.ok(), await found.text()).toBe(true);
  const { data } = await found.json() as { data: { id: number; attributes: { email: string } }[] };
  const member = data.find((u) => u.attributes.email === fresh.email);
  expect(member, "the new member").toBeDefined();
  const BASE = `/app/admin/users/${member!.id}/membership`;

  // Details without a membership: the empty card, the Payment Methods card and its link, an empty history.
  await visit(`${BASE}/details`);
  await expect(card(page).getByText("This member has no membership yet.")).toBeVisible();
  const cards = page.getByRole("region", { name: "Payment Methods" });
  await expect(cards.getByRole("link", { name: "Manage Payment Methods" })).toHaveAttribute(
    "href",
    `${BASE}/payments`,
  );
  await expect(cards.getByRole("button")).toHaveCount(0);
  await expect(page.getByText("No memberships yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Update Membership Details" })).toHaveCount(0);

  // Set up with a manual charge: both of admin §5's messages, then a check received today.
  await page.getByRole("link", { name: "Start Membership" }).click();
  await arrive(`${BASE}/new`);
  await page.getByLabel("Manual charge").check();
  const purchase = page.getByRole("button", { name: "Purchase" });
  await purchase.click();
  await expect(page.getByText("Payment Medium is required")).toBeVisible();
  await expect(page.getByText("Payment Date is required")).toBeVisible();
  await checkA11y();
  await page.getByLabel("Check Received").check();
  await page.getByLabel(/^Payment Date/).fill("2026-11-20");
  await page.getByLabel("Order a drug test", { exact: true }).check();
  const start = page.waitForRequest((r) => r.url().endsWith(`/api/auth/user/${member!.id}/membership`));
  await purchase.click();
  const body = (await start).postDataJSON();
  expect(body).toMatchObject({
    type: "manual",
    payment_medium: "Check Received",
    payment_date: "2026-11-20",
    membership_type: "annual",
    order_test: "true",
    expiration_date: null,
  });
  await expectToast(page, "User Membership Has Been Started");
  await arrive(`${BASE}/details`);
  await expect(card(page).getByText("Active", { exact: true })).toBeVisible();
  await expect(page.getByRole("columnheader")).toHaveText(["Created", "Expiration Date", "Type"]);

  // Pause, as the member's form does; its toast says what happened (decision 0078, not admin §8's words).
  await page.getByRole("link", { name: "Pause Membership" }).click();
  await arrive(`${BASE}/pause`);
  await page.getByLabel("Currently out of season").check();
  const pause = page.waitForRequest(`**/api/auth/user/${member!.id}/membership/pause`);
  await page.getByRole("button", { name: "Pause Membership" }).click();
  expect((await pause).headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  await expectToast(page, "Membership has been paused successfully");
  await arrive(`${BASE}/details`);
  await expect(card(page).getByText("Paused", { exact: true })).toBeVisible();

  // Resume: the member's full name, Keep Membership Paused back to the details, then Resume Membership.
  await page.getByRole("link", { name: "Resume Membership" }).click();
  await arrive(`${BASE}/resume`);
  await expect(page.getByRole("heading", { level: 2, name: fresh.fullName })).toBeVisible();
  await expect(page.getByText("eligible for monthly random drug tests")).toBeVisible();
  await expect(page.getByRole("link", { name: "Keep Membership Paused" })).toHaveAttribute(
    "href",
    `${BASE}/details`,
  );
  await page.getByRole("button", { name: "Resume Membership" }).click();
  await expectToast(page, "Membership has been resumed successfully");
  await arrive(`${BASE}/details`);
  await expect(card(page).getByText("Active", { exact: true })).toBeVisible();

  // Update the expiry: required while has-expiration is on, then a new date.
  await page.getByRole("link", { name: "Update Membership Details" }).click();
  await arrive(`${BASE}/update`);
  await expect(page.getByText("Administrators can only update the details listed below.")).toBeVisible();
  await expect(page.getByLabel("Has expiration")).toBeChecked();
  await page.getByLabel(/^Expiration Date/).fill("");
  await page.getByRole("button", { name: "Update Membership Details" }).click();
  await expect(page.getByText("Expiration Date is required")).toBeVisible();
  // Before saving, the form says what a date does (decision 0041): a past one ends the term without a charge.
  await page.getByLabel(/^Expiration Date/).fill("2020-01-01");
  const consequence = page.getByTestId("update-consequence");
  await expect(consequence).toContainText("This change ends the membership");
  await expect(consequence).toContainText(
    "The membership ended on Jan 1, 2020 (a day in the past) and will not be renewed: autorenewal will be " +
      "turned off, so this change charges nothing.",
  );
  await page.getByLabel(/^Expiration Date/).fill("2028-01-31");
  await expect(consequence).toContainText("The membership will run until Jan 31, 2028.");
  await expect(consequence).not.toContainText("ends the membership");
  const update = page.waitForRequest((r) =>
    r.url().endsWith(`/api/auth/user/${member!.id}/membership`) && r.method() === "PUT"
  );
  await page.getByRole("button", { name: "Update Membership Details" }).click();
  expect((await update).postDataJSON()).toEqual({ has_expiration: true, date: "2028-01-31" });
  await expectToast(page, "Membership has been updated successfully");
  await arrive(`${BASE}/details`);
  await expect(card(page).getByText("Jan 31, 2028")).toBeVisible();
});

test("a member cannot open another user's membership screens", async ({ page, logInAs, visit }) => {
  await logInAs("member");
  await visit("/app/admin/users/1/membership/details");
  await expect(page.getByText("You do not have access to this page.")).toBeVisible();
});
