/**
 * Journey (issue 24 item 4, decision 0070): an administrator finds a member by member number from the header
 * search on a desk, moves to the result with the keyboard and opens the member's page; Escape closes the list.
 */
import { expect, test } from "../support/fixtures.ts";

test("an administrator finds a member by member number from the header and opens the user page", async ({ page, logInAs, visit, arrive, checkA11y }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await logInAs("admin");
  await visit("/app");
  const box = page.getByRole("combobox", { name: "Find a user, company or order" });
  await expect(box).toBeVisible();

  // Two characters are too few: nothing is listed yet.
  await box.fill("M");
  await expect(box).toHaveAttribute("aria-expanded", "false");

  // The seeded member Morgan Lee is M-100001: typed as is, the exact number ranks first.
  await box.fill("m-100001");
  const list = page.getByRole("listbox", { name: "Matches" });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  const first = list.getByRole("option").first();
  await expect(first).toContainText("Morgan Lee");
  await expect(first).toContainText("matched member number");
  await expect(list.getByRole("group", { name: "Users" })).toBeVisible();
  await checkA11y();

  // Escape closes the list and keeps the text; typing again reopens it.
  await box.press("Escape");
  await expect(list).toBeHidden();
  await expect(box).toHaveValue("m-100001");
  await box.press("ArrowDown");
  await expect(list).toBeVisible();
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", /^search-user-\d+$/);

  // Enter opens the highlighted record: the user's page, named.
  await box.press("Enter");
  await arrive(/\/app\/admin\/users\/\d+$/);
  await expect(page.locator("h1")).toContainText("Morgan Lee");
  await expect(box).toHaveValue("");
});
