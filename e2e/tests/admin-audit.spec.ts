/**
 * Journey: an administrator reads the Audit screen. Every administrator screen leaves rows of its reads
 * (admin.request, decision 0044); the screen leaves them out until asked, so the changes stand out, and the
 * choice lives in the address like the other filters.
 */
import { expect, test } from "../support/fixtures.ts";
import { registerMemberThroughApi } from "../support/members.ts";

test("the Audit screen leaves administrators' reads out until asked for them", async ({ page, logInAs, visit, checkA11y }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await logInAs("admin");
  // Two visits: the first one's read of the audit record is a row the second can show.
  await visit("/app/admin/audit");
  await visit("/app/admin/audit");
  const table = page.getByRole("table", { name: "Recorded actions, newest first" });
  await expect(table).toBeVisible();
  const reads = table.locator(".field-hint", { hasText: /^admin\.request$/ });
  await expect(table.locator("tbody tr").first()).toBeVisible();
  await expect(reads).toHaveCount(0);

  const box = page.getByRole("checkbox", { name: "Show administrators' reads" });
  await expect(box).not.toBeChecked();
  await box.check();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]reads=include/);
  await expect(reads.first()).toBeVisible();
  await expect(box).toBeChecked();
  await checkA11y();

  // Typing an action asks for exactly it, reads or not.
  await box.uncheck();
  await page.getByRole("textbox", { name: "Action" }).fill("admin.request");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]action=admin\.request/);
  await expect(reads.first()).toBeVisible();
});

test("Save user writes before → after into the user's History; the Audit screen filters by a person picked by name", async ({ page, logInAs, visit, arrive }) => {
  test.setTimeout(120_000); // a member, the admin's sign-in, a save and two screens on a busy two-core machine
  await page.setViewportSize({ width: 1440, height: 900 });
  const member = await registerMemberThroughApi(page.request, { membership: "none" });
  await logInAs("admin");
  await visit("/app/admin/users");
  await page.getByLabel("Search users").fill(member.email);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: member.fullName }).click();
  await arrive(/\/app\/admin\/users\/\d+$/);
  const userPath = new URL(page.url()).pathname;
  const lastName = member.fullName.split(" ").pop()!;

  // Save user with a new last name: the History says what it was and what it is.
  await visit(`${userPath}/manage`);
  await page.getByLabel(/^Last Name/).fill("Renamed");
  await page.getByRole("button", { name: "Save User" }).click();
  await arrive(userPath);
  await page.getByRole("tab", { name: "History" }).click();
  const history = page.getByRole("table").filter({ hasText: "user updated" });
  await expect(history.getByRole("listitem").filter({ hasText: `last_name: ${lastName} → Renamed` }))
    .toBeVisible();

  // The Audit screen: the person by name or e-mail, not a user id.
  await visit("/app/admin/audit");
  await page.getByRole("searchbox", { name: "Person" }).fill("admin@apca");
  const pick = page.getByRole("list", { name: "People matching" }).getByRole("button").first();
  await expect(pick).toContainText("admin@apca.local", { timeout: 15_000 });
  await pick.click();
  await expect(page.getByRole("button", { name: /^Clear the person / })).toBeVisible();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]actor=\d+/);
  const table = page.getByRole("table", { name: "Recorded actions, newest first" });
  await expect(table.getByRole("listitem").filter({ hasText: `last_name: ${lastName} → Renamed` }).first())
    .toBeVisible();
  // Reloaded from the address, the filter still names the person.
  await page.reload();
  await expect(page.getByRole("button", { name: /^Clear the person / })).toBeVisible();
});
