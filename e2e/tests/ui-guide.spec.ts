/**
 * The pictures of docs/ui-guide.md: each shared component of issue 23 as a screen shows it, taken from the
 * seeded demo data (a phone at 390 px for the member's and DER's parts, a desk at 1440 px for the
 * administrator's). Run it to refresh them: the PNGs land in docs/ui-guide/.
 */
import type { Locator } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";

const shot = async (part: Locator, name: string) => {
  await expect(part.first()).toBeVisible();
  await part.first().screenshot({ path: `../docs/ui-guide/${name}.png`, animations: "disabled" });
};

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("table cards, status badges, tabs and a toast", async ({ page, logInAs, visit }) => {
    test.setTimeout(180_000);
    // Signing in now says so in the page (issue 37); a toast is what an action raises: e-mailing the letter.
    await logInAs("member");
    await visit("/app");
    await page.getByRole("button", { name: "Email it to me" }).click();
    await shot(page.locator(".toasts .toast"), "toast");

    await visit("/app/account/tests");
    await shot(page.locator(".table-scroll"), "table-phone");
    await shot(page.locator(".table-scroll .chip"), "status-badge");

    await logInAs("der");
    await visit("/app");
    await shot(page.locator(".tabs .tab-list"), "tabs-phone");
  });
});

test.describe("on a desk", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("page header, details list, danger zone and a table", async ({ page, logInAs, visit }) => {
    test.setTimeout(180_000);
    await logInAs("admin");
    const users = await (await page.request.get("/api/auth/users")).json() as { data: { id: number }[] };
    const member = users.data.find((u) => u.id) ?? users.data[0];
    await visit("/app/admin/users");
    await shot(page.locator(".table-scroll"), "table-desk");
    await visit(`/app/admin/users/${member.id}`);
    await page.evaluate("scrollTo(0, 0)");
    await expect(page.locator("h1")).toContainText(":");
    const crumbs = (await page.locator("nav.breadcrumbs").boundingBox())!;
    const heading = (await page.locator("h1").boundingBox())!;
    await page.screenshot({
      path: "../docs/ui-guide/page-header.png",
      clip: { x: 0, y: crumbs.y - 8, width: 1440, height: heading.y + heading.height - crumbs.y + 16 },
    });
    await shot(page.locator(".details-list"), "details-list");
    await shot(page.locator(".danger-zone"), "danger-zone");
  });
});
