/**
 * Journey: a visitor reads the public site (public spec §1, §2 public routes, §9 prices) and writes to the
 * office through the contact form. Every page is scanned by axe through `visit()`.
 */
import { expect, test } from "../support/fixtures.ts";

const PAGES: [path: string, heading: string][] = [
  ["/", "DOT drug testing for mariners, in one consortium since 1986"],
  ["/about", "About APCA"],
  ["/membership", "Membership"],
  ["/partner-labs", "Partner Labs"],
  ["/collection-sites", "Find a Collection Site"],
  ["/about/prices", "Prices"],
  ["/services", "Services"],
  ["/services/non-compliance-penalties", "Non-Compliance Penalties"],
  ["/services/business-compliance-kit", "Business Compliance Kit"],
  ["/about/frequently-asked-questions", "Frequently Asked Questions"],
  ["/approved-lab-mro", "Approved Lab and MRO"],
  ["/random-testing-types", "Random Testing Types"],
  ["/terms-and-conditions", "Terms and Conditions"],
  ["/privacy-policy", "Privacy Policy"],
  ["/contact-us", "Contact Us"],
  ["/contact", "Contact"],
  ["/contact/thank-you", "Be In Touch Soon..."],
];

interface Prices {
  annual_new_cents: number;
  annual_renewal_cents: number;
  one_time_cents: number;
  compliance_kit_cents: number;
}

/** The web's rule (lib/money.ts): whole dollars without cents, otherwise two decimals. */
const dollars = (cents: number) =>
  new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);

for (const [path, heading] of PAGES) {
  test(`public page ${path} has one heading and real content`, async ({ page, visit }) => {
    await visit(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.locator("h1")).toHaveCount(1);
    const text = await page.getByRole("main").innerText();
    expect(text.length, "a page of real text").toBeGreaterThan(250);
  });
}

test("every price shown is the server's (GET /api/prices)", async ({ page, visit }) => {
  const answer = await page.request.get("/api/prices");
  expect(answer.status()).toBe(200);
  const prices: Prices = await answer.json();

  const expectPrices = async (expected: Partial<Record<keyof Prices, number>>) => {
    for (const [key, cents] of Object.entries(expected)) {
      const shown = page.locator(`[data-price="${key}"]`);
      await expect(shown.first()).toBeVisible();
      for (const text of await shown.allTextContents()) expect(text, key).toBe(dollars(cents));
    }
  };

  await visit("/about/prices");
  await expectPrices(prices);
  const standard = page.getByRole("region", { name: "Standard" });
  await expect(standard).toContainText(`${dollars(prices.annual_new_cents)} a year`);
  await expect(standard).toContainText("up to 50 employees");
  const enterprise = page.getByRole("region", { name: "Enterprise" });
  await expect(enterprise).toContainText("more than 50 employees");
  await expect(enterprise).toContainText("Contact us for pricing");

  await visit("/");
  await expectPrices({ annual_new_cents: prices.annual_new_cents });
  await visit("/membership");
  await expectPrices({
    annual_new_cents: prices.annual_new_cents,
    annual_renewal_cents: prices.annual_renewal_cents,
    one_time_cents: prices.one_time_cents,
  });
  await expect(page.getByRole("region", { name: "Membership notice" })).toContainText(
    "cancel it at any time, online or by calling us, with no penalty",
  );
  await visit("/services/business-compliance-kit");
  await expectPrices({ compliance_kit_cents: prices.compliance_kit_cents });
});

test("the home page links to the penalties, the FAQ and contact, and registration", async ({ page, visit, arrive }) => {
  await visit("/");
  await expect(page.getByRole("link", { name: "Read about penalties" })).toHaveAttribute(
    "href",
    "/services/non-compliance-penalties",
  );
  await expect(page.getByRole("link", { name: "Read the FAQ" })).toHaveAttribute(
    "href",
    "/about/frequently-asked-questions",
  );
  await expect(page.getByRole("main").getByRole("link", { name: "Contact us", exact: true }))
    .toHaveAttribute("href", "/contact-us");
  await page.getByRole("main").getByRole("link", { name: "Register now" }).first().click();
  await arrive("/register");
});

test("the FAQ answers open and close like disclosures", async ({ page, visit, checkA11y }) => {
  await visit("/about/frequently-asked-questions");
  const question = page.getByText("What is a Letter of Compliance?");
  const answer = page.getByText(/A letter from APCA stating that you are enrolled/);
  await expect(answer).toBeHidden();
  await question.click();
  await expect(answer).toBeVisible();
  await checkA11y();
  await question.press("Enter");
  await expect(answer).toBeHidden();
});

test("the random testing types page has its six sections and links to prices", async ({ page, visit }) => {
  await visit("/random-testing-types");
  for (
    const section of [
      "Pre-employment",
      "Pre-employment exemptions",
      "Periodic",
      "Post accident",
      "Reasonable suspicion",
      "Random",
    ]
  ) {
    await expect(page.getByRole("heading", { level: 2, name: section, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "See membership prices" })).toHaveAttribute(
    "href",
    "/about/prices",
  );
});

test("the privacy policy states its date and answer times", async ({ page, visit }) => {
  await visit("/privacy-policy");
  await expect(page.getByText("Last updated July 18, 2022")).toBeVisible();
  await expect(page.getByRole("main")).toContainText("within 45 days");
  await expect(page.getByRole("main")).toContainText("under 13");
  await expect(page.getByRole("main")).toContainText("under 16");
});

test("the contact form shows its validation messages", async ({ page, visit, checkA11y }) => {
  await visit("/contact");
  const send = page.getByRole("button", { name: "Send message" });
  await send.click();
  await expect(page.getByLabel("Name")).toHaveAccessibleDescription("Name is required!");
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Email is required!");
  await expect(page.getByLabel("Message")).toHaveAccessibleDescription("Message is required!");
  await expect(page.getByText("Recaptcha is required")).toBeVisible();
  await expect(page.getByLabel("Name")).toBeFocused();
  await checkA11y();

  await page.getByLabel("Name").fill("Sam Mariner");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Phone").fill("12345");
  await send.click();
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Please enter a valid email address");
  await expect(page.getByLabel("Phone")).toHaveAccessibleDescription(
    /Please enter a valid phone number/,
  );
  await expect(page.getByLabel("Name")).not.toHaveAttribute("aria-invalid");
  await expect(page).toHaveURL("/contact");
});

test("a visitor sends a message and reads 'Be In Touch Soon...'", async ({ page, visit, arrive }) => {
  await visit("/contact-us");
  await page.getByLabel("Name").fill("Sam Mariner");
  await page.getByLabel("Email").fill("sam.mariner@example.com");
  await page.getByLabel("Phone").fill("(504) 555-0100");
  await page.getByLabel("Message").fill("Does a periodic test enroll me in the random pool?");
  await page.getByLabel("I'm not a robot (development)").check();

  // Hold the answer a moment to see the button disabled while sending.
  await page.route("**/api/contact", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("button", { name: "Sending…" })).toBeDisabled();
  await arrive("/contact/thank-you");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Be In Touch Soon...");
});

test("public pages fit a 375 px wide phone without sideways scrolling", async ({ page, visit }) => {
  // Five pages, each with its axe scan: more than the default 30 s on a busy 2-core machine.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ["/", "/about/prices", "/membership", "/contact-us", "/random-testing-types"]) {
    await visit(path);
    const width = await page.locator("html").evaluate((html) => html.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(375);
  }
});
