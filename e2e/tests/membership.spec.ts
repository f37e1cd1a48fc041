/**
 * Journey: the member's account and membership (public spec §2 /app/account and /app/account/membership/*,
 * §4 "Membership", §8 toasts; admin spec §2 pause form, resume screen and history table, §5, §9). Each test
 * starts from a fresh member registered through the API (annual membership, sandbox card 4242…), so the
 * screens are reached as a member would after registering.
 */
import type { Page } from "@playwright/test";
import postgres from "postgres";
import process from "node:process";
import { databaseUrl } from "../support/database.ts";
import { expect, test } from "../support/fixtures.ts";
import { toast } from "../support/toasts.ts";
import { registerMemberThroughApi, SANDBOX_CARDS } from "../support/members.ts";

// A long journey with axe at every screen; on a busy two-core machine that outgrows 30 s.
test.describe.configure({ timeout: 180_000 });

const BASE = "/app/account/membership";
/** A toast by its message (each toast reads "Success: …" or "Error: …" to a screen reader). */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[()]/g, "\\$&")}\\s*(\\(required\\))?$`));
const card = (page: Page) => page.getByRole("region", { name: "Your membership" });
const history = (page: Page) => page.getByRole("region", { name: "Membership history" });
const historyRows = (page: Page) => history(page).locator("tbody tr");

async function fillCard(page: Page, number: string) {
  await field(page, "Card number").fill(number);
  await field(page, "Expiration (MM/YY)").fill("12/34");
  await field(page, "CVC").fill("123");
  await field(page, "ZIP").fill("70112");
  await page.getByRole("button", { name: "Save Card" }).click();
}

test("account, pause, resume, cancel, renew after a decline, and the saved cards", async ({ page, visit, arrive, checkA11y }) => {
  const member = await registerMemberThroughApi(page.request);

  // /app/account: the details (never more of the SSN than its last four digits) and the membership summary.
  await visit("/app/account");
  const details = page.getByRole("region", { name: "Account details" });
  await expect(details.getByText("Rita Mariner")).toBeVisible();
  await expect(details.getByText(member.email)).toBeVisible();
  await expect(details.getByText(`SSN on file: •••• ${member.ssnLast4}`)).toBeVisible();
  await expect(page.getByText("Annual consortium membership")).toBeVisible();
  await page.getByRole("link", { name: "Membership details" }).click();

  // Details: a fresh annual membership is active, can be paused or cancelled, and is not yet renewable.
  await arrive(`${BASE}/details`);
  await expect(card(page).getByText("Active", { exact: true })).toBeVisible();
  await expect(card(page).getByText("Auto-renews")).toBeVisible();
  await expect(page.getByRole("link", { name: "Renew Membership" })).toHaveCount(0);
  await expect(historyRows(page)).toHaveCount(1);
  await expect(page.getByRole("columnheader")).toHaveText(["Created", "Expiration Date", "Type", "Status"]);

  // Pause: both validation texts, then 'Other' with its free text replacing the reason.
  await page.getByRole("link", { name: "Pause Membership" }).click();
  await arrive(`${BASE}/pause`);
  const pauseButton = page.getByRole("button", { name: "Pause Membership" });
  await pauseButton.click();
  await expect(page.getByLabel("No longer working on the water")).toHaveAccessibleDescription(
    "Reason is required",
  );
  await expect(page.getByLabel("No longer working on the water")).toBeFocused();
  await checkA11y();
  await page.getByLabel("Other", { exact: true }).check();
  await pauseButton.click();
  await expect(field(page, "Reason for pausing")).toHaveAccessibleDescription(
    /Reason for pausing membership is required/,
  );
  await checkA11y();
  await field(page, "Reason for pausing").fill("Dry dock for the winter");
  const pause = page.waitForRequest("**/api/auth/account/membership/pause");
  await pauseButton.click();
  const pauseRequest = await pause;
  expect(pauseRequest.postDataJSON()).toEqual({ reason: "Other", other_reason: "Dry dock for the winter" });
  expect(pauseRequest.headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  await expect(toast(page, "Membership has been paused successfully")).toBeVisible();
  await arrive(`${BASE}/details`);
  await expect(card(page).getByText("Paused", { exact: true })).toBeVisible();
  await expect(card(page).getByText(/Dry dock for the winter/)).toBeVisible();

  // Resume: the member's name, the notice, Keep Membership Paused, then Resume Membership.
  await page.getByRole("link", { name: "Resume Membership" }).click();
  await arrive(`${BASE}/resume`);
  await expect(page.getByRole("heading", { level: 2, name: "Rita Mariner" })).toBeVisible();
  await expect(page.getByText("eligible for monthly random drug tests")).toBeVisible();
  await expect(page.getByRole("link", { name: "Keep Membership Paused" })).toHaveAttribute(
    "href",
    `${BASE}/details`,
  );
  await page.getByRole("button", { name: "Resume Membership" }).click();
  await expect(toast(page, "Membership has been resumed successfully")).toBeVisible();
  await arrive(`${BASE}/details`);
  await expect(card(page).getByText("Active", { exact: true })).toBeVisible();

  // Cancel: pausing is allowed, so step 1 offers it instead; step 2 states the consequences.
  await page.getByRole("link", { name: "Cancel Membership" }).click();
  await arrive(`${BASE}/cancel`);
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(/Step 1 of 2/);
  await expect(page.getByRole("link", { name: "Pause instead" })).toHaveAttribute("href", `${BASE}/pause`);
  await page.getByRole("button", { name: "Continue to cancel" }).click();
  await expect(page.getByRole("heading", { level: 2, name: /Step 2 of 2/ })).toBeFocused();
  const confirmCancel = page.getByRole("button", { name: "Yes, Cancel Membership" });
  await expect(confirmCancel).toHaveAccessibleDescription(/your coverage ends today/);
  await checkA11y();
  const cancel = page.waitForRequest("**/api/auth/account/membership/cancel");
  await confirmCancel.click();
  expect((await cancel).method()).toBe("DELETE");
  await expect(toast(page, "Membership has been cancelled successfully")).toBeVisible();
  await arrive(`${BASE}/details`);
  await expect(card(page).getByText("Cancelled", { exact: true })).toBeVisible();

  // Renew: a cancelled membership can be renewed, at the renewal price (the member had a paid annual one).
  await page.getByRole("link", { name: "Renew Membership" }).click();
  await arrive(`${BASE}/new`);
  await expect(page.getByLabel(/Annual membership: \$95 per year/)).toBeChecked();
  await expect(page.getByLabel(/ending in 4242/)).toBeChecked();

  // A card that will be declined, added from /new and back again through ?redirect=.
  await page.getByRole("link", { name: "Add a card" }).click();
  // The round trip of components/pay-with.tsx: back to /new with the new card chosen (only `/` stays unescaped).
  await arrive(`${BASE}/payments/add?redirect=${BASE}/new`);
  await fillCard(page, SANDBOX_CARDS.insufficientFunds);
  await expect(toast(page, "Payment method added successfully")).toBeVisible();
  await arrive(`${BASE}/new`);
  await expect(page.getByLabel(/ending in 9995/)).toBeChecked();
  const purchase = page.getByRole("button", { name: "Purchase" });
  await purchase.click();
  await expect(toast(page, "Your card has insufficient funds.")).toBeVisible();
  await expect(purchase).toBeEnabled();
  await checkA11y();

  await page.getByLabel(/ending in 4242/).check();
  const start = page.waitForRequest((r) =>
    r.url().endsWith("/api/auth/account/membership") && r.method() === "POST"
  );
  await purchase.click();
  const startRequest = await start;
  expect(startRequest.postDataJSON()).toEqual({ is_annual: true, payment_method_id: member.cardId });
  await expect(toast(page, "Your Membership Has Been Started")).toBeVisible();
  await arrive(`${BASE}/details`);
  await expect(card(page).getByText("Active", { exact: true })).toBeVisible();
  await expect(history(page).getByText("Cancelled", { exact: true })).toBeVisible();

  // Cards: a second 4242 becomes the default; the declined card is removed after the confirmation dialog.
  await page.getByRole("link", { name: "Manage payment methods" }).click();
  await arrive(`${BASE}/payments`);
  const items = page.locator(".card-item");
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText("4242");
  await expect(items.first().getByText("Default", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Add card" }).click();
  await arrive(`${BASE}/payments/add`);
  await fillCard(page, SANDBOX_CARDS.ok);
  await expect(toast(page, "Payment method added successfully")).toBeVisible();
  await arrive(`${BASE}/payments`);
  await expect(items).toHaveCount(3);

  const makeDefault = page.getByRole("button", { name: /Make default: .* ending in 4242/ });
  await expect(makeDefault).toHaveCount(1);
  await makeDefault.click();
  await expect(toast(page, "Your default payment method has been updated")).toBeVisible();
  await expect(page.getByText("Default", { exact: true })).toHaveCount(1);
  await expect(items.first().getByText("Default", { exact: true })).toBeVisible();
  // The new 4242 is the default now (the registration card offers Make default instead), also after a reload.
  await page.reload();
  await checkA11y();
  await expect(items.first().getByText("Default", { exact: true })).toBeVisible();
  await expect(makeDefault).toHaveCount(1);
  const saved = await (await page.request.get("/api/auth/account/payment-methods")).json() as {
    data: { id: number; attributes: { last4: string; default: boolean } }[];
  };
  const defaultCard = saved.data.find((c) => c.attributes.default);
  expect(defaultCard?.attributes.last4).toBe("4242");
  expect(defaultCard?.id).not.toBe(member.cardId);

  const remove = page.getByRole("button", { name: /Remove: .* ending in 9995/ });
  await remove.click();
  const dialog = page.getByRole("dialog", { name: "Remove this card?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Keep card" })).toBeFocused();
  await checkA11y();
  // Focus stays inside: Tab wraps from the last button to the first.
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Remove card" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Keep card" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
  await remove.click();
  await dialog.getByRole("button", { name: "Remove card" }).click();
  await expect(toast(page, "Payment method removed")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(items).toHaveCount(2);
  await expect(page.getByText(/9995/)).toHaveCount(0);
  await checkA11y();
});

test("the pause warning: 125 or more paused days of the last 185, on the details and the dashboard", async ({ page, visit }) => {
  const member = await registerMemberThroughApi(page.request);
  // A long pause that ended five days ago, written straight into the database: the history a year of
  // seasons would leave. The membership is backdated so that the pause falls inside it.
  const sql = postgres(databaseUrl(process.env.E2E_DATABASE_NAME!), { max: 1, onnotice: () => {} });
  try {
    await sql`
      update memberships set created_at = now() - interval '200 days', starts_at = now() - interval '200 days'
      where user_id = (select id from users where email = ${member.email})`;
    await sql`
      insert into membership_pauses (membership_id, paused_at, resumed_at, reason)
      select m.id, now() - interval '140 days', now() - interval '5 days', 'Currently out of season'
      from memberships m join users u on u.id = m.user_id
      where u.email = ${member.email}
      order by m.id desc limit 1`;
  } finally {
    await sql.end();
  }

  await visit(`${BASE}/details`);
  const warning = page.getByRole("status").filter({ hasText: "An extra drug test is required" });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(/paused for 13\d of the last 185 days/);

  await visit("/app");
  await expect(page.getByRole("status").filter({ hasText: "An extra drug test is required" })).toContainText(
    /paused for 13\d of the last 185 days/,
  );

  await visit("/app/account");
  await expect(page.getByRole("status").filter({ hasText: "An extra drug test is required" })).toBeVisible();
});

test("a fresh account without a membership: start one from the empty states", async ({ page, visit, arrive }) => {
  await registerMemberThroughApi(page.request, { membership: "none" });
  await visit(`${BASE}/details`);
  await expect(page.getByText("You have no membership yet.")).toBeVisible();
  await expect(page.getByText("No memberships yet")).toBeVisible();
  await page.getByRole("link", { name: "Start Membership" }).click();
  await arrive(`${BASE}/new`);
  await expect(page.getByLabel(/Annual membership: \$105 per year/)).toBeChecked();
  await page.getByLabel(/One-time test: \$75/).check();
  await expect(page.getByRole("definition")).toHaveText("$75");
  await page.getByRole("button", { name: "Purchase" }).click();
  await expect(toast(page, "Your Membership Has Been Started")).toBeVisible();
  await arrive(`${BASE}/details`);
  await expect(card(page).getByText("One-time drug test")).toBeVisible();
  // A one-time membership cannot be paused, so cancelling is a single confirmation.
  await expect(page.getByRole("link", { name: "Pause Membership" })).toHaveCount(0);
  await page.getByRole("link", { name: "Cancel Membership" }).click();
  await arrive(`${BASE}/cancel`);
  await expect(page.getByRole("heading", { level: 2 })).toHaveText("Cancel your membership?");
  await expect(page.getByRole("link", { name: "Pause instead" })).toHaveCount(0);
});
