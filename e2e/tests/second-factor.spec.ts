/**
 * The administrators' second factor (issue 26, decision 0043) in Chromium with its virtual authenticator (CDP
 * WebAuthn): a member made administrator enrols a passkey at the next sign-in and gets recovery codes, signs
 * out, signs in again with the passkey; a sign-in that stops after the password reaches no administrator call;
 * a recovery code works once.
 *
 * Passkeys need a host name (an IP address is no WebAuthn RP ID), so this spec opens the site as localhost;
 * the server's WEBAUTHN_ORIGIN says the same (playwright.config.ts).
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, USERS } from "../support/fixtures.ts";
import { registerMemberThroughApi } from "../support/members.ts";
import { enrolAuthenticator, signIn, totpCode } from "../support/second-factor.ts";

/** A fresh member whom the demo administrator gives admin rights: their next sign-in must enrol. */
async function newAdministrator(request: APIRequestContext, site: string) {
  const member = await registerMemberThroughApi(request, { membership: "none", card: false });
  const { user_id } = await (await request.get(`${site}/api/auth/session`)).json() as { user_id: number };
  await request.post(`${site}/api/logout`);
  await signIn(request, USERS.admin);
  const granted = await request.put(`${site}/api/auth/user/${user_id}/admin`, {
    data: { data: { admin: true } },
  });
  expect(granted.status(), await granted.text()).toBe(200);
  await request.post(`${site}/api/logout`);
  return { ...member, userId: user_id };
}

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function passwordStep(page: Page, site: string, who: { email: string; password: string }) {
  await page.goto(`${site}/login`);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/login\/second-factor\?next=/);
}

test(
  "an administrator enrols a passkey, signs out, signs in with it; a recovery code works once",
  async ({ page, playwright, checkA11y }, testInfo) => {
    test.setTimeout(120_000); // several sign-ins and axe scans
    const site = testInfo.project.use.baseURL!.replace("127.0.0.1", "localhost");
    const setup = await playwright.request.newContext({ baseURL: site });
    const who = await newAdministrator(setup, site);
    await setup.dispose();
    const { cdp, authenticatorId } = await virtualAuthenticator(page);

    // Enrolment at the next sign-in: a passkey, then the recovery codes, shown once.
    await passwordStep(page, site, who);
    await expect(page.getByText("Administrators confirm every sign-in with a second factor.")).toBeVisible();
    await checkA11y();
    await page.getByRole("button", { name: "Add a passkey" }).click();
    const list = page.getByTestId("recovery-codes");
    await expect(list.getByRole("listitem")).toHaveCount(10);
    const codes = (await list.getByRole("listitem").allTextContents()).map((c) => c.trim());
    await checkA11y();
    await page.getByRole("button", { name: "I have saved my codes" }).click();
    await expect(page).toHaveURL(`${site}/app`);
    await expect(page.getByText("You are signed in as an administrator.")).toBeVisible();
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);

    // Sign out, and back in with the passkey.
    await page.getByRole("button", { name: "Sign out" }).first().click();
    await expect(page).toHaveURL(/\/login/);
    await passwordStep(page, site, who);
    await expect(page.getByText("Please confirm your sign-in with your second factor.")).toBeVisible();
    await checkA11y();
    await page.getByRole("button", { name: "Use your passkey" }).click();
    await expect(page).toHaveURL(`${site}/app`);
    await expect(page.getByText("You are signed in as an administrator.")).toBeVisible();
    expect((await page.request.get(`${site}/api/auth/users`)).status()).toBe(200);

    // A sign-in that stops after the password reaches no administrator call.
    const halfway = await playwright.request.newContext({ baseURL: site });
    expect((await halfway.post("/api/login", { data: who })).status()).toBe(200);
    for (const path of ["/api/auth/users", "/api/auth/exports", "/api/auth/notification/registrations"]) {
      const refused = await halfway.get(path);
      expect(refused.status(), path).toBe(403);
      expect((await refused.json()).code, path).toBe("SECOND_FACTOR_REQUIRED");
    }

    // A recovery code works once.
    const used = await halfway.post("/api/auth/second-factor/verify", {
      data: { method: "recovery", code: codes[0] },
    });
    expect(used.status(), await used.text()).toBe(200);
    expect((await halfway.get("/api/auth/users")).status()).toBe(200);
    await halfway.dispose();
    const again = await playwright.request.newContext({ baseURL: site });
    expect((await again.post("/api/login", { data: who })).status()).toBe(200);
    const reused = await again.post("/api/auth/second-factor/verify", {
      data: { method: "recovery", code: codes[0] },
    });
    expect(reused.status()).toBe(422);
    expect((await again.get("/api/auth/users")).status()).toBe(403);
    await again.dispose();
  },
);

test("the sign-in step takes a recovery code in the browser", async ({ page, playwright }, testInfo) => {
  const site = testInfo.project.use.baseURL!.replace("127.0.0.1", "localhost");
  const setup = await playwright.request.newContext({ baseURL: site });
  const who = await newAdministrator(setup, site);
  // Enrol an authenticator app through the API (the recovery codes come with it).
  expect((await setup.post("/api/login", { data: who })).status()).toBe(200);
  const { secret } = await (await setup.post("/api/auth/second-factor/totp/secret")).json() as {
    secret: string;
  };
  const enrolled = await setup.post("/api/auth/second-factor/totp", {
    data: { secret, code: totpCode(secret) },
  });
  const { recovery_codes } = await enrolled.json() as { recovery_codes: string[] };
  await setup.dispose();

  await passwordStep(page, site, who);
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  await page.getByRole("textbox", { name: /Recovery code/ }).fill(recovery_codes[3]);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(`${site}/app`);
  await expect(page.getByText("You are signed in as an administrator.")).toBeVisible();
});

test("another administrator resets the factors of one who lost them", async ({ page, playwright, logInAs, visit }) => {
  const site = test.info().project.use.baseURL!;
  const setup = await playwright.request.newContext({ baseURL: site });
  const who = await newAdministrator(setup, site);
  expect((await setup.post("/api/login", { data: { email: who.email, password: who.password } })).status())
    .toBe(200);
  await enrolAuthenticator(setup);
  expect((await setup.get("/api/auth/users")).status()).toBe(200);

  await logInAs("admin");
  await visit(`/app/admin/users/${who.userId}`);
  await page.getByRole("tab", { name: "Password" }).click();
  await page.getByRole("button", { name: "Reset Second Factor" }).click();
  const dialog = page.getByRole("dialog", { name: "Reset this user's second factor?" });
  await dialog.getByRole("button", { name: "Reset" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Second factor reset" })).toBeVisible();

  // Their session ended, and their next sign-in sets up a new factor.
  expect((await setup.get("/api/auth/users")).status()).toBe(401);
  const login = await setup.post("/api/login", { data: { email: who.email, password: who.password } });
  expect((await login.json()).user.second_factor).toBe("enrol");
  await setup.dispose();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a member adds an authenticator app; their next sign-in asks for its code", async ({ page, playwright, visit, arrive }) => {
    test.setTimeout(120_000); // a registration, an enrolment and two sign-ins with axe scans
    const setup = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL! });
    const member = await registerMemberThroughApi(setup, { membership: "none", card: false });
    await setup.dispose();
    expect((await page.request.post("/api/login", { data: member })).status()).toBe(200);

    await visit("/app/account");
    await page.getByRole("link", { name: "Sign-in security" }).click();
    await arrive("/app/account/security");
    await expect(page.getByText("None yet.")).toBeVisible();
    await page.getByRole("button", { name: "Add an authenticator app" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    await page.getByLabel("6-digit code").fill("000000");
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByText("That code is not right, or it was already used.")).toBeVisible();
    await page.getByLabel("6-digit code").fill(totpCode(secret));
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
    await page.getByRole("button", { name: "I have saved my codes" }).click();
    await expect(page.getByRole("list", { name: "Your second factors" })).toContainText("Authenticator app");

    // The next sign-in asks for the code before anything else.
    await page.context().clearCookies();
    await visit("/login");
    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password").fill(member.password);
    await page.getByRole("button", { name: "Log In" }).click();
    await arrive(/\/login\/second-factor\?next=/);
    expect((await (await page.request.get("/api/auth/second-factor")).json()).state).toBe("verify");
    expect((await page.request.get("/api/auth/account/profile")).status()).toBe(403);
  });
});
