/**
 * A member changes their own details on /app/account (decision 0027): the phone changes at once, a new name
 * waits for APCA and is shown as waiting, and the name fields stay locked until APCA decides.
 */
import { expect, test } from "../support/fixtures.ts";
import { registerMemberThroughApi } from "../support/members.ts";

test("a member's phone changes at once and a new name waits for APCA", async ({ page, visit }) => {
  await registerMemberThroughApi(page.request, { membership: "none" });
  await visit("/app/account");
  const details = page.getByRole("region", { name: "Account details" });
  await details.getByRole("button", { name: "Change my details" }).click();
  const form = page.getByRole("form", { name: "Change my details" });
  await form.getByLabel("Phone").fill("(985) 555-0177");
  await form.getByLabel("First Name").fill("Rosa");
  await form.getByRole("button", { name: "Save my details" }).click();
  await expect(page.getByText("Your changes have been sent to APCA for approval")).toBeVisible();
  await expect(details).toContainText("(985) 555-0177");
  await expect(details).toContainText("Rita Mariner");
  const waiting = details.getByRole("status").filter({ hasText: "Waiting for APCA approval" });
  await expect(waiting).toContainText("First Name: Rosa");

  await details.getByRole("button", { name: "Change my details" }).click();
  await expect(form.getByLabel("First Name")).toBeDisabled();
  await expect(form).toContainText("Your earlier changes to your account are waiting for APCA approval.");
});
