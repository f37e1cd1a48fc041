/**
 * Journey (issue 25 items 2 and 4, decision 0071), on a 390 px phone: an independent mariner selected in a
 * released random pool finds the selection notice on the dashboard, opens it offline, and its QR code decodes
 * to the i3 order reference; Recent tests shows the result in words; the member changes their password and the
 * old one no longer signs in.
 *
 * The pool is written straight into the e2e database (a released, complete pool of a month no other spec uses,
 * with one selected candidate and an ordered test), so the spec does not run a draw over the shared population;
 * it is removed at the end. Service workers are on (offline), as in offline.spec.ts.
 */
import type { Page } from "@playwright/test";
import jsqr from "jsqr";
import postgres from "postgres";
import process from "node:process";
import { databaseUrl } from "../support/database.ts";
import { expect, test } from "../support/fixtures.ts";
import { goOffline } from "../support/offline.ts";
import { toast } from "../support/toasts.ts";
import { registerMemberThroughApi } from "../support/members.ts";

// deno-lint-ignore no-explicit-any
declare const document: any;

// jsQR is CommonJS: at run time the default import is the function; its types describe an ES module.
type Decode = typeof jsqr.default;
const jsQR: Decode = (jsqr as unknown as { default?: Decode }).default ?? (jsqr as unknown as Decode);

test.use({ serviceWorkers: "allow", viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 120_000 });

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

function database() {
  return postgres(databaseUrl(process.env.E2E_DATABASE_NAME!), { max: 1, onnotice: () => {} });
}

/** The QR image's pixels, drawn on a canvas in the page, decoded here with jsQR. */
async function decodeQr(page: Page): Promise<string | null> {
  const img = page.getByTestId("order-qr");
  await expect(img).toBeVisible();
  const { width, height, pixels } = await img.evaluate(async (el) => {
    await el.decode();
    const canvas = document.createElement("canvas");
    canvas.width = el.naturalWidth;
    canvas.height = el.naturalHeight;
    const g = canvas.getContext("2d");
    g.drawImage(el, 0, 0);
    const data = g.getImageData(0, 0, canvas.width, canvas.height).data;
    return { width: canvas.width, height: canvas.height, pixels: Array.from(data as ArrayLike<number>) };
  });
  return jsQR(new Uint8ClampedArray(pixels), width, height)?.data ?? null;
}

test("an independent mariner's selection notice opens offline, its QR is the order; result words; password", async ({ page, context, visit, playwright }) => {
  const member = await registerMemberThroughApi(page.request);
  const { user } = await (await page.request.get("/api/auth/session/probe")).json();
  const userId: number = user.user_id;
  const orderRef = `I3-E2E-${Date.now().toString(36).toUpperCase()}`;
  const sql = database();
  let poolId = 0;
  let ownBusiness = 0;
  try {
    const [own] = await sql<{ id: number }[]>`
      select b.id from businesses b join business_users bu on bu.business_id = b.id
      where bu.user_id = ${userId} and b.is_individual`;
    expect(own, "registration gives an independent their own business").toBeTruthy();
    ownBusiness = own.id;
    // A result, for Recent tests: a negative pre-employment test is "Passed".
    await sql`
      insert into drug_tests (user_id, business_id, reason, status, result, resulted_at, collected_at, ordered_at)
      values (${userId}, ${own.id}, 'pre_employment', 'resulted', 'negative', now() - interval '5 days',
        now() - interval '6 days', now() - interval '7 days')`;
    const [test] = await sql<{ id: number }[]>`
      insert into drug_tests (user_id, business_id, reason, status, i3_order_ref, i3_location_code, ordered_at)
      values (${userId}, ${own.id}, 'random', 'ordered', ${orderRef}, 'SIM-0001', now()) returning id`;
    // A month of a year no other spec uses; quarterly, so it never meets a monthly pool.
    const month = 1 + (Date.now() % 12);
    const [pool] = await sql<{ id: number }[]>`
      insert into random_pools (year, month, period, status, rate_percent, covered_count, selected_count,
        pdf_status, built_at, ordered_at, completed_at, released_at)
      values (2190, ${month}, 'quarterly', 'complete', 50, 1, 1, 'ready', now(), now(), now(), now())
      returning id`;
    poolId = pool.id;
    await sql`
      insert into random_candidates (pool_id, user_id, business_id, draw_position, selected, drug_test_id)
      values (${poolId}, ${userId}, ${own.id}, 0, true, ${test.id})`;

    // Online: the dashboard shows the notice and the result in words.
    await visit("/app");
    const notice = region(page, "You have been selected for a random drug test");
    await expect(notice).toBeVisible();
    await expect(notice.getByTestId("order-reference")).toHaveText(orderRef);
    await expect(notice.getByText("SIM-0001")).toBeVisible();
    await expect(notice.getByRole("link", { name: "Find a collection site near you" })).toHaveAttribute(
      "href",
      "/collection-sites?zip=70112",
    );
    await expect(region(page, "Recent tests").getByText("Passed")).toBeVisible();
    await expect(region(page, "Recent tests").getByText("Pending")).toBeVisible();
    await notice.getByRole("link", { name: "Show the order QR code" }).click();
    await expect(page).toHaveURL("/app/account/selection-notice");
    expect(await decodeQr(page)).toBe(orderRef);
    const noSideways = await page.evaluate(() => document.documentElement.scrollWidth <= 390);
    expect(noSideways, "no sideways scroll at 390 px").toBe(true);

    // Offline: the notice and its QR open from the device.
    await goOffline(context, page);
    await page.goto("/app/account/selection-notice");
    await expect(page.getByText(/^Offline: showing data from/).first()).toBeVisible();
    await expect(page.getByTestId("order-reference")).toHaveText(orderRef);
    expect(await decodeQr(page)).toBe(orderRef);
    await page.goto("/app");
    await expect(region(page, "You have been selected for a random drug test")).toBeVisible();
    await context.setOffline(false);

    // Collected: the notice goes.
    await sql`update drug_tests set status = 'collected', collected_at = now() where id = ${test.id}`;
    await page.goto("/app/account/selection-notice");
    await expect(page.getByText("No random selection is waiting for you.")).toBeVisible();
    await page.goto("/app");
    await expect(region(page, "Recent tests")).toBeVisible();
    await expect(region(page, "You have been selected for a random drug test")).toHaveCount(0);
  } finally {
    if (poolId) await sql`delete from random_pools where id = ${poolId}`;
    await sql.end();
  }

  // The business page's My Tests tab is the member's own test table, with the result in words.
  await visit(`/app/member/businesses/${ownBusiness}?tab=my-tests`);
  await expect(page.getByRole("table", { name: "Your drug tests, newest first" }).getByText("Passed"))
    .toBeVisible();
  await page.getByRole("tab", { name: "My Downloads" }).click();
  // The member's documents table (their receipt), or its empty state: not a sentence linking elsewhere.
  const downloads = page.getByRole("tabpanel", { name: "My Downloads" });
  await expect(downloads.locator("table, .empty-state").first()).toBeVisible();
  await expect(downloads.getByRole("link", { name: /^Open your/ })).toHaveCount(0);

  // Before pausing, the form says when this pause would reach 125 paused days within 185 and what follows.
  await visit("/app/account/membership/pause");
  await expect(page.getByText(/If this pause lasts 125 days \(still paused on/)).toBeVisible();
  await expect(page.getByText(/an extra drug test will then be required/)).toBeVisible();

  // Change password on the account screen; the old password no longer signs in.
  const newPassword = "new-anchor-chain-22";
  await visit("/app/account");
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByRole("textbox", { name: /^Current password/ }).fill("not the password");
  await form.getByRole("textbox", { name: /^New password/ }).fill(newPassword);
  await form.getByRole("textbox", { name: /^Confirm new password/ }).fill(newPassword);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("Your current password is not correct.")).toBeVisible();
  await form.getByRole("textbox", { name: /^Current password/ }).fill(member.password);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(toast(page, "Your password has been changed.")).toBeVisible();
  // This session stays signed in.
  await page.reload();
  await expect(page.getByRole("form", { name: "Change password" })).toBeVisible();

  const fresh = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const login = (password: string) => fresh.post("/api/login", { data: { email: member.email, password } });
    expect((await login(member.password)).status()).toBe(401);
    expect((await login(newPassword)).status()).toBe(200);
  } finally {
    await fresh.dispose();
  }
});
