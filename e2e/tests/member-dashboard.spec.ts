/**
 * Journey: a member's dashboard (public spec §2 /app, §6 "Other members", §8 'Letter Has Been Emailed'),
 * their tests and downloads, and the public check of a Letter of Compliance's QR code (/verify/:token).
 * Members are made through the registration API with page.request (the page's own cookies), not the wizard:
 * the wizard has its own spec, and this one should stay fast.
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
// The API's own test reader of our PDFs: inflates the content stream and decodes the /QR section with jsQR.
import { pdfQrText } from "../../api/src/testing/pdf.ts";
import { expect, test } from "../support/fixtures.ts";

// Registration (argon2), a card, a charge, then several pages with axe: more than 30 s on a loaded machine.
test.describe.configure({ timeout: 90_000 });

const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Registers a self-employed member; the answer's cookie signs the page's context in as them. */
async function registerMember(request: APIRequestContext): Promise<number> {
  const response = await request.post("/api/register/member/account", {
    data: {
      email: uniqueEmail("dashboard"),
      password: "anchors-aweigh-1",
      recaptcha: "dev-captcha-ok",
      opt_in_text: true,
      first_name: "Casey",
      last_name: "Deckhand",
      terms_and_conditions: true,
      phone: "(504) 555-0100",
      address_one: "1 Levee Rd",
      city: "New Orleans",
      state: "LA",
      postal_code: "70112",
      country: "United States of America",
      is_licensed: false,
      ssn: "1234",
      is_company: false,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).user.user_id;
}

/** Saves the sandbox's good test card the way the card form does, and pays for an annual membership. */
async function startAnnualMembership(request: APIRequestContext): Promise<void> {
  const intent = await request.get("/api/auth/account/payment-intent");
  expect(intent.status()).toBe(200);
  const confirmed = await request.post("/api/payments/sandbox/setup-intents/confirm", {
    data: {
      client_secret: (await intent.json()).secret,
      card_number: "4242424242424242",
      exp: "12/34",
      cvc: "123",
      zip: "70112",
    },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const card = await request.post("/api/auth/account/payment-methods", {
    data: { setup_intent_id: (await confirmed.json()).setup_intent_id },
  });
  expect(card.status(), await card.text()).toBe(201);
  const membership = await request.post("/api/register/member/membership", {
    data: { payment_method_id: (await card.json()).data.id, is_annual: true },
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
  expect(membership.status(), await membership.text()).toBe(200);
}

const card = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });
/** The <dd> that follows the <dt> named `term`. */
const fact = (scope: Locator, term: string) => scope.locator(`dt:text-is("${term}") + dd`);
const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

test("an active annual member downloads and e-mails the letter, sees tests and downloads, and the letter verifies", async ({ page, visit, arrive, checkA11y, baseURL }) => {
  const userId = await registerMember(page.request);
  await startAnnualMembership(page.request);
  const memberNumber = (await (await page.request.get(`/api/auth/user/${userId}`)).json()).data.attributes
    .member_number as string;

  await visit("/app");
  const membership = card(page, "Membership");
  await expect(membership.getByText("Active annual membership")).toBeVisible();
  await expect(membership.getByText(/^Covered through \w+ \d{1,2}, \d{4}\.$/)).toBeVisible();
  await expect(membership.getByRole("link", { name: "Start your membership" })).toHaveCount(0);
  await expect(page.getByText("An extra drug test is required")).toHaveCount(0);

  // Download: the browser saves letter-compliance.pdf, a real PDF whose QR code links to /verify/<token>.
  const letter = card(page, "Letter of Compliance");
  const downloading = page.waitForEvent("download");
  await letter.getByRole("link", { name: "Download Letter of Compliance" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("letter-compliance.pdf");
  const pdf = new Uint8Array(await readFile(await download.path()));
  expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe("%PDF-");
  const verifyUrl = await pdfQrText(pdf);
  expect(verifyUrl).toMatch(new RegExp(`^${baseURL}/verify/[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
  const token = verifyUrl!.slice(verifyUrl!.lastIndexOf("/") + 1);

  const emailing = page.waitForResponse("**/api/auth/account/compliance-email");
  await letter.getByRole("button", { name: "Email it to me" }).click();
  expect((await emailing).status()).toBe(200);
  await expect(toast(page, "Letter Has Been Emailed")).toBeVisible();
  await checkA11y();

  // Recent tests: a new member has none yet; the full history is one link away.
  const tests = card(page, "Recent tests");
  await expect(tests.getByText("No tests yet")).toBeVisible();
  await tests.getByRole("link", { name: "See all your tests" }).click();
  await arrive("/app/account/tests");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Tests");
  await expect(page.getByText("No tests yet")).toBeVisible();

  // The letter is kept in the downloads once: the download and the e-mail (and any prefetch) are one letter
  // of the same content, issued once and reused.
  await visit("/app/account/downloads");
  const rows = page.getByRole("table", { name: "Your documents, newest first" }).getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Letter of Compliance");
  await expect(rows.nth(1).getByRole("link", { name: /^Download/ })).toHaveAttribute(
    "href",
    /^\/api\/auth\/account\/documents\/\d+$/,
  );

  // Whoever scans the code needs no account, and is probably holding a phone.
  await page.context().clearCookies();
  await page.setViewportSize({ width: 375, height: 740 });
  await visit(`/verify/${token}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verify a Letter of Compliance");
  const result = page.getByRole("region", { name: "Genuine Letter of Compliance" });
  await expect(result).toBeVisible();
  await expect(fact(result, "Member number")).toHaveText(memberNumber);
  await expect(fact(result, "Coverage")).toHaveText(/^\w+ \d{1,2}, \d{4} to \w+ \d{1,2}, \d{4}$/);
  await expect(fact(result, "Status when issued")).toHaveText("Active");
  await expect(fact(result, "Current status")).toContainText(
    "Active: enrolled in the random drug-testing program",
  );
  await expect(fact(result, "Current status")).toContainText(/as of \w+ \d{1,2}, \d{4}/);
  await expect(page.getByText("Coverage has changed")).toHaveCount(0);

  // One character changed in the middle of the signature (the last one may carry only padding bits).
  const mid = token.length - 20;
  await visit(`/verify/${token.slice(0, mid)}${token[mid] === "A" ? "B" : "A"}${token.slice(mid + 1)}`);
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(/This letter could not be verified/);
  await expect(page.getByText("Genuine Letter of Compliance")).toHaveCount(0);
});

test("a member without a membership is asked to start one and is offered no letter", async ({ page, visit, arrive }) => {
  await registerMember(page.request);
  await visit("/app");
  const membership = card(page, "Membership");
  await expect(membership.getByText("No membership")).toBeVisible();
  const letter = card(page, "Letter of Compliance");
  await expect(letter).toContainText(
    "A Letter of Compliance is available with an active annual membership that is not paused.",
  );
  await expect(letter.getByRole("link", { name: "Download Letter of Compliance" })).toHaveCount(0);
  await expect(letter.getByRole("button", { name: "Email it to me" })).toHaveCount(0);

  await membership.getByRole("link", { name: "Start your membership" }).click();
  await arrive("/app/account/membership/new");
});

test("a refused download is explained, not saved", async ({ page, visit }) => {
  await registerMember(page.request);
  await startAnnualMembership(page.request);
  await visit("/app");
  // The membership changed after the page loaded (paused elsewhere, say): the server refuses with 403.
  await page.route("**/api/auth/account/compliance-letter", (route) =>
    route.fulfill({
      status: 403,
      contentType: "application/json",
      body: JSON.stringify({
        error: "A Letter of Compliance is available with an active annual membership that is not paused.",
        code: "COMPLIANCE_UNAVAILABLE",
      }),
    }));
  let saved = false;
  page.on("download", () => (saved = true));
  await card(page, "Letter of Compliance").getByRole("link", { name: "Download Letter of Compliance" })
    .click();
  await expect(toast(page, "available with an active annual membership")).toBeVisible();
  expect(saved).toBe(false);
});

test("a tests page failure offers a retry", async ({ page, visit }) => {
  await registerMember(page.request);
  let fail = true;
  await page.route((url) => url.pathname === "/api/auth/account/tests", (route) =>
    fail
      ? route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: "The database is not answering.", code: "INTERNAL" }),
      })
      : route.continue());
  await visit("/app/account/tests");
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Your tests could not be loaded");
  await expect(alert).toContainText("The database is not answering.");
  fail = false;
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByText("No tests yet")).toBeVisible();
});

test("the demo DER's My Company is populated: employees, a pending request and vessels", async ({ page, logInAs, visit }) => {
  await logInAs("der");
  await visit("/app");
  await expect(page.getByText("You are signed in as a DER")).toBeVisible();
  const myCompany = card(page, "My Company");
  await expect(myCompany.getByLabel("Company")).toContainText("Gulf Coast Towing LLC");
  await expect(myCompany.getByRole("list", { name: "Employees" })).toContainText("Eli Boudreaux");
  await expect(myCompany.getByRole("list", { name: "Employees" })).toContainText("Erin Thibodeaux");
  await expect(myCompany).toContainText("Waiting for APCA approval");
  await myCompany.getByRole("tab", { name: "Vessels" }).click();
  await expect(myCompany.getByRole("list", { name: "Vessels" })).toContainText("M/V Bayou Star");
});
