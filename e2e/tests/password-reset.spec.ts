/**
 * Journey: forgotten password (public spec §2 /forgot-password, reset password page; §4 "Login and reset";
 * §5 "Other forms"; §8 forgot password failure). The mail is read in the development mailbox (/dev/mail),
 * as a person trying the app would. employee2 is used by no other spec, so its password may change here.
 */
import { expect, test } from "../support/fixtures.ts";

const EMPLOYEE2 = "employee2@apca.local";
const NEW_PASSWORD = "a fresh passphrase for e2e";
const DONE = "Successfully reset your password";
const INVALID_LINK = "This reset link is invalid or has expired. Please request a new one.";

test("forgot password shows the specification's validation messages", async ({ page, visit, checkA11y }) => {
  await visit("/forgot-password");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot Password");
  const email = page.getByLabel("Email");
  const captcha = page.getByRole("checkbox", { name: /not a robot/ });

  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(email).toHaveAccessibleDescription("This field is required");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(captcha).toHaveAccessibleDescription("Recaptcha is required");
  await expect(email).toBeFocused();
  await checkA11y();

  await email.fill("not-an-email");
  await captcha.check();
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(email).toHaveAccessibleDescription("Invalid Email");
  await expect(captcha).not.toHaveAttribute("aria-invalid");
  await expect(page).toHaveURL("/forgot-password");
});

test("a mailed link resets the password once, and login works with the new one", async ({ page, visit, arrive, checkA11y }) => {
  // The whole journey, with argon2 on reset and login and axe on eight pages: near 30 s on a loaded machine.
  test.slow();
  await visit("/forgot-password");
  await page.getByLabel("Email").fill(EMPLOYEE2);
  await page.getByRole("checkbox", { name: /not a robot/ }).check();

  // Hold the request so the busy state can be seen, then let it through.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/password/forgot", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("button", { name: "Sending…" })).toBeDisabled();
  release();

  await arrive("/forgot-password/success");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check Your Email");
  await expect(page.getByText("If an account exists for that email")).toBeVisible();
  await expect(page.getByText("valid for one hour")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to login" })).toHaveAttribute("href", "/login");

  // The development mailbox: a plain server page, checked with axe like every other.
  await visit("/dev/mail");
  const mail = page.getByRole("article").filter({ hasText: EMPLOYEE2 }).first();
  await expect(mail.getByRole("heading", { level: 2 })).toHaveText("Reset your APCA password");
  const link = mail.getByRole("link", { name: /\/reset-password\// });
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/reset-password\/[A-Za-z0-9_-]{43}$/);
  await link.click();
  await arrive(new URL(href!).pathname);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reset Password");

  const password = page.getByLabel(/^Password/);
  const confirm = page.getByLabel("Confirm Password");
  const captcha = page.getByRole("checkbox", { name: /not a robot/ });
  const submit = page.getByRole("button", { name: "Reset Password" });

  await submit.click();
  await expect(password).toHaveAccessibleDescription("This field is required");
  await expect(confirm).toHaveAccessibleDescription("This field is required");
  await expect(captcha).toHaveAccessibleDescription("Recaptcha is required");
  await expect(password).toBeFocused();
  await checkA11y();

  await password.fill(NEW_PASSWORD);
  await confirm.fill("something else entirely");
  await submit.click();
  await expect(password).not.toHaveAttribute("aria-invalid");
  await expect(confirm).toHaveAccessibleDescription("Passwords do not match");
  await expect(captcha).toHaveAccessibleDescription("Recaptcha is required");
  await expect(confirm).toBeFocused();
  await checkA11y();

  await confirm.fill(NEW_PASSWORD);
  await captcha.check();
  await submit.click();
  await arrive(`/login?msg=${encodeURIComponent(DONE)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Account Login");
  await expect(page.locator(".alert-success")).toHaveText(DONE);
  await expect(page.locator(".toasts")).toContainText(DONE);

  await page.getByLabel("Email").fill(EMPLOYEE2);
  await page.getByLabel("Password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await arrive("/app");

  // The link was used up: a second use explains itself and offers a new one, and the form is gone.
  await visit(new URL(href!).pathname);
  await page.getByLabel(/^Password/).fill("yet another passphrase");
  await page.getByLabel("Confirm Password").fill("yet another passphrase");
  await page.getByRole("checkbox", { name: /not a robot/ }).check();
  await page.getByRole("button", { name: "Reset Password" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText(INVALID_LINK);
  await expect(page.locator(":focus")).toContainText(INVALID_LINK);
  await expect(alert.getByRole("link", { name: "Request a new link" })).toHaveAttribute(
    "href",
    "/forgot-password",
  );
  await expect(page.getByRole("button", { name: "Reset Password" })).toHaveCount(0);
  await checkA11y();
  await alert.getByRole("link", { name: "Request a new link" }).click();
  await arrive("/forgot-password");
});

test("an unknown email lands on the same success page, and nothing is mailed", async ({ page, visit, arrive, request }) => {
  const nobody = "nobody-here@apca.local";
  await visit("/forgot-password");
  await page.getByLabel("Email").fill(nobody);
  await page.getByRole("checkbox", { name: /not a robot/ }).check();
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await arrive("/forgot-password/success");
  await expect(page.getByText("If an account exists for that email")).toBeVisible();
  const outbox = await request.get("/api/dev/mail");
  expect(outbox.status()).toBe(200);
  const { data } = await outbox.json() as { data: { to: string }[] };
  expect(data.filter((m) => m.to === nobody)).toEqual([]);
});

test("a reset page without a token says the link is invalid", async ({ page, visit }) => {
  await visit("/reset-password");
  await expect(page.getByRole("alert")).toContainText(INVALID_LINK);
  await expect(page.getByRole("link", { name: "Request a new link" })).toBeVisible();
});

test("a failed request shows the server's error in an alert", async ({ page, visit, checkA11y }) => {
  await visit("/forgot-password");
  await page.route("**/api/password/forgot", (route) =>
    route.fulfill({
      status: 429,
      contentType: "application/json",
      body: JSON.stringify({
        error: "Too many password reset attempts. Please wait a while and try again.",
        code: "RATE_LIMITED",
      }),
    }));
  await page.getByLabel("Email").fill("someone@apca.local");
  await page.getByRole("checkbox", { name: /not a robot/ }).check();
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Too many password reset attempts. Please wait a while and try again.",
  );
  await expect(page.locator(":focus")).toContainText("Too many password reset attempts");
  await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeEnabled();
  await expect(page).toHaveURL("/forgot-password");
  await checkA11y();
});
