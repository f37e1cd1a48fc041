/**
 * Journey: an administrator works on a member's account (admin spec §2 users, "User detail warnings", §6, §8;
 * issue 13). The member is registered in the test's own set-up (never a shared demo account): the
 * administrator finds them by search, opens every tab, sets up a membership with a manual check payment and the
 * 'true' drug testing rule (a test is ordered through the i3 simulator), pauses, resumes and updates its expiry,
 * places a manual order with two items, uploads, downloads and removes a safety concern letter, grants and
 * revokes admin rights, e-mails a reset link (it arrives in /dev/mail), then adds a user who can be deleted,
 * deletes them and sees the deleted-account state.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { expectToast } from "../support/toasts.ts";
import { registerMemberThroughApi, uniqueEmail } from "../support/members.ts";

test.describe.configure({ timeout: 240_000 });

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });

test("an administrator manages a member's account end to end", async ({ page, logInAs, visit, arrive, checkA11y }) => {
  // Set-up: a member of this test's own (self-employed, a card, no membership yet).
  const member = await registerMemberThroughApi(page.request, { membership: "none" });
  await logInAs("admin");

  // Find them by search.
  await visit("/app/admin/users");
  await expect(page.getByRole("link", { name: "Add User" })).toHaveAttribute("href", "/app/admin/users/new");
  await page.getByLabel("Search users").fill(member.email);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: member.fullName }).click();
  await arrive(/\/app\/admin\/users\/\d+$/);
  const userPath = new URL(page.url()).pathname;
  const id = userPath.split("/").pop()!;

  // Every tab (Downloads only appears with an annual membership).
  await expect(tab(page, "Downloads")).toHaveCount(0);
  for (const name of ["Businesses", "Transactions", "Tests", "Membership", "Password", "Details"]) {
    await tab(page, name).click();
    await expect(tab(page, name)).toHaveAttribute("aria-selected", "true");
    await checkA11y();
  }

  // A membership with a manual check payment and the 'true' drug testing rule.
  await tab(page, "Membership").click();
  await page.getByRole("link", { name: "Set Up Membership" }).click();
  const BASE = `${userPath}/membership`;
  await arrive(`${BASE}/new`);
  await page.getByLabel("Manual charge").check();
  await page.getByLabel("Check Received").check();
  await page.getByLabel(/^Payment Date/).fill("2026-11-20");
  await page.getByLabel("Order a drug test", { exact: true }).check();
  await page.getByRole("button", { name: "Purchase" }).click();
  await expectToast(page, "User Membership Has Been Started");
  await arrive(`${BASE}/details`);

  // Pause, resume, update the expiry.
  await page.getByRole("link", { name: "Pause Membership" }).click();
  await arrive(`${BASE}/pause`);
  await page.getByLabel("Currently out of season").check();
  await page.getByRole("button", { name: "Pause Membership" }).click();
  await expectToast(page, "Membership has been paused successfully");
  await arrive(`${BASE}/details`);
  await page.getByRole("link", { name: "Resume Membership" }).click();
  await arrive(`${BASE}/resume`);
  await expect(page.getByRole("link", { name: "Keep Membership Paused" })).toBeVisible();
  await page.getByRole("button", { name: "Resume Membership" }).click();
  await expectToast(page, "Membership has been resumed successfully");
  await arrive(`${BASE}/details`);
  await page.getByRole("link", { name: "Update Membership Details" }).click();
  await arrive(`${BASE}/update`);
  await page.getByLabel(/^Expiration Date/).fill("2028-01-31");
  await page.getByRole("button", { name: "Update Membership Details" }).click();
  await expectToast(page, "Membership has been updated successfully");
  await arrive(`${BASE}/details`);

  // The drug test ordered through the i3 simulator is on the Tests tab; Downloads appears for the annual member.
  await visit(userPath);
  await tab(page, "Tests").click();
  await expect(page.getByRole("table", { name: "Drug tests" }).getByRole("row")).not.toHaveCount(1);
  await expect(tab(page, "Downloads")).toBeVisible();

  // A manual order with two items, paid by check.
  await tab(page, "Details").click();
  await page.getByRole("link", { name: "Manually Process Order" }).click();
  await arrive(`${userPath}/order`);
  await page.getByRole("button", { name: "Add Post-Accident Test Charge" }).click();
  await page.getByRole("button", { name: "Add Replacement Custody Control Form" }).click();
  await page.getByRole("button", { name: "One more Replacement Custody Control Form" }).click();
  await page.getByRole("button", { name: "One fewer Replacement Custody Control Form" }).click();
  await page.getByRole("link", { name: "Checkout" }).click();
  await arrive(`${userPath}/order/checkout`);
  const purchase = page.getByRole("button", { name: "Purchase" });
  await page.getByLabel("Manual charge").check();
  await expect(purchase).toBeDisabled();
  await page.getByLabel("Payment Medium").selectOption("Check Received");
  await page.getByLabel("Payment Date").fill("2026-11-20");
  await purchase.click();
  await expectToast(page, "Your transaction was processed successfully");
  await arrive(/\/app\/admin\/orders\/\d+$/);
  await expect(page.getByRole("table", { name: "Items" }).locator("tbody tr")).toHaveCount(2);
  await expect(page.getByText("$120.00")).toBeVisible();
  // An unfulfilled (paid store) order can be cancelled; a manual payment is refunded outside the portal.
  await page.getByRole("button", { name: "Cancel Order" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel Order" }).click();
  await expectToast(page, "Order Has Been Cancelled");
  await expect(page.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);

  // The safety concern letter: upload, download, remove.
  await visit(userPath);
  await page.getByLabel("Upload a letter (PDF, at most 5 MiB)").setInputFiles({
    name: "concern.pdf",
    mimeType: "application/pdf",
    buffer: PDF,
  });
  await page.getByRole("button", { name: "Upload Letter" }).click();
  await expectToast(page, "Safety Concern Letter Has Been Uploaded");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download Letter" }).click();
  expect((await download).suggestedFilename()).toBe("concern.pdf");
  await expectToast(page, "Will Soon Start Downloading");
  await page.getByRole("button", { name: "Remove Letter" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove Letter" }).click();
  await expectToast(page, "Has Been Removed");
  await expect(page.getByText("No safety concern letter")).toBeVisible();

  // Admin rights: granted, then revoked.
  await page.getByRole("button", { name: "Grant Admin Rights" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Grant Admin Rights" }).click();
  await expectToast(page, "Admin Rights Updated");
  await page.getByRole("button", { name: "Revoke Admin Rights" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke Admin Rights" }).click();
  await expectToast(page, "Admin Rights Updated");
  await expect(page.getByRole("button", { name: "Grant Admin Rights" })).toBeVisible();

  // A reset link by e-mail, no captcha; it arrives in the development mailbox.
  await tab(page, "Password").click();
  await page.getByRole("button", { name: "Send Password Reset Email" }).click();
  await expectToast(page, "User Has Been Emailed Reset Password");
  const outbox = await page.request.get("/api/dev/mail");
  const { data } = await outbox.json() as { data: { to: string; subject: string }[] };
  expect(data.some((m) => m.to === member.email && m.subject === "Reset your APCA password")).toBe(true);
  expect(Number(id)).toBeGreaterThan(0);

  // A user who can be deleted (added here, no business, no membership): deleted, then the deleted state.
  await visit("/app/admin/users/new");
  const email = uniqueEmail("deletable");
  await page.getByLabel(/^First Name/).fill("Dee");
  await page.getByLabel(/^Last Name/).fill("Letable");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill("a long enough password");
  await page.getByRole("button", { name: "Add User" }).click();
  await expectToast(page, "User Has Been Created");
  await arrive(/\/app\/admin\/users\/\d+$/);
  const deletedPath = new URL(page.url()).pathname;
  await expect(page.getByText("No businesses attached")).toBeVisible();
  await page.getByRole("button", { name: "Delete User" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete User" }).click();
  await expectToast(page, "User Has Been Deleted");
  await arrive("/app/admin/users");
  await visit(deletedPath);
  await expect(page.getByText("This account has been deleted")).toBeVisible();
  await expect(page.getByText("Contact the system administrator to restore it.")).toBeVisible();
  await expect(page.getByRole("tablist")).toHaveCount(0);
});

test("an administrator adds, edits and retires a store item", async ({ page, logInAs, visit, arrive }) => {
  await logInAs("admin");
  await visit("/app/admin/items");
  await page.getByRole("link", { name: "Add Item" }).click();
  await arrive("/app/admin/items/new");
  const name = `E2E item ${Date.now()}`;
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^Cost/).fill("7.5");
  // Inactive, so members shopping in parallel specs never see it.
  await page.getByLabel("Active (sold in the store)").uncheck();
  await page.getByRole("button", { name: "Add Item" }).click();
  await expectToast(page, "Item Has Been Added");
  await arrive(/\/app\/admin\/items\/\d+$/);
  await expect(page.getByText("$7.50")).toBeVisible();
  await page.getByRole("link", { name: "Edit Item" }).click();
  await arrive(/\/app\/admin\/items\/\d+\/manage$/);
  await page.getByLabel(/^Cost/).fill("8");
  // A physical item ships (decision 0061): its paid orders wait to be shipped.
  await expect(page.getByLabel(/^Ships/)).not.toBeChecked();
  await page.getByLabel(/^Ships/).check();
  await page.getByRole("button", { name: "Save Item" }).click();
  await expectToast(page, "Item Has Been Updated");
  await arrive(/\/app\/admin\/items\/\d+$/);
  await expect(page.getByText("$8.00")).toBeVisible();
  await page.getByRole("link", { name: "Edit Item" }).click();
  await expect(page.getByLabel(/^Ships/)).toBeChecked();
  await page.goBack();
  await page.getByRole("button", { name: "Retire Item" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Retire Item" }).click();
  // Nobody ordered it, so it is deleted rather than kept retired.
  await expectToast(page, "Item Has Been Deleted");
  await arrive("/app/admin/items");
});

test("a member cannot open the administrators' user screens", async ({ page, logInAs, visit }) => {
  await logInAs("member");
  await visit("/app/admin/users");
  await expect(page.getByRole("link", { name: "Add User" })).toHaveCount(0);
});
