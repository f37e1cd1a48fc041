/** Journey: signing in and out (public spec §2 /login, §4 "Login and reset", §5 Login, §8 login failure). */
import { expect, test, USERS } from "../support/fixtures.ts";
import { totpCode } from "../support/second-factor.ts";

test("login shows the specification's validation messages", async ({ page, visit, checkA11y }) => {
  await visit("/login");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Account Login");
  const email = page.getByLabel("Email");
  const password = page.getByLabel("Password");

  await page.getByRole("button", { name: "Log In" }).click();
  await expect(email).toHaveAccessibleDescription("This field is required");
  await expect(password).toHaveAccessibleDescription("This field is required");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toBeFocused();
  await checkA11y();

  await email.fill("not-an-email");
  await password.fill("anything");
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(email).toHaveAccessibleDescription("Invalid Email");
  await expect(password).not.toHaveAttribute("aria-invalid");
});

test("a wrong password shows the server's error under the form", async ({ page, visit, checkA11y }) => {
  await visit("/login");
  await page.getByLabel("Email").fill(USERS.member.email);
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Log In" }).click();

  await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
  await expect(page.getByRole("button", { name: "Log In" })).toBeEnabled();
  await expect(page).toHaveURL("/login");
  await checkA11y();
});

test("a member logs in and lands on the member dashboard", async ({ page, visit, arrive }) => {
  await visit("/login");
  await page.getByLabel("Email").fill(USERS.member.email);
  await page.getByLabel("Password").fill(USERS.member.password);

  // Hold the login request so the busy state can be seen, then let it through.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/login", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Log In" }).click();
  const busy = page.getByRole("button", { name: "Logging in…" });
  await expect(busy).toBeDisabled();
  release();

  // The toast lasts 5 s; the dashboard's cards load and axe scans them first, which can take longer than that.
  await expect(page.getByRole("status").filter({ hasText: "Successfully logged into your account" }))
    .toBeVisible();
  await arrive("/app");
  await expect(page.getByText("You are signed in as a member.")).toBeVisible();
});

test("an administrator logs in, confirms with the authenticator app and sees the admin view", async ({ page, visit, arrive }) => {
  await visit("/login");
  await page.getByLabel("Email").fill(USERS.admin.email);
  await page.getByLabel("Password").fill(USERS.admin.password);
  await page.getByRole("button", { name: "Log In" }).click();

  // The second factor comes before anything else (decision 0043): the seeded administrator's app.
  await arrive(/\/login\/second-factor\?next=/);
  await page.getByLabel("6-digit code from your authenticator app").fill(totpCode());
  await page.getByRole("button", { name: "Confirm" }).click();

  await arrive("/app");
  await expect(page.getByText("You are signed in as an administrator.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" }))
    .toBeVisible();
});

test("login returns to the page that asked for it (?next)", async ({ page, visit, arrive }) => {
  await page.goto("/app/account");
  await arrive(`/login?next=${encodeURIComponent("/app/account")}`);
  await page.getByLabel("Email").fill(USERS.der.email);
  await page.getByLabel("Password").fill(USERS.der.password);
  await page.getByRole("button", { name: "Log In" }).click();

  await arrive("/app/account");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Account");
  await visit("/app");
  await expect(page.getByText("You are signed in as a DER")).toBeVisible();
});

test("sign out returns to /login and /app then asks to log in", async ({ page, logInAs, visit, arrive }) => {
  await logInAs("member");
  await visit("/app");
  await page.getByRole("button", { name: "Sign out" }).click();
  await arrive("/login");

  await page.goto("/app");
  await arrive(`/login?next=${encodeURIComponent("/app")}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Account Login");
});

test("/login?msg= shows the message as a success", async ({ page, visit }) => {
  await visit("/login?msg=Hello");
  await expect(page.getByRole("status").filter({ hasText: "Hello" })).toBeVisible();
});
