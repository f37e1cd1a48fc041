/**
 * Journey: store, cart and checkout (public spec §2 /app/store … /thank-you, §3 order payload and cart item,
 * §8 success toast; admin spec §4 Checkout, §5 Purchase disabled, §8 checkout failure). Each test is a fresh
 * member registered through the API, with sandbox cards added through the API: 4242… is charged,
 * 4000 0000 0000 9995 saves but is declined with insufficient funds when charged.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, USERS } from "../support/fixtures.ts";
import { signIn } from "../support/second-factor.ts";

// Registration, card set-up and axe on every screen outgrow 30 s on a busy two-core machine.
test.describe.configure({ timeout: 90_000 });

const CARD_OK = "4242424242424242";
const CARD_NO_FUNDS = "4000000000009995";

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const quantity = (page: Page, item: string) =>
  page.getByRole("spinbutton", { name: `Quantity of ${item}`, exact: true });
const cartLink = (page: Page) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Cart,/ });

/** A new signed-in member (the page's cookies hold the session), with the given cards saved in order. */
async function newMember(page: Page, cards: string[]) {
  const request = page.request;
  const email = `shopper-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const account = await request.post("/api/register/member/account", {
    data: {
      email,
      password: "anchors-aweigh-1",
      recaptcha: "dev-captcha-ok",
      opt_in_text: true,
      first_name: "Sam",
      last_name: "Shopper",
      terms_and_conditions: true,
      phone: "(504) 555-0100",
      address_one: "1 Levee Rd",
      city: "New Orleans",
      state: "LA",
      postal_code: "70112",
      country: "United States of America",
      is_licensed: false,
      ssn: "1234",
      is_company: false,
    },
  });
  expect(account.status(), await account.text()).toBe(201);
  for (const card of cards) await addCard(request, card);
}

async function addCard(request: APIRequestContext, cardNumber: string) {
  const intent = await request.get("/api/auth/account/payment-intent");
  expect(intent.status()).toBe(200);
  const { secret } = await intent.json();
  const confirmed = await request.post("/api/payments/sandbox/setup-intents/confirm", {
    data: { client_secret: secret, card_number: cardNumber, exp: "12/34", cvc: "123", zip: "70112" },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const saved = await request.post("/api/auth/account/payment-methods", {
    data: { setup_intent_id: (await confirmed.json()).setup_intent_id },
  });
  expect(saved.status()).toBe(201);
}

async function addFromStore(page: Page, name: string) {
  await page.getByRole("button", { name: `Add to cart: ${name}` }).click();
  await expect(toast(page, "Added to cart")).toBeVisible();
}

test("a member buys two items, one twice; the cart survives a reload and is empty afterwards", async ({ page, visit, arrive, checkA11y }) => {
  await newMember(page, [CARD_OK]);

  await visit("/app/store");
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 0 items");
  await addFromStore(page, "Post-Accident Test Charge");
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 1 item");

  // The second item from its details page.
  await page.getByRole("link", { name: "Alarm Swab Replacement" }).click();
  await arrive(/\/app\/store\/item\/\d+$/);
  await expect(page.getByRole("heading", { level: 2, name: "Alarm Swab Replacement" })).toBeVisible();
  await expect(page.getByText("$7.00")).toBeVisible();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 2 items");

  await cartLink(page).click();
  await arrive("/app/cart");
  await page.getByRole("button", { name: "Increase quantity of Post-Accident Test Charge" }).click();
  await expect(quantity(page, "Post-Accident Test Charge")).toHaveValue("2");
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 3 items");
  const total = page.locator("tfoot td.cart-total");
  await expect(total).toHaveText("$127.00");

  await page.reload();
  await checkA11y();
  await expect(quantity(page, "Post-Accident Test Charge")).toHaveValue("2");
  await expect(total).toHaveText("$127.00");

  await page.getByRole("link", { name: "Checkout" }).click();
  await arrive("/app/cart/checkout");
  await expect(page.getByLabel(/ending in 4242/)).toBeChecked();
  await expect(page.getByTestId("checkout-total")).toHaveText("$127.00");

  const sent = page.waitForRequest("**/api/auth/account/order/purchase");
  const answered = page.waitForResponse("**/api/auth/account/order/purchase");
  await page.getByRole("button", { name: "Purchase" }).click();
  const request = await sent;
  expect(request.headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  expect(request.postDataJSON().items).toHaveLength(2);
  expect(request.postDataJSON().items).toContainEqual({ id: expect.any(Number), quantity: 2 });
  const response = await answered;
  expect(response.status()).toBe(201);
  const order = (await response.json()).data.attributes;
  expect(order.total_cents).toBe(12700);

  await expect(toast(page, "Your transaction was processed successfully")).toBeVisible();
  await arrive(`/app/cart/checkout/thank-you?order=${order.number}`);
  await expect(page.getByTestId("order-number")).toHaveText(order.number);
  await expect(page.getByTestId("order-total")).toHaveText("$127.00");
  await expect(page.getByRole("rowheader", { name: "Post-Accident Test Charge" })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "Alarm Swab Replacement" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the store" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the dashboard" })).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 0 items");

  await cartLink(page).click();
  await arrive("/app/cart");
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse the store" })).toBeVisible();
});

test("a declined card: the error in a toast, Purchase re-enabled, the cart intact, a new key next time", async ({ page, visit, arrive }) => {
  await newMember(page, [CARD_OK, CARD_NO_FUNDS]);
  await visit("/app/store");
  await addFromStore(page, "Replacement Custody Control Form");

  await visit("/app/cart/checkout");
  await expect(page.getByLabel(/ending in 4242/)).toBeChecked(); // the default, the first card saved
  await page.getByLabel(/ending in 9995/).check();

  const purchase = page.getByRole("button", { name: "Purchase" });
  const first = page.waitForRequest("**/api/auth/account/order/purchase");
  await purchase.click();
  const firstKey = (await first).headers()["idempotency-key"];
  await expect(toast(page, "Your card has insufficient funds.")).toBeVisible();
  await expect(purchase).toBeEnabled();
  await expect(page).toHaveURL("/app/cart/checkout");
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 1 item");
  await expect(page.getByTestId("checkout-total")).toHaveText("$60.00");

  // Trying again is a new attempt: the server would replay the decline for the old key.
  const second = page.waitForRequest("**/api/auth/account/order/purchase");
  await purchase.click();
  const secondKey = (await second).headers()["idempotency-key"];
  expect(secondKey).toMatch(/^[0-9a-f-]{36}$/);
  expect(secondKey).not.toBe(firstKey);
  await expect(purchase).toBeEnabled();
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 1 item");

  await cartLink(page).click();
  await arrive("/app/cart");
  await expect(quantity(page, "Replacement Custody Control Form")).toHaveValue("1");
});

test("Purchase is disabled with no card to choose, and with a total of $0.00", async ({ page, request, visit, arrive }) => {
  // A free item, added by an administrator (its own API session, not the page's).
  const freeName = `Free leaflet ${Date.now()}`;
  await signIn(request, USERS.admin);
  const created = await request.post("/api/auth/items", {
    data: { name: freeName, cost_cents: 0, description: "No charge.", sort_order: 999 },
  });
  expect(created.status(), await created.text()).toBe(201);

  await newMember(page, []);
  await visit("/app/store");
  await addFromStore(page, "Alarm Swab Replacement");
  await visit("/app/cart/checkout");
  await expect(page.getByText("You have no saved cards yet.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Purchase" })).toBeDisabled();
  await expect(page.getByText("Choose a card to pay with.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Add a card" })).toHaveAttribute(
    "href",
    "/app/account/membership/payments/add?redirect=/app/cart/checkout",
  );

  await addCard(page.request, CARD_OK);
  await visit("/app/store");
  await addFromStore(page, freeName);
  await cartLink(page).click();
  await arrive("/app/cart");
  await page.getByRole("button", { name: "Remove Alarm Swab Replacement" }).click();
  await expect(page.locator("tfoot td.cart-total")).toHaveText("$0.00");
  await page.getByRole("link", { name: "Checkout" }).click();
  await arrive("/app/cart/checkout");
  await expect(page.getByLabel(/ending in 4242/)).toBeChecked();
  await expect(page.getByTestId("checkout-total")).toHaveText("$0.00");
  await expect(page.getByRole("button", { name: "Purchase" })).toBeDisabled();
  await expect(page.getByText("Your total is $0.00")).toBeVisible();
});
