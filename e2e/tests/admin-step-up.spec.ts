/**
 * Journey: an administrator sets a member's password after the second-factor step-up time (decision 0043).
 * The second factor is asked over the form, which keeps the typed password: cancelled, nothing is set and the
 * password is still there; confirmed, the same request goes on and the member signs in with it.
 */
import { expect, test } from "../support/fixtures.ts";
import { toast } from "../support/toasts.ts";
import { registerMemberThroughApi } from "../support/members.ts";
import { ageSecondFactor, totpCode } from "../support/second-factor.ts";

test("a stepped-up action asks for the second factor over the form and keeps what was typed", async ({ page, logInAs, visit, playwright, baseURL }) => {
  const member = await registerMemberThroughApi(page.request);
  await logInAs("admin");
  const found = await page.request.get(`/api/auth/users?search=${encodeURIComponent(member.email)}`);
  const id = ((await found.json()) as { data: { id: number; attributes: { email: string } }[] }).data
    .find((u) => u.attributes.email === member.email)!.id;
  await visit(`/app/admin/users/${id}`);
  await page.getByRole("tab", { name: "Password", exact: true }).click();
  const password = page.getByLabel("New password");
  await password.fill("a new password typed once");
  await ageSecondFactor(page);

  // Cancelled: the server's words, nothing set, the typed password still in its field.
  await page.getByRole("button", { name: "Set Password" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(
    toast(page, "please confirm it is you with your second factor again"),
  )
    .toBeVisible();
  await expect(password).toHaveValue("a new password typed once");

  // Confirmed: the same request goes on by itself.
  await page.getByRole("button", { name: "Set Password" }).click();
  await expect(dialog.getByLabel("6-digit code from your authenticator app")).toBeFocused();
  await page.keyboard.type(totpCode());
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(toast(page, "Password Has Been Updated")).toBeVisible();
  await expect(dialog).toBeHidden();

  const fresh = await playwright.request.newContext({ baseURL });
  try {
    const login = await fresh.post("/api/login", {
      data: { email: member.email, password: "a new password typed once" },
    });
    expect(login.status()).toBe(200);
  } finally {
    await fresh.dispose();
  }
});
