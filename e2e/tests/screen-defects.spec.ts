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

/** The demo DER's first company: its id and name. */
async function derCompany(page: import("@playwright/test").Page): Promise<{ id: number; name: string }> {
  const answer = await page.request.get("/api/auth/account/businesses");
  const rows = (await answer.json() as { data: { id: number; attributes: { name: string } }[] }).data;
  const first = rows.reduce((a, c) => (c.id < a.id ? c : a));
  return { id: first.id, name: first.attributes.name };
}

/** How many headings under the page's h1 a reader sees (more than a 1 px box) that say exactly `text`. */
const seenTimes = (page: import("@playwright/test").Page, text: string) =>
  page.evaluate(
    (wanted) =>
      [...document.querySelectorAll("main :is(h2, h3)")].filter((el: Element) =>
        el.textContent.trim() === wanted &&
        el.getBoundingClientRect().width > 1 && el.getBoundingClientRect().height > 1
      ).length,
    text,
  );

test("the DER's words agree and name the company: nav, breadcrumb, Add Employee, the business page, Compliance dates", async ({ page, logInAs, visit }) => {
  await logInAs("der");
  const company = await derCompany(page);
  // Add Employee opened straight from the dashboard's link names the company.
  await visit(`/app/member/businesses/${company.id}/employee/new?redirectURL=/app`);
  await expect(page.locator("h1")).toContainText(company.name);

  await visit("/app/member/businesses");
  const navWord = (await page.getByRole("navigation", { name: "Main" }).getByRole("link", {
    name: "My Businesses",
  }).count()) === 1;
  expect(navWord, "the navigation says what the breadcrumb and heading say").toBe(true);
  await expect(page.locator("h1")).toContainText("My Businesses");

  // The business page names it once where one reads (the heading), not again under it.
  await visit(`/app/member/businesses/${company.id}`);
  await expect(page.locator("h1")).toContainText(company.name);
  expect(await seenTimes(page, company.name)).toBe(0);

  // The Compliance tab writes its dates as every screen does ("Dec 7, 2027"), never "2027-12-07".
  await visit(`/app/member/businesses/${company.id}?tab=compliance`);
  const list = page.getByRole("list", { name: "Employees' compliance" });
  await expect(list).toBeVisible();
  expect(await list.innerText()).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
  await expect(list).toContainText(/(Covered through|term ends) [A-Z][a-z]{2} \d{1,2}, \d{4}/);
});

test("the users list writes roles in their display words", async ({ page, logInAs, visit }) => {
  await logInAs("admin");
  await visit("/app/admin/users");
  const table = page.locator("table").first();
  await expect(table).toContainText("Member");
  expect(await table.innerText()).not.toMatch(/(^|[\s,])(admin|der|member)(,|\s|$)/);
});

test("the second-factor page offers no Dashboard before the sign-in is confirmed, and says Sign out", async ({ page, visit }) => {
  const login = await page.request.post("/api/login", {
    data: { email: "admin@apca.local", password: "admin-password-local" },
  });
  expect(login.status()).toBe(200);
  await visit("/login/second-factor");
  await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Sign out" }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Log out" })).toHaveCount(0);
});

test("Company Breakdown says why it counts more companies than the Active Companies figure", async ({ page, logInAs, visit }) => {
  await logInAs("admin");
  await visit("/app/admin/analytics");
  const chart = page.locator('[data-chart="company"]');
  await expect(chart).toContainText("active or not");
  await expect(chart).toContainText("Active Companies");
});

test.describe("My Downloads on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("each card says Download once, and two documents of one kind are told apart", async ({ page, logInAs, visit }) => {
    await logInAs("member");
    // At least one letter on file (the server keeps each letter it issues).
    const letter = await page.request.get("/api/auth/account/compliance-letter");
    expect(letter.status()).toBe(200);
    await visit("/app/account/downloads");
    const links = page.getByRole("link", { name: /^Download / });
    await expect(links.first()).toBeVisible();
    const names = await links.evaluateAll((all: Element[]) => all.map((a) => a.textContent.trim()));
    expect(new Set(names).size, names.join(" | ")).toBe(names.length);
    const cell = page.locator("td").filter({ has: links.first() });
    expect(await cell.getAttribute("data-label")).toBe("");
  });
});
