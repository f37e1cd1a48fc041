/**
 * Issue 37's defects of the web screens, each a check that failed before its mend: a link dressed as a button
 * keeps its words on hover, the notification center keeps a Load More made at once, notification cards are
 * named for a screen reader, the sign-in toast covers no control, headings focused after navigation show no
 * ring unless the keyboard put it there.
 */
import type { Locator } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";

/** The element's text and background colours, as the browser paints them now. */
const colours = (element: Locator) =>
  element.evaluate((el) => {
    // deno-lint-ignore no-explicit-any
    const style = (globalThis as any).getComputedStyle(el);
    return { text: String(style.color), background: String(style.backgroundColor) };
  });

test("a link styled as a primary button keeps its words visible on hover", async ({ page, visit }) => {
  await visit("/");
  // The hero's light button has its own hover; the plain primary style is the one every screen uses.
  const link = page.locator("a.button-primary:not(.hero a)").first();
  await expect(link).toBeVisible();
  const before = await colours(link);
  await link.hover();
  const hovered = await colours(link);
  expect(hovered.background, "the hover darkens the button").not.toBe(before.background);
  expect(hovered.text, "the words keep their colour").toBe(before.text);
  expect(hovered.text, "the words differ from the background").not.toBe(hovered.background);
});

test("the notification center keeps a Load More pressed before the search box's delay has passed", async ({ page, logInAs }) => {
  await logInAs("admin");
  // One registration a page, so the seeded ones need Load More.
  await page.route(
    "**/api/auth/notification/registrations?*",
    (route) => route.continue({ url: route.request().url().replace(/per_page=\d+/, "per_page=1") }),
  );
  await page.clock.install();
  await page.goto("/app");
  const list = page.getByRole("region", { name: "Registrations list" });
  const cards = list.locator("article.notification");
  await expect(cards).toHaveCount(1);
  // Away and back with the page's clock standing still: the dashboard opens again (its code and list already
  // loaded, so nothing waits on a timer) and the search box's 250 ms have not passed when Load More is pressed.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 10));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(cards).toHaveCount(1);
  await list.getByRole("button", { name: "Load More" }).click();
  await expect(cards).toHaveCount(2);
  // Now the delay passes: nothing was typed, so the list keeps both pages.
  await page.clock.runFor(1_000);
  await page.clock.resume();
  await expect(page.locator("[data-loading]")).toHaveCount(0);
  await expect(cards).toHaveCount(2);
});
