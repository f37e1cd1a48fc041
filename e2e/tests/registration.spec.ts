/**
 * Journey: registering (public spec §2 /register, §3 payloads, §4 wizard, §5 validation, §8 errors and toasts).
 * Every path runs end to end against the real server with the sandbox card processor: 4242… succeeds,
 * 4000 0000 0000 0002 is declined when the card is set up, 4000 0000 0000 9995 is declined when charged.
 */
import type { Page } from "@playwright/test";
import { test as baseTest, USERS } from "../support/fixtures.ts";
import { uniqueEmail } from "../support/members.ts";
import {
  addCard,
  CARDS,
  expect,
  expectFinished,
  field,
  fillAccount,
  fillDerCompany,
  fillMember,
  statusToast as toast,
  stepHeading,
} from "../support/registration.ts";

// support/registration.ts's expect waits 15 s: each journey fills long forms, stores cards, charges and runs axe
// at every step, and on a busy two-core machine that outgrows 30 s a test.

/** Waits (with this file's patience) until the page has rendered, before the shared 5 s settle and axe scan. */
async function rendered(page: Page) {
  await expect(page.locator("h1")).toBeVisible();
  await expect(page.locator("[data-loading]")).toHaveCount(0);
}

// The shared visit()/arrive(), still scanning every page with axe, after waiting as long as this file does.
const test = baseTest.extend({
  visit: async ({ page, checkA11y }, use) => {
    await use(async (path: string) => {
      await page.goto(path);
      await rendered(page);
      await checkA11y();
    });
  },
  arrive: async ({ page, checkA11y }, use) => {
    await use(async (url: string | RegExp) => {
      await expect(page).toHaveURL(url);
      await rendered(page);
      await checkA11y();
    });
  },
});
test.describe.configure({ timeout: 90_000 });

async function registerMember(
  page: Page,
  checkA11y: () => Promise<void>,
  visit: (path: string) => Promise<void>,
  { company, email = uniqueEmail("member") }: { company: boolean; email?: string },
) {
  await visit("/register");
  await expect(stepHeading(page, "Choose your account type")).toHaveAccessibleName(
    "Step 1 of 5: Choose your account type",
  );
  await page.getByRole("button", { name: "Register as a Member" }).click();
  await expect(stepHeading(page, "Member registration")).toBeFocused();
  await checkA11y();
  await fillAccount(page, { email });
  await fillMember(page, { company: company ? "Gulf Tugs Inc" : undefined });
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(toast(page, "Your APCA Account Has Been Created!")).toBeVisible();
}

test("member independent, annual: type, card, confirm, dashboard banner", async ({ page, visit, arrive, checkA11y }) => {
  await registerMember(page, checkA11y, visit, { company: false });
  await expect(stepHeading(page, "Choose your membership")).toHaveAccessibleName(
    "Step 3 of 5: Choose your membership",
  );
  await expect(page.getByLabel(/Annual membership: \$105 per year/)).toBeChecked();
  await expect(page.getByLabel(/One-time test: \$75/)).toBeVisible();
  await checkA11y();
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(stepHeading(page, "Add a payment method")).toBeFocused();
  await expect(page.getByRole("button", { name: /Skip/ })).toHaveCount(0);
  await checkA11y();
  await addCard(page, CARDS.ok);
  await expect(toast(page, "Payment method added successfully")).toBeVisible();

  await expect(stepHeading(page, "Confirm your membership")).toHaveAccessibleName(
    "Step 5 of 5: Confirm your membership",
  );
  await expect(page.getByLabel(/ending in 4242/)).toBeChecked();
  await expect(page.getByRole("definition")).toHaveText("$105");
  // The renewal terms beside the button that charges: the date, the renewal price, automatic, cancellable.
  const start = page.getByRole("button", { name: "Start Membership" });
  await expect(start).toHaveAccessibleDescription(
    /runs until \w+ \d{1,2}, \d{4} and then renews automatically for \$95 a year.*cancel it at any time/,
  );
  await checkA11y();

  const charge = page.waitForRequest("**/api/register/member/membership");
  await start.click();
  const request = await charge;
  expect(request.postDataJSON()).toMatchObject({ is_annual: true });
  expect(request.headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  await expect(toast(page, "Your Membership Has Been Started")).toBeVisible();
  await expectFinished(page, arrive);
});

test("member independent, one-time: switched on the confirm step", async ({ page, visit, arrive, checkA11y }) => {
  await registerMember(page, checkA11y, visit, { company: false });
  await page.getByRole("button", { name: "Continue" }).click();
  await addCard(page, CARDS.ok);
  await expect(stepHeading(page, "Confirm your membership")).toBeVisible();

  await page.getByLabel(/One-time test: \$75/).check();
  await expect(page.getByRole("definition")).toHaveText("$75");
  await page.getByLabel(/Annual membership/).check();
  await expect(page.getByRole("definition")).toHaveText("$105");
  await page.getByLabel(/One-time test/).check();

  const charge = page.waitForRequest("**/api/register/member/membership");
  await page.getByRole("button", { name: "Start Membership" }).click();
  expect((await charge).postDataJSON()).toMatchObject({ is_annual: false });
  await expect(toast(page, "Your Membership Has Been Started")).toBeVisible();
  await expectFinished(page, arrive);
});

test("member company: payment method straight after the details, company confirm", async ({ page, visit, arrive, checkA11y }) => {
  await registerMember(page, checkA11y, visit, { company: true });
  await expect(stepHeading(page, "Add a payment method")).toHaveAccessibleName(
    "Step 3 of 4: Add a payment method",
  );
  // The account exists: Back may not reopen the registration form.
  await expect(page.getByRole("button", { name: "Back" })).toBeDisabled();
  await addCard(page, CARDS.ok);

  await expect(stepHeading(page, "Confirm your company membership")).toBeFocused();
  await expect(page.getByRole("definition")).toHaveText("$105");
  await checkA11y();
  await page.getByRole("button", { name: "Start Membership" }).click();
  await expect(toast(page, "Your Membership Has Been Started")).toBeVisible();
  await expectFinished(page, arrive);
});

test("DER: company details, card (Back disabled), compliance kit", async ({ page, visit, arrive, checkA11y }) => {
  await visit("/register");
  await page.getByRole("button", { name: "Register as a DER" }).click();
  await expect(stepHeading(page, "DER registration")).toHaveAccessibleName("Step 2 of 4: DER registration");
  await fillAccount(page, { email: uniqueEmail("der") });
  await fillDerCompany(page, {
    name: "Bayou Marine LLC",
    ein: "12-3456789",
    phone: "+1 504 555 0199",
    email: "office@bayou-marine.example",
  });
  const account = page.waitForRequest("**/api/register/der/account");
  await page.getByRole("button", { name: "Create Account" }).click();
  const sent = (await account).postDataJSON();
  // Empty fields are dropped before sending (spec §3).
  expect(sent).not.toHaveProperty("company_dba");
  expect(sent).not.toHaveProperty("middle_name");
  expect(sent).not.toHaveProperty("confirm_password");
  expect(sent).toMatchObject({ company_tax_id: "12-3456789", terms_and_conditions: true, opt_in_text: true });
  await expect(toast(page, "Your APCA Account Has Been Created!")).toBeVisible();

  await expect(stepHeading(page, "Add a payment method")).toBeFocused();
  await expect(page.getByRole("button", { name: "Back" })).toBeDisabled();
  await checkA11y();
  await addCard(page, CARDS.ok);

  await expect(stepHeading(page, "Confirm your company registration")).toBeVisible();
  await expect(page.getByRole("definition")).toHaveText("$100");
  await checkA11y();
  await page.getByRole("button", { name: "Purchase Compliance Kit" }).click();
  await expect(toast(page, "Your Company Has Been Registered!")).toBeVisible();
  await expectFinished(page, arrive);
});

test("declines: at the card step, then at the charge; another card then succeeds", async ({ page, visit, arrive, checkA11y }) => {
  await registerMember(page, checkA11y, visit, { company: false });
  await page.getByRole("button", { name: "Continue" }).click();

  await addCard(page, CARDS.declined);
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  await expect(page.getByRole("button", { name: "Save Card" })).toBeEnabled();
  await checkA11y();

  await addCard(page, CARDS.noFunds);
  await expect(stepHeading(page, "Confirm your membership")).toBeVisible();
  const submit = page.getByRole("button", { name: "Start Membership" });
  await submit.click();
  await expect(toast(page, "Your card has insufficient funds.")).toBeVisible();
  await expect(submit).toBeEnabled();
  await checkA11y();

  // Adding a card from the confirm step replaces it with the payment step, which now offers a skip.
  await page.getByRole("button", { name: "Add a different card" }).click();
  await expect(stepHeading(page, "Add a payment method")).toBeFocused();
  await page.getByRole("button", { name: "Skip, use a saved card" }).click();
  await expect(stepHeading(page, "Confirm your membership")).toBeVisible();
  await page.getByRole("button", { name: "Add a different card" }).click();
  await addCard(page, CARDS.ok);
  await expect(page.getByLabel(/ending in 4242/)).toBeChecked();
  await expect(page.getByLabel(/ending in 9995/)).not.toBeChecked();
  await page.getByRole("button", { name: "Start Membership" }).click();
  await expect(toast(page, "Your Membership Has Been Started")).toBeVisible();
  await expectFinished(page, arrive);
});

test("an email already registered shows the warning with a link to log in", async ({ page, visit, arrive, checkA11y }) => {
  await visit("/register");
  await page.getByRole("button", { name: "Register as a Member" }).click();
  await fillAccount(page, { email: USERS.member.email });
  await fillMember(page, {});
  await page.getByRole("button", { name: "Create Account" }).click();

  const warning = page.getByRole("status").filter({ hasText: "already associated" });
  await expect(warning).toHaveText(
    "This email is already associated with an APCA account. Perhaps you can attempt to login into your account instead. Log in to your account",
  );
  await expect(page.getByRole("button", { name: "Create Account" })).toBeEnabled();
  await checkA11y();
  await warning.getByRole("link", { name: "Log in to your account" }).click();
  await arrive("/login");
});

test("Back pops one step; it returns to the start before an account exists", async ({ page, visit, checkA11y }) => {
  await visit("/register");
  await expect(page.getByRole("button", { name: "Back" })).toHaveCount(0);
  await page.getByRole("button", { name: "Register as a DER" }).click();
  await page.getByRole("button", { name: "Back" }).click();
  await expect(stepHeading(page, "Choose your account type")).toBeFocused();
  await page.getByRole("button", { name: "Register as a Member" }).click();
  await expect(stepHeading(page, "Member registration")).toBeVisible();

  await fillAccount(page, { email: uniqueEmail("back") });
  await fillMember(page, {});
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(stepHeading(page, "Choose your membership")).toBeVisible();
  await expect(page.getByRole("button", { name: "Back" })).toBeDisabled();
  await page.getByLabel(/One-time test/).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(stepHeading(page, "Add a payment method")).toBeVisible();
  await page.getByRole("button", { name: "Back" }).click();
  await expect(stepHeading(page, "Choose your membership")).toBeFocused();
  // The choice made before is kept.
  await expect(page.getByLabel(/One-time test/)).toBeChecked();
  await checkA11y();
});

test("member form: every validation message of spec §5", async ({ page, visit, checkA11y }) => {
  await visit("/register");
  await page.getByRole("button", { name: "Register as a Member" }).click();
  const submit = page.getByRole("button", { name: "Create Account" });
  await submit.click();

  const expected: [string, string][] = [
    ["First Name", "First Name is required!"],
    ["Last Name", "Last Name is required!"],
    ["Email", "Email is required!"],
    ["Password", "Password is required!"],
    ["Confirm Password", "Confirm Password is Required!"],
    ["Phone", "Phone number is required!"],
    ["Address One", "Address One is required!"],
    ["City", "City is required!"],
    ["State", "State is required!"],
    ["Postal Code", "Postal Code is required!"],
  ];
  for (const [label, message] of expected) {
    await expect(field(page, label)).toHaveAccessibleDescription(message);
  }
  await expect(field(page, "First Name")).toBeFocused();
  await expect(page.getByLabel("Yes, I am licensed")).toHaveAccessibleDescription(
    "License status is required!",
  );
  await expect(page.getByLabel("Company", { exact: true })).toHaveAccessibleDescription(
    /Business option is required!/,
  );
  await expect(page.getByLabel(/I accept the terms/)).toHaveAccessibleDescription(
    "Terms and conditions are required",
  );
  await expect(page.getByText("Recaptcha is required")).toBeVisible();
  await checkA11y();

  await field(page, "Country").fill("");
  await field(page, "Email").fill("not-an-email");
  await field(page, "Password").fill("one-password");
  await field(page, "Confirm Password").fill("another-password");
  await field(page, "Phone").fill("555-12");
  await field(page, "Postal Code").fill("ABC");
  await page.getByLabel("Yes, I am licensed").check();
  await page.getByLabel("Company", { exact: true }).check();
  await field(page, "Company Phone").fill("12");
  await submit.click();
  await expect(field(page, "Country")).toHaveAccessibleDescription("Country is required!");
  await expect(field(page, "Email")).toHaveAccessibleDescription("Please enter a valid email address");
  await expect(field(page, "Confirm Password")).toHaveAccessibleDescription("Passwords do not match");
  await expect(field(page, "Phone")).toHaveAccessibleDescription("Please enter a valid phone number");
  await expect(field(page, "Postal Code")).toHaveAccessibleDescription("Postal Code must be numeric");
  await expect(field(page, "USCG Credentials")).toHaveAccessibleDescription("USCG Crendentials are required");
  await expect(field(page, "Company Name")).toHaveAccessibleDescription("Company Name is required!");
  await expect(field(page, "Company Phone")).toHaveAccessibleDescription("Please enter a valid phone number");
  await checkA11y();

  await page.getByLabel("No, I am not licensed").check();
  await expect(page.getByText("Per USCG rules we collect the last 4 digits")).toBeVisible();
  await page.getByLabel("Self-employed").check();
  await page.getByLabel("My business is an LLC").check();
  await submit.click();
  await expect(field(page, "Last 4 digits of SSN")).toHaveAccessibleDescription(
    "Social Security Number is required",
  );
  await expect(field(page, "LLC Name")).toHaveAccessibleDescription("LLC Name is required!");

  // The SSN input keeps digits only and at most four; fewer than four is refused.
  const ssn = field(page, "Last 4 digits of SSN");
  await ssn.fill("12-34-5678");
  await expect(ssn).toHaveValue("1234");
  await ssn.fill("12");
  await submit.click();
  await expect(ssn).toHaveAccessibleDescription("Only last 4 digits of SSN are allowed");
  await checkA11y();
});

test("DER form: every validation message of spec §5", async ({ page, visit, checkA11y }) => {
  await visit("/register");
  await page.getByRole("button", { name: "Register as a DER" }).click();
  const submit = page.getByRole("button", { name: "Create Account" });
  await submit.click();
  const expected: [string, string][] = [
    ["First Name", "First Name is required!"],
    ["Last Name", "Last Name is required!"],
    ["Email", "Email is required!"],
    ["Password", "Password is required!"],
    ["Confirm Password", "Confirm Password is Required!"],
    ["Company Name", "Company Name is required!"],
    ["Company Phone", "Company Phone is required!"],
    ["EIN", "Company Tax ID is required"],
  ];
  for (const [label, message] of expected) {
    await expect(field(page, label)).toHaveAccessibleDescription(message);
  }
  await expect(page.getByLabel(/I accept the terms/)).toHaveAccessibleDescription(
    "Terms and conditions are required",
  );
  await expect(page.getByText("Recaptcha is required")).toBeVisible();
  await checkA11y();

  await field(page, "Company Email").fill("office@");
  await field(page, "Company Phone").fill("12345");
  await field(page, "Password").fill("1234567");
  await submit.click();
  await expect(field(page, "Password")).toHaveAccessibleDescription("Password must be at least 8 characters");
  await expect(field(page, "Company Email")).toHaveAccessibleDescription(
    "Please enter a valid email address",
  );
  await expect(field(page, "Company Phone")).toHaveAccessibleDescription("Please enter a valid phone number");
  await checkA11y();
});
