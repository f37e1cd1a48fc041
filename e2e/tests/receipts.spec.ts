/**
 * Journey (issue 25 item 1, decision 0063): at 390 px a member buys a store item, finds the receipt e-mail in
 * the development mailbox (/dev/mail) and the order with its receipt PDF in their order history, then opens the
 * history and the receipt again offline (service workers on, as in offline.spec.ts).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { goOffline } from "../support/offline.ts";
import { registerMemberThroughApi } from "../support/members.ts";

test.use({ serviceWorkers: "allow", viewport: { width: 390, height: 844 } });
// Six screens with axe, a service worker install and an offline reload outgrow 2 min on a busy two-core machine.
test.describe.configure({ timeout: 300_000 });

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

test("a member buys a store item and finds its receipt in the mail and in their orders, also offline", async ({ page, context, visit, arrive }) => {
  const member = await registerMemberThroughApi(page.request);

  await visit("/app/store");
  await page.getByRole("button", { name: "Add to cart: Alarm Swab Replacement" }).click();
  await expect(toast(page, "Added to cart")).toBeVisible();
  await visit("/app/cart/checkout");
  await expect(page.getByLabel(/ending in 4242/)).toBeChecked();
  const answered = page.waitForResponse("**/api/auth/account/order/purchase");
  await page.getByRole("button", { name: "Purchase" }).click();
  const order = (await (await answered).json()).data.attributes;
  await arrive(`/app/cart/checkout/thank-you?order=${order.number}`);
  await expect(page.getByText("A receipt is on its way to your e-mail.")).toBeVisible();

  // The receipt e-mail, in the one outbox, once.
  await visit("/dev/mail");
  const mail = page.getByRole("article").filter({ hasText: `Your APCA receipt for order ${order.number}` });
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText(member.email);
  await expect(mail).toContainText("Total paid: $7.00");
  await expect(mail).toContainText("ending 4242");

  // The order history, from the dashboard.
  await visit("/app");
  await page.getByRole("link", { name: "Your orders and receipts" }).click();
  await arrive("/app/account/orders");
  const row = page.getByTestId(`order-${order.number}`);
  await expect(row).toContainText("Store order");
  await expect(row).toContainText("$7.00");
  await expect(row).toContainText("Paid");
  const downloaded = page.waitForEvent("download");
  await row.getByRole("button", { name: `Receipt for order ${order.number} (PDF)` }).click();
  expect((await downloaded).suggestedFilename()).toBe(`receipt-${order.number}.pdf`);
  const noSideways = await page.evaluate(() =>
    // deno-lint-ignore no-explicit-any
    (globalThis as any).document.documentElement.scrollWidth <= 390
  );
  expect(noSideways).toBe(true);

  // Offline: the history and the receipt open from the device.
  await goOffline(context, page);
  await page.goto("/app/account/orders");
  await expect(page.getByText(/^Offline: showing data from/).first()).toBeVisible();
  const offlineRow = page.getByTestId(`order-${order.number}`);
  await expect(offlineRow).toContainText("$7.00");
  await expect(offlineRow.getByText("Not saved on this device")).toHaveCount(0);
  const again = page.waitForEvent("download");
  await offlineRow.getByRole("button", { name: `Receipt for order ${order.number} (PDF)` }).click();
  expect((await again).suggestedFilename()).toBe(`receipt-${order.number}.pdf`);
  await context.setOffline(false);
});
