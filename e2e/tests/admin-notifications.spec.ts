/**
 * Journey: the administrators' desk (admin spec §2 "Admin Notification Center", §4 registration progress and
 * the company-link wizard, §8 toasts). Each test registers its own members through the API (unique names), so
 * nothing here touches the demo accounts or another spec's data: the administrator sets up a company from a
 * member's request through the wizard, archives the registration and finds it under Archived; a second
 * administrator's stale action answers 409; at 390 px the categories fold behind a toggle.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, USERS } from "../support/fixtures.ts";
import { addCardThroughApi, SANDBOX_CARDS, uniqueEmail } from "../support/members.ts";

test.describe.configure({ timeout: 120_000 });

const toast = (page: Page, text: string) => page.locator(".toasts .toast").filter({ hasText: text });

/** Registers a member (a company employee when `company` is given) in its own session; answers the name. */
async function registerMember(request: APIRequestContext, company?: string): Promise<string> {
  const last = `Desk${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const answer = await request.post("/api/register/member/account", {
    data: {
      email: uniqueEmail("desk"),
      password: "anchors-aweigh-1",
      recaptcha: "dev-captcha-ok",
      opt_in_text: true,
      first_name: "Jules",
      last_name: last,
      terms_and_conditions: true,
      phone: "(504) 555-0123",
      address_one: "1 River Road",
      city: "New Orleans",
      state: "LA",
      postal_code: "70112",
      country: "United States of America",
      is_licensed: false,
      ssn: "6789",
      is_company: company !== undefined,
      ...(company ? { company_name: company, company_phone: "(504) 555-0199" } : {}),
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return `Jules ${last}`;
}

async function ok(what: string, answer: Promise<import("@playwright/test").APIResponse>) {
  const response = await answer;
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return await response.json();
}

async function adminSession(
  request0: { newContext(o: { baseURL: string }): Promise<APIRequestContext> },
  baseURL: string,
) {
  const request = await request0.newContext({ baseURL });
  const login = await request.post("/api/login", { data: USERS.admin });
  expect(login.status()).toBe(200);
  return request;
}

test("an administrator sets up a member's company through the wizard and archives the registration", async (
  { page, logInAs, visit, arrive, checkA11y, playwright },
  testInfo,
) => {
  const baseURL = testInfo.project.use.baseURL!;
  const memberSession = await playwright.request.newContext({ baseURL });
  const company = `Bayou ${Date.now().toString(36)} Marine`;
  const name = await registerMember(memberSession, company);
  await memberSession.dispose();

  await logInAs("admin");
  await visit("/app");
  const center = page.getByRole("region", { name: "Registrations list" });
  const categories = page.getByRole("navigation", { name: "Notification categories" });
  await expect(categories.getByRole("button", { name: /Registrations/ })).toBeVisible();
  await expect(categories.getByRole("button", { name: /Registrations/ }).locator(".count-badge")).toHaveText(
    /^\d+\+?$/,
  );
  const card = center.getByRole("article").filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByRole("listitem").filter({ hasText: "Business approval" })).toContainText("not yet");

  // The wizard: the choice is required, then a new company needs its tax id.
  await card.getByRole("link", { name: "Set up business" }).click();
  await arrive(/\/app\/admin\/notifications\/\d+\/business\/review$/);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(
    page.getByText("Please indicate whether this is a new company or link it to an existing company."),
  ).toBeVisible();
  await page.getByLabel("New company").check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByLabel(/Company Name/)).toHaveValue(company);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Company Tax ID is required")).toBeVisible();
  await checkA11y();
  await page.getByLabel(/Company Tax ID/).fill("72-5550199");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText(`Create the new company ${company}`)).toBeVisible();
  // Back pops one step: the form again, with what was typed.
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByLabel(/Company Tax ID/)).toHaveValue("72-5550199");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(toast(page, "Company Request Approved")).toBeVisible();
  await arrive(/\/app$/);

  const done = page.getByRole("region", { name: "Registrations list" }).getByRole("article").filter({
    hasText: name,
  });
  await expect(done.getByRole("listitem").filter({ hasText: "Business approval" })).toContainText("done");
  await done.getByRole("button", { name: "Archive" }).click();
  await expect(toast(page, "Successfully archived registration notification")).toBeVisible();
  await expect(done).toHaveCount(0);
  await page.getByRole("button", { name: "Archived" }).click();
  await expect(
    page.getByRole("region", { name: "Registrations list" }).getByRole("article").filter({ hasText: name }),
  ).toBeVisible();
  await checkA11y();
});

test(
  "a second administrator's stale action answers 409 ALREADY_PROCESSED",
  async ({ playwright }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL!;
    const memberSession = await playwright.request.newContext({ baseURL });
    const name = await registerMember(memberSession);
    await memberSession.dispose();
    const [first, second] = [
      await adminSession(playwright.request, baseURL),
      await adminSession(playwright.request, baseURL),
    ];
    const page1 = await (await first.get("/api/auth/notification/registrations?per_page=50")).json() as {
      data: { id: number; attributes: { user_name: string } }[];
    };
    const mine = page1.data.find((r) => r.attributes.user_name === name);
    expect(mine, "the registration is listed").toBeDefined();
    const path = `/api/auth/notification/registration/${mine!.id}/archive`;
    const a = await first.put(path);
    expect(a.status()).toBe(200);
    const b = await second.put(path);
    expect(b.status()).toBe(409);
    expect((await b.json()).code).toBe("ALREADY_PROCESSED");
    const archived =
      await (await second.get("/api/auth/notification/registrations?archived=true&per_page=50"))
        .json() as { data: { id: number }[] };
    expect(archived.data.map((r) => r.id)).toContain(mine!.id);
    await Promise.all([first.dispose(), second.dispose()]);
  },
);

test("at 390 px the categories fold behind a toggle and the page never scrolls sideways", async ({ page, logInAs, visit }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInAs("admin");
  await visit("/app");
  const toggle = page.getByRole("button", { name: /Registrations/, expanded: false });
  await expect(toggle).toBeVisible();
  await expect(page.getByRole("button", { name: /Paused Memberships/ })).toBeHidden();
  await toggle.click();
  await page.getByRole("button", { name: /Paused Memberships/ }).click();
  await expect(page.getByRole("region", { name: "Paused Memberships list" })).toBeVisible();
  // Measured in the page: e2e is type-checked without the DOM library (as offline.spec.ts explains).
  const width = await page.evaluate("document.documentElement.scrollWidth") as number;
  expect(width).toBeLessThanOrEqual(390);
});

test("an administrator approves a business change, creates a requested employee and resumes a pause", async (
  { page, logInAs, visit, arrive, playwright },
  testInfo,
) => {
  const baseURL = testInfo.project.use.baseURL!;
  const member = await playwright.request.newContext({ baseURL });
  const name = await registerMember(member);
  const card = await addCardThroughApi(member, SANDBOX_CARDS.ok);
  await ok(
    "membership",
    member.post("/api/register/member/membership", {
      data: { payment_method_id: card, is_annual: true },
      headers: { "Idempotency-Key": crypto.randomUUID() },
    }),
  );
  const { data: businesses } = await ok("businesses", member.get("/api/auth/account/businesses"));
  const own = businesses[0].id as number;
  const renamed = `${name} Charters`;
  await ok("rename", member.put(`/api/auth/business/${own}`, { data: { name: renamed } }));
  const employee = `Nell ${Date.now().toString(36)}`;
  await ok(
    "employee request",
    member.post(`/api/auth/business/${own}/employee-requests`, {
      data: { first_name: "Nell", last_name: employee.slice(5), email: uniqueEmail("nell") },
    }),
  );
  await ok(
    "pause",
    member.post("/api/auth/account/membership/pause", {
      data: { reason: "Currently out of season" },
      headers: { "Idempotency-Key": crypto.randomUUID() },
    }),
  );
  await member.dispose();

  await logInAs("admin");
  await visit("/app");
  const nav = page.getByRole("navigation", { name: "Notification categories" });
  await nav.getByRole("button", { name: /Company\/Member Changes/ }).click();
  const changes = page.getByRole("region", { name: "Company/Member Changes list" });
  await changes.getByRole("article").filter({ hasText: `${name} changed a business` })
    .getByRole("link", { name: "Review change" }).click();
  await arrive(/\/app\/admin\/notifications\/\d+\/change\/approve$/);
  await expect(page.getByRole("row", { name: new RegExp(`Name .* ${renamed}`) })).toBeVisible();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(toast(page, "Member Request Approved")).toBeVisible();
  await arrive(/\/app$/);

  await nav.getByRole("button", { name: /Company\/Member Changes/ }).click();
  await changes.getByRole("article").filter({ hasText: `${name} asked to add an employee` })
    .getByRole("link", { name: "Review employee request" }).click();
  await arrive(/\/app\/admin\/notifications\/\d+\/employee\/new$/);
  await page.getByLabel("Create a new user").check();
  await expect(page.getByLabel(/First Name/)).toHaveValue("Nell");
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(toast(page, "Successfully added new user to company")).toBeVisible();
  await arrive(/\/app$/);

  await nav.getByRole("button", { name: /Paused Memberships/ }).click();
  const paused = page.getByRole("region", { name: "Paused Memberships list" }).getByRole("article")
    .filter({ hasText: name });
  await paused.getByRole("button", { name: "Resume" }).click();
  await expect(toast(page, "Successfully resumed paused membership")).toBeVisible();
  await expect(paused).toHaveCount(0);
  await page.getByRole("button", { name: "Archived" }).click();
  await expect(
    page.getByRole("region", { name: "Paused Memberships list" }).getByRole("article").filter({
      hasText: name,
    }),
  ).toBeVisible();
});

test(
  "a company request that duplicates an existing company is linked to it through the duplicate path",
  async (
    { page, logInAs, visit, arrive, playwright },
    testInfo,
  ) => {
    const baseURL = testInfo.project.use.baseURL!;
    const tag = Date.now().toString(36);
    // The existing company is this test's own, so linking never touches the demo company's roster.
    const admin = await adminSession(playwright.request, baseURL);
    await ok(
      "company",
      admin.post("/api/auth/businesses", {
        data: { name: `Pelican ${tag} Towing Inc.`, tax_id: "72-0000042" },
        headers: { "Idempotency-Key": crypto.randomUUID() },
      }),
    );
    await admin.dispose();
    const member = await playwright.request.newContext({ baseURL });
    const name = await registerMember(member, `pelican ${tag} towing, LLC`);
    await member.dispose();

    await logInAs("admin");
    await visit("/app");
    await page.getByRole("region", { name: "Registrations list" }).getByRole("article").filter({
      hasText: name,
    })
      .getByRole("link", { name: "Set up business" }).click();
    await arrive(/\/business\/review$/);
    await expect(page.getByText("The company submitted seems to be a possible duplicate in our database..."))
      .toBeVisible();
    await page.getByLabel("Link to an existing company").check();
    await expect(page.getByLabel(`Link to the possible duplicate: Pelican ${tag} Towing Inc.`)).toBeChecked();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText(`Link the request to the existing company Pelican ${tag} Towing Inc.`))
      .toBeVisible();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(toast(page, "Company Request Approved")).toBeVisible();
    await arrive(/\/app$/);
    const done = page.getByRole("region", { name: "Registrations list" }).getByRole("article").filter({
      hasText: name,
    });
    await expect(done).toContainText(`Pelican ${tag} Towing Inc.`);
  },
);
