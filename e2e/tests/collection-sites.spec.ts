/**
 * Journey: a mariner finds a collection site near them on a phone (issue 25 item 5): from the partner-labs page,
 * by a ZIP code in the address (the selection notice's link), by typing another ZIP code, and by their
 * location; each site a card with its distance and an "Open in maps" link. No sideways scrolling, axe clean.
 */
import { expect, test } from "../support/fixtures.ts";
import { checkScreen } from "../support/screen-checks.ts";

test.use({ viewport: { width: 390, height: 844 } });

const MAPS = /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=.+%2C%20[A-Z]{2}%20\d{5}$/;

test("the site finder lists sites for a ZIP code, each with an Open in maps link", async ({ page, visit }) => {
  await visit("/partner-labs");
  await page.getByRole("link", { name: "Find a collection site near you" }).click();
  await expect(page).toHaveURL("/collection-sites");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find a Collection Site");

  // The selection notice's link: ?zip= searches at once.
  await visit("/collection-sites?zip=77029");
  await expect(page.getByRole("textbox", { name: "ZIP code" })).toHaveValue("77029");
  await expect(page.getByRole("heading", { name: "10 collection sites near ZIP code 77029" })).toBeVisible();
  const cards = page.locator(".site-card");
  await expect(cards).toHaveCount(10);
  await expect(cards.first().getByRole("heading", { level: 3 })).toHaveText(
    "Ship Channel Occupational Health",
  );
  await expect(cards.first()).toContainText("1200 Clinton Dr");
  await expect(cards.first()).toContainText(/\d+(\.\d)? miles? away/);
  await expect(cards.first()).toContainText("DOT urine collection");
  for (const card of await cards.all()) {
    const link = card.getByRole("link", { name: /^Open in maps/ });
    await expect(link).toHaveAttribute("href", MAPS);
    await expect(link).toHaveAttribute("target", "_blank");
  }
  await checkScreen(page, "/collection-sites?zip=77029", { phone: true });

  // Another ZIP code: the address follows, and New Orleans' sites come first.
  await page.getByRole("textbox", { name: "ZIP code" }).fill("70130");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL("/collection-sites?zip=70130");
  await expect(cards.first().getByRole("heading", { level: 3 })).toHaveText(
    "Crescent City Occupational Health",
  );

  // A ZIP code that cannot be placed, and one that is not a ZIP code, are told under the field.
  await page.getByRole("textbox", { name: "ZIP code" }).fill("00000");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("We could not find that ZIP code. Check it, or use your location."))
    .toBeVisible();
  await page.getByRole("textbox", { name: "ZIP code" }).fill("123");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("Enter a 5-digit ZIP code.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "ZIP code" })).toHaveAttribute("aria-invalid", "true");
});

test("Use my location says so when the browser blocks it", async ({ page, visit }) => {
  await visit("/collection-sites");
  await page.getByRole("button", { name: "Use my location" }).click();
  await expect(page.getByText("Location access is blocked for this site.", { exact: false })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "ZIP code" })).toBeEditable();
});

test.describe("with the location shared", () => {
  test.use({ permissions: ["geolocation"], geolocation: { latitude: 30.69, longitude: -88.04 } });

  test("Use my location searches around the browser's position", async ({ page, visit }) => {
    await visit("/collection-sites");
    await page.getByRole("button", { name: "Use my location" }).click();
    await expect(page.getByRole("heading", { name: /collection sites near your location/ })).toBeVisible();
    await expect(page.locator(".site-card").first().getByRole("heading", { level: 3 })).toHaveText(
      "Port City Occupational Health",
    );
    // A location is not put in the address.
    await expect(page).toHaveURL("/collection-sites");
  });
});
