/**
 * Issue 37's defects of the web screens, each a check that failed before its mend: a link dressed as a button
 * keeps its words on hover, the notification center keeps a Load More made at once, notification cards are
 * named for a screen reader, the sign-in toast covers no control, headings focused after navigation show no
 * ring unless the keyboard put it there.
 */
import type { Locator } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";

// The browser's names for the checks run inside the page, loosely and for this module only (as in
// support/screen-checks.ts).
// deno-lint-ignore no-explicit-any
type Element = any;
// deno-lint-ignore no-explicit-any
type DOMRect = any;
// deno-lint-ignore no-explicit-any
declare const document: any, getComputedStyle: any;

/** The element's text and background colours, as the browser paints them now. */
const colours = (element: Locator) =>
  element.evaluate((el) => {
    const style = getComputedStyle(el);
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
  // A moment ahead of the page's time (pausing jumps forward to it), however slow this machine is.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 5_000));
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

test("notification cards are named by their heading alone, and their boxes by what they choose", async ({ page, logInAs, visit }) => {
  await logInAs("admin");
  await visit("/app");
  const card = page.getByRole("region", { name: "Registrations list" }).locator("article.notification")
    .first();
  await expect(card).toBeVisible();
  const heading = (await card.locator("h4").innerText()).replace(/\s+/g, " ").trim();
  // "Pat Landry registered M-000007": the person, what happened, the member number apart from the words.
  expect(heading).toMatch(/^\S.* registered M-\d+$/);
  await expect(card).toHaveAccessibleName(heading);
  const who = heading.replace(/ M-\d+$/, "");
  await expect(card.getByRole("checkbox")).toHaveAccessibleName(`Choose: ${who}`);
});

/**
 * The visible controls of the page's main part that a floating box (a toast) lies over, with the page scrolled
 * to its top, a third, two thirds and its foot: a box fixed to the screen covers whatever scrolls under it.
 */
async function coveredControls(page: import("@playwright/test").Page): Promise<string[]> {
  return await page.evaluate(() => {
    const rect = (el: Element) => el.getBoundingClientRect();
    const under: string[] = [];
    const foot = document.documentElement.scrollHeight - document.documentElement.clientHeight;
    for (const y of [0, foot / 3, (2 * foot) / 3, foot]) {
      document.documentElement.scrollTop = y;
      const floats = [...document.querySelectorAll(".toasts .toast")].map(rect);
      for (
        const el of document.querySelectorAll("main a, main button, main input, main select, main textarea")
      ) {
        const c = rect(el);
        if (c.width <= 1 || c.height <= 1) continue;
        const covered = floats.some((f: DOMRect) =>
          c.left < f.right && f.left < c.right && c.top < f.bottom && f.top < c.bottom
        );
        if (covered) under.push(String(el.textContent || el.getAttribute("aria-label") || el.tagName).trim());
      }
    }
    document.documentElement.scrollTop = 0;
    return [...new Set(under)];
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("signing in says so above the page's heading, over no control", async ({ page, visit, arrive }) => {
    await visit("/login");
    await page.getByLabel("Email").fill("member@apca.local");
    await page.getByLabel("Password").fill("member-password-local");
    await page.getByRole("button", { name: "Log In" }).click();
    await arrive("/app");
    await expect(page.getByRole("button", { name: "Email it to me" })).toBeVisible();
    const notice = page.getByRole("status").filter({ hasText: "Successfully logged into your account" });
    await expect(notice).toBeVisible();
    expect(await coveredControls(page)).toEqual([]);
    // It is the page's opening line, above its heading.
    const above = await notice.evaluate((el: Element) =>
      el.getBoundingClientRect().bottom <= document.querySelector("h1").getBoundingClientRect().top
    );
    expect(above).toBe(true);
  });
});

test("a heading focused after a navigation shows no heavy box, by mouse or by keyboard", async ({ page, logInAs, visit }) => {
  await logInAs("member");
  await visit("/app");
  const nav = page.getByRole("navigation", { name: "Main" });
  const ring = () =>
    page.locator("h1").evaluate((h1: Element) => {
      const style = getComputedStyle(h1);
      return {
        focused: h1 === document.activeElement,
        shadow: String(style.boxShadow),
        outline: String(style.outlineStyle),
      };
    });

  await nav.getByRole("link", { name: "Store" }).click();
  await expect(page.locator("h1")).toBeFocused();
  expect(await ring()).toEqual({ focused: true, shadow: "none", outline: "none" });

  // By keyboard: the heading may show a thin ring (where focus went), never the controls' heavy box.
  await nav.getByRole("link", { name: "Account" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/app/account");
  await expect(page.locator("h1")).toBeFocused();
  expect((await ring()).shadow).toBe("none");
});
