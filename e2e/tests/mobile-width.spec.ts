/**
 * Journey: a phone and a desk. Every member and DER screen of the route table (web/src/app/routes.tsx) at
 * 390 px wide shows no sideways scrolling (a page wider than the screen makes taps land on the wrong element),
 * and, with every administrator screen at 1440 px, the one look of issue 23 (support/screen-checks.ts): nothing
 * clipped unless it is an announced scroll region, tab lists of one row on a phone, dates in the one format,
 * a detail page's heading naming its subject, axe 0. Rows that need ids take them from the seeded demo data.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, type SeededUser, test } from "../support/fixtures.ts";
import { registerMemberThroughApi } from "../support/members.ts";
import { checkScreen, measureDeskFit } from "../support/screen-checks.ts";

test.use({ viewport: { width: 390, height: 844 } });

/**
 * Every signed-in route but the administrators', read from the route table itself. Imported at run time by a
 * computed name, so that type-checking the tests does not type-check the whole web app under e2e's settings.
 */
async function memberAndDerRoutes(): Promise<string[]> {
  return (await appRoutes()).filter((route) => !route.adminOnly).map((route) => route.path);
}

async function appRoutes(): Promise<{ path: string; adminOnly?: boolean }[]> {
  const table = "../../web/src/app/routes.tsx";
  const { APP_ROUTES } = await import(table) as { APP_ROUTES: { path: string; adminOnly?: boolean }[] };
  return APP_ROUTES;
}

/** Someone's name after the route's title ("Membership Details: Morgan Lee"). */
const NAMED = /: \S/;

interface DemoIds {
  id: number;
  vid: number;
  eid: number;
  item: number;
  business: string;
}

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const answer = await request.get(path);
  expect(answer.ok(), `${path}: ${answer.status()}`).toBe(true);
  return await answer.json() as T;
}

/** The seeded DER's company, one of its vessels and employees, and a store item. */
async function demoIds(request: APIRequestContext): Promise<DemoIds> {
  type Rows = { data: { id: number; attributes?: { name?: string } }[] };
  const companies = await json<Rows>(request, "/api/auth/account/businesses");
  // The first company made (the demo DER's second company is newer and has no employees yet).
  const first = companies.data.reduce((a, c) => (c.id < a.id ? c : a));
  const id = first.id;
  const business = first.attributes?.name ?? "";
  // The member's own business has no vessels: its vessel screens then answer "not found", also a screen.
  const vessels = await json<Rows>(request, `/api/auth/business/${id}/vessels`);
  const people = await json<Rows>(request, `/api/auth/business/${id}/business-users`);
  const items = await json<Rows>(request, "/api/store/items");
  return {
    id,
    vid: vessels.data[0]?.id ?? 1,
    eid: people.data.at(-1)?.id ?? 1,
    item: items.data[0].id,
    business,
  };
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
const PARTS = 8;

for (const user of ["member", "der"] as SeededUser[]) {
  for (let part = 0; part < PARTS; part++) {
    test(`every member and DER screen fits 390 px, as the ${user} (part ${part + 1} of ${PARTS})`, async ({ page, logInAs, visit }) => {
      test.setTimeout(300_000);
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
        const subject = route === "/app/member/businesses/:id"
          ? ids.business
          // An employee's screens name the employee for the DER; to a member they are "not found" (no subject).
          : route.includes(":eid") && !route.endsWith("/new") && user === "der"
          ? NAMED
          : undefined;
        await test.step(path, async () => {
          await visit(path);
          await checkScreen(page, path, { phone: true, subject });
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

interface AdminIds {
  user: number;
  userName: string;
  business: number;
  businessName: string;
  employee?: number;
  vessel?: number;
  order?: number;
  item: number;
  pool: number;
}

/** The first user, business (with an employee and a vessel), order, store item and random pool. */
async function adminIds(request: APIRequestContext): Promise<AdminIds> {
  type Rows = { data: { id: number; attributes: Record<string, unknown> }[] };
  const users = await json<Rows>(request, "/api/auth/users");
  const businesses = await json<Rows>(request, "/api/auth/businesses");
  const business = businesses.data[0];
  const people = await json<Rows>(request, `/api/auth/business/${business.id}/business-users`);
  const vessels = await json<Rows>(request, `/api/auth/business/${business.id}/vessels`);
  let order: number | undefined;
  for (const user of users.data.slice(0, 10)) {
    order = (await json<Rows>(request, `/api/auth/user/${user.id}/orders`)).data[0]?.id;
    if (order) break;
  }
  const items = await json<Rows>(request, "/api/auth/items");
  const pools = await json<Rows>(request, "/api/auth/randoms");
  return {
    user: users.data[0].id,
    userName: String(users.data[0].attributes.full_name),
    business: business.id,
    businessName: String(business.attributes.name),
    employee: people.data[0]?.id,
    vessel: vessels.data[0]?.id,
    order,
    item: items.data[0]?.id ?? 1,
    pool: pools.data[0]?.id ?? 1,
  };
}

/** An administrator's route with its ids, and the subject its heading must name (detail pages). */
function adminScreen(route: string, ids: AdminIds): { path: string; subject?: string | RegExp } {
  const id = route.startsWith("/app/admin/users/")
    ? ids.user
    : route.startsWith("/app/admin/businesses/")
    ? ids.business
    : route.startsWith("/app/admin/employee/")
    ? ids.employee
    : route.startsWith("/app/admin/orders/")
    ? ids.order
    : route.startsWith("/app/admin/items/")
    ? ids.item
    : route.startsWith("/app/admin/randoms/")
    ? ids.pool
    : 1;
  const path = route.replace(":id", String(id ?? 1)).replace(":vid", String(ids.vessel ?? 1));
  const subject = route === "/app/admin/users/:id" || route.startsWith("/app/admin/users/:id/membership/")
    ? ids.userName
    : route === "/app/admin/businesses/:id"
    ? ids.businessName
    : (route === "/app/admin/employee/:id" && ids.employee) ||
        (route === "/app/admin/orders/:id" && ids.order) ||
        (route === "/app/admin/manage-vessel/:vid" && ids.vessel)
    ? NAMED
    : undefined;
  return { path, subject };
}

test.describe("on a desk", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  for (let part = 0; part < PARTS; part++) {
    test(`every administrator screen at 1440 px has the one look (part ${part + 1} of ${PARTS})`, async ({ page, logInAs, visit }) => {
      test.setTimeout(300_000);
      await logInAs("admin");
      const ids = await adminIds(page.request);
      const routes = (await appRoutes()).filter((route) => route.adminOnly).map((route) => route.path);
      expect(routes).toContain("/app/admin/users/:id");
      for (const route of routes.filter((_, index) => index % PARTS === part)) {
        const { path, subject } = adminScreen(route, ids);
        await test.step(path, async () => {
          await visit(path);
          await checkScreen(page, path, { phone: false, subject });
        });
      }
    });
  }
});

test.describe("the administrator's dashboard on a desk", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("fits 1440 px: no sideways scroll, the header one row, both search boxes' hints whole, badges on one line", async ({ page, logInAs, visit }) => {
    await logInAs("admin");
    // Two-digit counts (the office's "18"): the widest badge the categories show below 99+.
    await page.route("**/api/auth/notifications/count", async (route) => {
      const answer = await route.fetch();
      const body = await answer.json() as { data: Record<string, number> };
      for (const key of Object.keys(body.data)) body.data[key] = 18;
      await route.fulfill({ response: answer, json: body });
    });
    await visit("/app");
    await expect(page.locator(".count-badge").first()).toHaveText("18");
    await expectNoSidewaysScroll(page, "/app");
    const fit = await measureDeskFit(page);
    expect.soft(fit.oneRow, "the header's brand, menu, search and Sign out on one row").toBe(true);
    expect.soft(fit.hints.length, "the header's search and the notifications' search").toBeGreaterThanOrEqual(
      2,
    );
    for (const hint of fit.hints) {
      expect.soft(hint.text, `"${hint.hint}" fits its box`).toBeLessThanOrEqual(hint.room);
    }
    for (const badge of fit.badges) {
      expect.soft(badge, `badge ${badge.text} on one line`).toMatchObject({ lines: 1, tall: false });
    }
    await checkScreen(page, "/app", { phone: false });
  });
});
