/**
 * Journey (issue 24 item 5, decision 0061): a member buys replacement custody control forms; an administrator
 * finds the order in the orders list by its number, marks it shipped with a carrier and tracking number; the
 * member, on a phone (390 px), sees it shipped with its tracking number on their order.
 */
import { expect, test } from "../support/fixtures.ts";
import { registerMemberThroughApi } from "../support/members.ts";

test.describe.configure({ timeout: 120_000 });

test("an administrator marks a custody-form order shipped and the member sees its tracking number", async ({ page, browser, logInAs, visit, arrive, baseURL }) => {
  // The member, in a context of their own at phone width.
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const memberPage = await phone.newPage();
  const member = await registerMemberThroughApi(memberPage.request, { membership: "none" });
  const items = await (await memberPage.request.get("/api/store/items")).json() as {
    data: { id: number; attributes: { name: string } }[];
  };
  const ccf = items.data.find((i) => i.attributes.name === "Replacement Custody Control Form");
  expect(ccf, "the seeded custody form").toBeDefined();
  const bought = await memberPage.request.post("/api/auth/account/order/purchase", {
    data: { payment_method_id: member.cardId, items: [{ id: ccf!.id, quantity: 2 }] },
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const number = (await bought.json()).data.attributes.number as string;

  // The administrator finds it in the orders list, to ship.
  await logInAs("admin");
  await visit("/app/admin/orders");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Orders" }).isVisible();
  await page.getByLabel("Search").fill(number);
  await page.getByLabel("Status").selectOption("to_ship");
  await page.getByRole("button", { name: "Apply" }).click();
  const row = page.getByRole("row").filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("To ship")).toBeVisible();
  await row.getByRole("link", { name: number }).click();
  await arrive(/\/app\/admin\/orders\/\d+$/);
  await expect(page.getByTestId("fulfilment-state")).toHaveText("To ship");

  // An empty form is refused under its fields; then it is marked shipped.
  await page.getByRole("button", { name: "Mark Shipped" }).click();
  await expect(page.getByText("Carrier is required")).toBeVisible();
  await page.getByLabel("Carrier").fill("UPS");
  await page.getByLabel("Tracking number").fill("1Z999AA10123456799");
  await page.getByRole("button", { name: "Mark Shipped" }).click();
  await expect(page.locator(".toasts .toast").filter({ hasText: "Order marked shipped" })).toBeVisible();
  await expect(page.getByTestId("fulfilment-state")).toHaveText("Shipped");
  await expect(page.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Mark Delivered" })).toBeVisible();
  // The order's History names the step, who took it and the tracking number it set (decision 0062).
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByText(/: order shipped \(order \d+\)/)).toBeVisible();
  await expect(history.getByText("tracking_number: — → 1Z999AA10123456799")).toBeVisible();

  // The member sees it shipped, with the tracking number, at 390 px without sideways scroll.
  await memberPage.goto(`/app/cart/checkout/thank-you?order=${encodeURIComponent(number)}`);
  await expect(memberPage.getByTestId("order-shipping")).toHaveText("Shipped");
  await expect(memberPage.getByTestId("order-tracking")).toHaveText("UPS 1Z999AA10123456799");
  const { scrollWidth, clientWidth } = await memberPage.locator("html").evaluate((html) => ({
    scrollWidth: html.scrollWidth,
    clientWidth: html.clientWidth,
  }));
  expect(scrollWidth, "no sideways scroll at 390 px").toBeLessThanOrEqual(clientWidth);
  await phone.close();
});
