/**
 * Journey (issue 37, decisions 0080 and 0081): an administrator merges two accounts of one person and refunds
 * the kept account's term. The person registered twice (same name and phone: possible duplicates); the first
 * account paid an annual membership by card. From the first account's page the administrator opens the merge
 * of the second, sees what moves, confirms, and finds the second account closed; then on Membership Details
 * refunds $20 (the term stays), then what is left (the term ends), and finds the refund receipt in /dev/mail.
 */
import { expect, test } from "../support/fixtures.ts";
import { registerMemberThroughApi } from "../support/members.ts";
import { toast } from "../support/toasts.ts";

test.describe.configure({ timeout: 240_000 });

test("an administrator merges two accounts and refunds a term", async ({ page, logInAs, visit, arrive, checkA11y }) => {
  const kept = await registerMemberThroughApi(page.request, { membership: "annual" });
  const closed = await registerMemberThroughApi(page.request, { membership: "none" });
  await logInAs("admin");

  const idOf = async (email: string) => {
    await visit("/app/admin/users");
    await page.getByLabel("Search users").fill(email);
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("row").filter({ hasText: email }).getByRole("link").first().click();
    await arrive(/\/app\/admin\/users\/\d+$/);
    return new URL(page.url()).pathname.split("/").pop()!;
  };
  const closeId = await idOf(closed.email);
  const keepId = await idOf(kept.email);

  // The duplicates table offers the merge of the other account into this one.
  await expect(page.getByRole("heading", { name: "Possible duplicates" })).toBeVisible();
  const merge = page.getByRole("link", { name: `Merge into this account: Rita Mariner (${closeId})` });
  await expect(page.getByRole("heading", { name: "Merge another account into this one" })).toBeVisible();
  await page.getByLabel("User ID of the account to close").fill(keepId);
  await page.getByRole("button", { name: "Preview Merge" }).click();
  await expect(page.getByText("Enter another account's user ID: this is the account kept.")).toBeVisible();
  if (await merge.count()) await merge.click();
  else {
    // On a later page of a crowded table: the user page's own entry by user ID.
    await page.getByLabel("User ID of the account to close").fill(closeId);
    await page.getByRole("button", { name: "Preview Merge" }).click();
  }
  await arrive(`/app/admin/users/${keepId}/merge/${closeId}`);
  await expect(page.getByRole("region", { name: "Account to keep" })).toContainText(kept.email);
  await expect(page.getByRole("region", { name: "Account to close" })).toContainText(closed.email);
  await expect(page.getByTestId("merge-moves")).toContainText("Memberships: 0");
  await expect(page.getByText("Saved cards: 1")).toBeVisible();
  await checkA11y();
  await page.getByRole("button", { name: "Merge Accounts" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(closed.email);
  await dialog.getByRole("button", { name: "Merge" }).click();
  await expect(toast(page, "Accounts Merged")).toBeVisible();
  await arrive(`/app/admin/users/${keepId}`);

  // The other account is closed; the kept one's History tells the merge.
  await visit(`/app/admin/users/${closeId}`);
  await expect(page.getByText("This account has been deleted")).toBeVisible();
  await visit(`/app/admin/users/${keepId}`);
  await page.getByRole("tab", { name: "History", exact: true }).click();
  await expect(page.getByText(/accounts merged/).first()).toBeVisible();

  // Refund $20 of the term: the term stays.
  await visit(`/app/admin/users/${keepId}/membership/details`);
  const panel = page.getByRole("region", { name: "Refund" });
  const left = page.getByTestId("refund-left");
  const before = await left.textContent();
  await panel.getByLabel("Amount to refund ($)").fill("100000");
  await panel.getByRole("button", { name: "Refund" }).click();
  await expect(panel.getByText(/cannot be more than/)).toBeVisible();
  await panel.getByLabel("Amount to refund ($)").fill("20");
  await panel.getByLabel("Reason (optional)").fill("Charged twice for one day");
  await panel.getByRole("button", { name: "Refund" }).click();
  await expect(page.getByRole("dialog")).toContainText("the membership's term stays as it is");
  await page.getByRole("dialog").getByRole("button", { name: "Refund" }).click();
  await expect(toast(page, "Refund Issued").first()).toBeVisible();
  await expect(left).not.toHaveText(before ?? "");
  await expect(page.getByRole("list", { name: "Refunds made" })).toContainText("$20.00");

  // Refund what is left: the term ends now.
  await panel.getByRole("button", { name: "Refund" }).click();
  await expect(page.getByRole("dialog")).toContainText("the membership's term ends now");
  await page.getByRole("dialog").getByRole("button", { name: "Refund" }).click();
  await expect(panel.getByText("This charge has been refunded in full.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Refunds made" }).or(panel)).toContainText("ended the term");
  await checkA11y();

  // The refund receipts, in the development mailbox, to the member.
  await visit("/dev/mail");
  const mails = page.getByRole("article").filter({ hasText: "Your APCA refund for order" })
    .filter({ hasText: kept.email });
  await expect(mails).toHaveCount(2);
  await expect(mails.filter({ hasText: "We have refunded $20.00" })).toHaveCount(1);
});
