/**
 * Journey: a phone. Every member and DER screen of the route table (web/src/app/routes.tsx) at 390 px wide
 * shows no sideways scrolling: a page wider than the screen makes taps land on the wrong element. Rows that
 * need ids take them from the seeded demo data (the DER's company, its vessel and employee, a store item).
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, type SeededUser, test } from "../support/fixtures.ts";
import { registerMemberThroughApi } from "../support/members.ts";

test.use({ viewport: { width: 390, height: 844 } });

/**
 * Every signed-in route but the administrators', read from the route table itself. Imported at run time by a
 * computed name, so that type-checking the tests does not type-check the whole web app under e2e's settings.
 */
async function memberAndDerRoutes(): Promise<string[]> {
  const table = "../../web/src/app/routes.tsx";
  const { APP_ROUTES } = await import(table) as { APP_ROUTES: { path: string; adminOnly?: boolean }[] };
  return APP_ROUTES.filter((route) => !route.adminOnly).map((route) => route.path);
}

interface DemoIds {
  id: number;
  vid: number;
  eid: number;
  item: number;
}

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const answer = await request.get(path);
  expect(answer.ok(), `${path}: ${answer.status()}`).toBe(true);
  return await answer.json() as T;
}

/** The seeded DER's company, one of its vessels and employees, and a store item. */
async function demoIds(request: APIRequestContext): Promise<DemoIds> {
  type Rows = { data: { id: number }[] };
  const companies = await json<Rows>(request, "/api/auth/account/businesses");
  const id = companies.data[0].id;
  // The member's own business has no vessels: its vessel screens then answer "not found", also a screen.
  const vessels = await json<Rows>(request, `/api/auth/business/${id}/vessels`);
  const people = await json<Rows>(request, `/api/auth/business/${id}/business-users`);
  const items = await json<Rows>(request, "/api/store/items");
  return { id, vid: vessels.data[0]?.id ?? 1, eid: people.data.at(-1)?.id ?? 1, item: items.data[0].id };
}

function fill(path: string, ids: DemoIds): string {
  if (path.startsWith("/app/store/item/")) return path.replace(":id", String(ids.item));
  return path.replace(":id", String(ids.id)).replace(":vid", String(ids.vid)).replace(
    ":eid",
    String(ids.eid),
  );
}

async function expectNoSidewaysScroll(page: Page, path: string) {
  const { scrollWidth, clientWidth } = await page.locator("html").evaluate((html) => ({
    scrollWidth: html.scrollWidth,
    clientWidth: html.clientWidth,
  }));
  expect.soft(scrollWidth, `${path} is ${scrollWidth} px wide on a ${clientWidth} px screen`)
    .toBeLessThanOrEqual(
      clientWidth,
    );
}

/**
 * The routes are shared out over a few tests, each route to exactly one (index modulo PARTS), so that the
 * axe check of every screen spreads over the workers and no single test carries the whole table.
 */
const PARTS = 4;

for (const user of ["member", "der"] as SeededUser[]) {
  for (let part = 0; part < PARTS; part++) {
    test(`every member and DER screen fits 390 px, as the ${user} (part ${part + 1} of ${PARTS})`, async ({ page, logInAs, visit }) => {
      test.setTimeout(120_000);
      await logInAs(user);
      const ids = await demoIds(page.request);
      // A full cart: the widest state of the cart and checkout screens.
      const probe = await json<{ user: { user_id: number } }>(page.request, "/api/auth/session/probe");
      await page.goto("/app");
      await page.evaluate(([userId, item]) => {
        localStorage.setItem(`apca.cart.v1.user-${userId}`, JSON.stringify([{ id: item, quantity: 12 }]));
      }, [probe.user.user_id, ids.item]);
      const routes = await memberAndDerRoutes();
      expect(routes).toContain("/app/cart");
      for (const route of routes.filter((_, index) => index % PARTS === part)) {
        const path = fill(route, ids);
        await test.step(path, async () => {
          await visit(path);
          await expectNoSidewaysScroll(page, path);
        });
      }
    });
  }
}

test("a long e-mail address wraps, and the membership history scrolls by keyboard", async ({ page, visit }) => {
  // A fresh member (the shared demo accounts are left alone) with a long address and a membership.
  await registerMemberThroughApi(page.request);
  await visit("/app/account");
  await expectNoSidewaysScroll(page, "/app/account");
  await visit("/app/account/membership/details");
  await expectNoSidewaysScroll(page, "/app/account/membership/details");
  // axe (run by visit) checks scrollable-region-focusable; here: it is a named region a Tab reaches.
  const history = page.getByRole("region", { name: "Memberships, newest first" });
  await expect(history).toHaveAttribute("tabindex", "0");
});

test("on a phone the signed-in header is one line, its links behind a Menu button", async ({ page, logInAs, visit }) => {
  await logInAs("member");
  await visit("/app");
  const menu = page.getByRole("button", { name: "Menu" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  const header = await page.locator(".site-header").boundingBox();
  expect(header!.height).toBeLessThan(90);
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Store" }).click();
  await expect(page).toHaveURL("/app/store");
  // A new page closes the menu.
  await expect(menu).toHaveAttribute("aria-expanded", "false");
});
