/**
 * Journey: the administrators' desk (admin spec §2 "Admin Notification Center", §4 registration progress, the
 * company-link wizard and employee requests, §8 toasts; issue 12's done-when). A member registers through the
 * UI at 390 px and a DER on desktop; an administrator sees the count badges rise, works both registrations to
 * the end (the member's company linked to an existing one through the duplicate path, the DER's created, an
 * employee request linked to an existing user and another turned into a new one, a vessel change approved, a
 * paused membership resumed from its notification, an archive and a delete), sees the badges fall and the
 * Archived tab; a second administrator's stale action gets the 409. The other tests register their members
 * through the API (unique names), so nothing here touches the demo accounts or another spec's data.
 *
 * The tests of this file run one after another, and after every other spec (the desk-counts project of
 * playwright.config.ts): the badges count every open notification of the shared e2e database, which other
 * specs archive and reopen too (support/notifications.ts).
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test, USERS } from "../support/fixtures.ts";
import { toast } from "../support/toasts.ts";
import { signIn } from "../support/second-factor.ts";
import { addCardThroughApi, SANDBOX_CARDS, uniqueEmail } from "../support/members.ts";
import {
  COUNTED,
  type Counted,
  openBesides,
  registrationsOf,
  userIdByEmail,
} from "../support/notifications.ts";
import { PASSWORD, registerDerThroughUi, registerMemberThroughUi } from "../support/registration.ts";

test.describe.configure({ mode: "default", timeout: 120_000 });

const idempotent = () => ({ "Idempotency-Key": crypto.randomUUID() });

/**
 * Registers a member (a company employee when `company` is given) in its own session; answers the name, the
 * e-mail and the user's id.
 */
async function registerMember(
  request: APIRequestContext,
  company?: string,
): Promise<{ name: string; email: string; userId: number }> {
  const last = `Desk${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = uniqueEmail("desk");
  const answer = await request.post("/api/register/member/account", {
    data: {
      email,
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
  const { user } = await answer.json() as { user: { user_id: number } };
  return { name: `Jules ${last}`, email, userId: user.user_id };
}

async function ok(what: string, answer: Promise<import("@playwright/test").APIResponse>) {
  const response = await answer;
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return await response.json();
}

type Requests = { newContext(o: { baseURL: string }): Promise<APIRequestContext> };

/** A request context signed in as `who`. */
async function session(requests: Requests, baseURL: string, who: { email: string; password: string }) {
  const request = await requests.newContext({ baseURL });
  await signIn(request, who);
  return request;
}

const adminSession = (requests: Requests, baseURL: string) => session(requests, baseURL, USERS.admin);

/**
 * Brings `card` into view in `list`, pressing Load More while it is not among the pages loaded: other specs
 * keep adding notifications, newest first, and may push a card past the first page.
 */
async function reveal(list: Locator, card: Locator) {
  await expect(async () => {
    if (await card.count() === 0) {
      const more = list.getByRole("button", { name: "Load More" });
      if (await more.isVisible() && await more.isEnabled()) await more.click();
    }
    await expect(card.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Opens /app and checks the category badges against the journey's own notifications: each badge shows the
 * count the page was answered (capped at 99+, the exact number in its accessible name), and that count less
 * `ours` (the journey's own open notifications) lies between the other open notifications read just before
 * the page asked and just after it was answered. Other specs only add notifications meanwhile, so the bracket
 * cannot flake; if the journey's own were counted wrong (not counted, or still counted once worked), the
 * count would fall outside it. Answers the counts the page showed.
 */
async function expectCounts(
  page: Page,
  visit: (path: string) => Promise<void>,
  users: number[],
  ours: Record<Counted, number>,
): Promise<Record<Counted, number>> {
  const before = await openBesides(users);
  const answer = page.waitForResponse((r) =>
    r.url().endsWith("/api/auth/notifications/count") && r.request().method() === "GET"
  );
  await visit("/app");
  const { data } = await (await answer).json() as { data: Record<Counted, number> };
  const after = await openBesides(users);
  const categories = page.getByRole("navigation", { name: "Notification categories" });
  for (const category of Object.keys(ours) as Counted[]) {
    const n = data[category];
    const badge = categories.getByRole("button", { name: new RegExp(`^${COUNTED[category].label}`) })
      .locator(".count-badge");
    await expect(badge).toHaveAttribute("aria-label", `${n} open`);
    await expect(badge).toHaveText(n > 99 ? "99+" : String(n));
    const others = n - ours[category];
    expect(others, `${category}: the count less the journey's own ${ours[category]}`)
      .toBeGreaterThanOrEqual(before[category]);
    expect(others, `${category}: the count less the journey's own ${ours[category]}`)
      .toBeLessThanOrEqual(after[category]);
  }
  return data;
}

test("the desk: a member and a DER register through the UI, an administrator works both to the end", async (
  { page, browser, logInAs, visit, arrive, checkA11y, playwright },
  testInfo,
) => {
  test.setTimeout(360_000);
  const baseURL = testInfo.project.use.baseURL!;
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join("");
  const member = {
    firstName: "Jules",
    lastName: `Desk${tag}`,
    email: uniqueEmail("desk-member"),
    company: `pelican ${tag} towing, LLC`,
  };
  const der = {
    firstName: "Dana",
    lastName: `Desk${tag}`,
    email: uniqueEmail("desk-der"),
    company: {
      name: `Bayou ${tag} Marine`,
      ein: `7${digits(1)}-${digits(7)}`,
      phone: `(985) 555-${digits(4)}`,
      email: `office-${tag}@bayou.example`,
    },
  };
  const memberName = `${member.firstName} ${member.lastName}`;
  const derName = `${der.firstName} ${der.lastName}`;
  const existing = `Pelican ${tag} Towing Inc.`;

  // This journey's own existing company (the member's request duplicates it) and second administrator.
  const admin = await adminSession(playwright.request, baseURL);
  await ok(
    "company",
    admin.post("/api/auth/businesses", {
      data: { name: existing, tax_id: `72-${digits(7)}` },
      headers: idempotent(),
    }),
  );
  const secondRequests = await playwright.request.newContext({ baseURL });
  const second = await registerMember(secondRequests);
  await secondRequests.dispose();
  await ok(
    "admin rights",
    admin.put(`/api/auth/user/${second.userId}/admin`, { data: { data: { admin: true } } }),
  );

  // Before: the badges as they are, none of them the journey's.
  await logInAs("admin");
  const none = { registration: 0, changes: 0, paused: 0 };
  const before = await expectCounts(page, visit, [], none);
  await page.context().clearCookies();

  // The member registers on a phone, the DER on desktop, both through the registration UI.
  await page.setViewportSize({ width: 390, height: 844 });
  await registerMemberThroughUi(page, { visit, arrive }, member);
  // Measured in the page: e2e is type-checked without the DOM library (as offline.spec.ts explains).
  expect(await page.evaluate("document.documentElement.scrollWidth") as number).toBeLessThanOrEqual(390);
  await page.context().clearCookies();
  await page.setViewportSize({ width: 1280, height: 720 });
  await registerDerThroughUi(page, { visit, arrive }, der);
  await page.context().clearCookies();
  const memberApi = await session(playwright.request, baseURL, { email: member.email, password: PASSWORD });
  const derApi = await session(playwright.request, baseURL, { email: der.email, password: PASSWORD });
  await ok(
    "pause",
    memberApi.post("/api/auth/account/membership/pause", {
      data: { reason: "Currently out of season" },
      headers: idempotent(),
    }),
  );
  const ours = [await userIdByEmail(member.email), await userIdByEmail(der.email)];

  // The counts rise: two registrations, one pause. Their two company requests are worked from the
  // registrations' cards (one request, one card: issue 24), so Changes does not count them.
  await logInAs("admin");
  const risen = await expectCounts(page, visit, ours, { registration: 2, changes: 0, paused: 1 });
  expect(risen.registration).toBeGreaterThanOrEqual(before.registration + 2);
  expect(risen.paused).toBeGreaterThanOrEqual(before.paused + 1);

  const nav = page.getByRole("navigation", { name: "Notification categories" });
  const registrations = page.getByRole("region", { name: "Registrations list" });
  const memberCard = registrations.getByRole("article").filter({ hasText: memberName });
  const derCard = registrations.getByRole("article").filter({ hasText: derName });
  await reveal(registrations, memberCard);
  await expect(memberCard.getByRole("listitem").filter({ hasText: "Business approval" })).toContainText(
    "not yet",
  );
  await expect(memberCard.getByRole("listitem").filter({ hasText: "Membership created" })).toContainText(
    "done",
  );

  // The member's company duplicates the existing one: linked to it through the duplicate path.
  await memberCard.getByRole("link", { name: "Set up business" }).click();
  await arrive(/\/app\/admin\/notifications\/\d+\/business\/review$/);
  await expect(page.getByText("The company submitted seems to be a possible duplicate in our database..."))
    .toBeVisible();
  // The first step shows what was submitted beside the duplicate and its status (issue 24 item 3).
  const compare = page.getByTestId("duplicate-compare");
  await expect(compare).toContainText(member.company);
  await expect(compare.getByRole("link", { name: existing })).toBeVisible();
  await expect(compare.getByText("Active", { exact: true })).toBeVisible();
  // A matched value says so apart from it (issue 37: "72-7654321(same)"), and the review names the company and
  // the person who asked.
  await expect(compare).toContainText(/\S \(same as submitted\)/);
  await expect(page.getByRole("heading", { level: 2, name: /^Company request: / })).toContainText(
    `${member.company}, from ${memberName}`,
  );
  // On the new-company path the name ending in LLC fills "LLC Name"; Back returns to the choice.
  await page.getByLabel("New company").check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByLabel("This company is an LLC")).toBeChecked();
  await expect(page.getByLabel(/^LLC Name/)).toHaveValue(member.company);
  await page.getByRole("button", { name: "Back" }).click();
  await page.getByLabel("Link to an existing company").check();
  await expect(page.getByLabel(`Link to the possible duplicate: ${existing}`)).toBeChecked();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText(`Link the request to the existing company ${existing}`)).toBeVisible();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(toast(page, "Company Request Approved")).toBeVisible();
  await arrive(/\/app\?category=registration$/);
  await reveal(registrations, memberCard);
  await expect(memberCard).toContainText(existing);
  await expect(memberCard.getByRole("listitem").filter({ hasText: "Business approval" })).toContainText(
    "done",
  );

  // The DER's company is new: the choice is required, Back pops one step, then it is created.
  await reveal(registrations, derCard);
  await derCard.getByRole("link", { name: "Set up business" }).click();
  await arrive(/\/app\/admin\/notifications\/\d+\/business\/review$/);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(
    page.getByText("Please indicate whether this is a new company or link it to an existing company."),
  ).toBeVisible();
  await page.getByLabel("New company").check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByLabel(/Company Name/)).toHaveValue(der.company.name);
  await expect(page.getByLabel(/Company Tax ID/)).toHaveValue(der.company.ein);
  await checkA11y();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText(`Create the new company ${der.company.name} (tax id ${der.company.ein})`))
    .toBeVisible();
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByLabel(/Company Tax ID/)).toHaveValue(der.company.ein);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(toast(page, "Company Request Approved")).toBeVisible();
  await arrive(/\/app\?category=registration$/);
  await reveal(registrations, derCard);
  await expect(derCard.getByRole("listitem").filter({ hasText: "Business approval" })).toContainText("done");

  // The DER, set up in i3, asks to add the member and a newcomer, adds a vessel and renames it.
  const { data: companies } = await ok("companies", derApi.get("/api/auth/account/businesses"));
  const company = companies[0].id as number;
  await ok("i3", admin.post(`/api/auth/business/${company}/i3`, { headers: idempotent() }));
  const requests = `/api/auth/business/${company}/employee-requests`;
  await ok(
    "employee request naming the member",
    derApi.post(requests, {
      data: { first_name: member.firstName, last_name: member.lastName, email: member.email },
    }),
  );
  const newcomer = { first: "Nell", last: `Ross${tag}` };
  await ok(
    "employee request for a newcomer",
    derApi.post(requests, {
      data: { first_name: newcomer.first, last_name: newcomer.last, email: uniqueEmail("desk-nell") },
    }),
  );
  const { data: vessel } = await ok(
    "vessel",
    derApi.post(`/api/auth/business/${company}/vessels`, {
      data: { name: `Miss ${tag}` },
      headers: idempotent(),
    }),
  );
  await ok("vessel change", derApi.put(`/api/auth/vessel/${vessel.id}`, { data: { name: `Lady ${tag}` } }));
  await Promise.all([memberApi.dispose(), derApi.dispose()]);

  // The company requests are settled; the employee requests and the vessel's two notices wait.
  await expectCounts(page, visit, ours, { registration: 2, changes: 4, paused: 1 });

  // The member's registration offers the request naming them: linked to them, the existing user.
  await reveal(registrations, memberCard);
  await memberCard.getByRole("link", { name: "Review employee request" }).click();
  await arrive(/\/app\/admin\/notifications\/\d+\/employee\/new(\?from=registration)?$/);
  await expect(
    page.getByRole("heading", { name: `${derName} asks to add ${memberName} to ${der.company.name}` }),
  )
    .toBeVisible();
  await expect(page.getByText("This person may already have an account")).toBeVisible();
  await page.getByLabel(new RegExp(`^Link to ${memberName} \\(${member.email.replace(/[.+]/g, "\\$&")}\\)`))
    .check();
  await page.getByRole("button", { name: "Link user" }).click();
  await expect(toast(page, "Successfully linked to existing user")).toBeVisible();
  await arrive(/\/app\?category=registration$/);

  // The DER's registration offers the next one it filed: a new user is created from it.
  await reveal(registrations, derCard);
  await derCard.getByRole("link", { name: "Review employee request" }).click();
  await arrive(/\/app\/admin\/notifications\/\d+\/employee\/new(\?from=registration)?$/);
  await expect(
    page.getByRole("heading", { name: new RegExp(`asks to add ${newcomer.first} ${newcomer.last}`) }),
  )
    .toBeVisible();
  await page.getByLabel("Create a new user").check();
  await expect(page.getByLabel(/First Name/)).toHaveValue(newcomer.first);
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(toast(page, "Successfully added new user to company")).toBeVisible();
  await arrive(/\/app\?category=registration$/);
  await reveal(registrations, derCard);
  await expect(derCard.getByRole("link", { name: "Review employee request" })).toHaveCount(0);

  // The vessel change is approved; the vessel's addition is archived from its card.
  const changes = page.getByRole("region", { name: "Company/Member Changes list" });
  await nav.getByRole("button", { name: /Company\/Member Changes/ }).click();
  const renamed = changes.getByRole("article").filter({ hasText: `${derName} changed a vessel` });
  await reveal(changes, renamed);
  // A DER's vessel change takes effect when made: its card and screen say so (issue 24) and it is acknowledged.
  await renamed.getByRole("link", { name: "Review applied change" }).click();
  await arrive(/\/app\/admin\/notifications\/\d+\/change\/approve$/);
  await expect(page.getByRole("row", { name: `Name Miss ${tag} Lady ${tag}` })).toBeVisible();
  await expect(page.getByText("This change took effect when it was made.")).toBeVisible();
  await page.getByRole("button", { name: "Acknowledge" }).click();
  await expect(toast(page, "Member Request Approved")).toBeVisible();
  // The desk opens the next item of the queue (issue 24); this journey goes back to its list.
  await arrive(/\/app(\?category=changes|\/admin\/notifications\/\d+\/[a-z/]+)$/);
  await visit("/app?category=changes");
  await nav.getByRole("button", { name: /Company\/Member Changes/ }).click();
  const added = changes.getByRole("article").filter({ hasText: `${derName} added a vessel` });
  await reveal(changes, added);
  await added.getByRole("button", { name: "Archive" }).click();
  await expect(toast(page, "Successfully archived notification")).toBeVisible();
  await expect(added).toHaveCount(0);

  // The pause is resumed from its notification.
  await nav.getByRole("button", { name: /Paused Memberships/ }).click();
  const pausedList = page.getByRole("region", { name: "Paused Memberships list" });
  const paused = pausedList.getByRole("article").filter({ hasText: memberName });
  await reveal(pausedList, paused);
  await paused.getByRole("button", { name: "Resume" }).click();
  await expect(toast(page, "Successfully resumed paused membership")).toBeVisible();
  await expect(paused).toHaveCount(0);

  // A second administrator has the registrations open while the first archives the member's: their Delete
  // of it is stale and gets the 409's words, and their list refreshes.
  const secondContext = await browser.newContext({ baseURL });
  const secondPage = await secondContext.newPage();
  // Made an administrator by this journey: they set up an authenticator app at this sign-in.
  await signIn(secondContext.request, { email: second.email, password: "anchors-aweigh-1" });
  await secondPage.goto("/app");
  const secondList = secondPage.getByRole("region", { name: "Registrations list" });
  const stale = secondList.getByRole("article").filter({ hasText: memberName });
  await reveal(secondList, stale);

  await nav.getByRole("button", { name: /Registrations/ }).click();
  await reveal(registrations, memberCard);
  await memberCard.getByRole("button", { name: "Archive" }).click();
  await expect(toast(page, "Successfully archived registration notification")).toBeVisible();
  await expect(memberCard).toHaveCount(0);

  await stale.getByRole("button", { name: "Delete" }).click();
  await secondPage.getByRole("dialog", { name: "Delete this registration notification?" })
    .getByRole("button", { name: "Delete" }).click();
  await expect(toast(secondPage, "This notification was already processed by another administrator."))
    .toBeVisible();
  await expect(stale).toHaveCount(0);
  await secondContext.close();

  // The DER's registration is deleted, after a confirmation.
  await reveal(registrations, derCard);
  await derCard.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this registration notification?" });
  await expect(confirm).toBeVisible();
  await checkA11y();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Successfully deleted registration notification")).toBeVisible();
  await expect(derCard).toHaveCount(0);

  // The Archived tab shows what was archived: the member's registration and pause; the deleted one is gone.
  await page.getByRole("button", { name: "Archived" }).click();
  await reveal(registrations, memberCard);
  await nav.getByRole("button", { name: /Paused Memberships/ }).click();
  await reveal(pausedList, paused);
  await checkA11y();
  expect(await registrationsOf(ours[1]), "the DER's registration is deleted").toEqual([]);

  // The counts fall: none of the journey's notifications is open any more.
  await expectCounts(page, visit, ours, none);
  await admin.dispose();
});

test(
  "a second administrator's stale action answers 409 ALREADY_PROCESSED",
  async ({ playwright }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL!;
    const memberSession = await playwright.request.newContext({ baseURL });
    const { name } = await registerMember(memberSession);
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
  const { name } = await registerMember(member);
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
  const businessChange = changes.getByRole("article").filter({ hasText: `${name} changed a business` });
  await reveal(changes, businessChange);
  await businessChange.getByRole("link", { name: "Review change" }).click();
  await arrive(/\/app\/admin\/notifications\/\d+\/change\/approve$/);
  await expect(page.getByRole("row", { name: new RegExp(`Name .* ${renamed}`) })).toBeVisible();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(toast(page, "Member Request Approved")).toBeVisible();
  // The desk opens the next item of the queue (issue 24); this journey goes back to its list.
  await arrive(/\/app(\?category=changes|\/admin\/notifications\/\d+\/[a-z/]+)$/);
  await visit("/app?category=changes");

  await nav.getByRole("button", { name: /Company\/Member Changes/ }).click();
  const employeeRequest = changes.getByRole("article").filter({
    hasText: `Asked by ${name}`,
  });
  await reveal(changes, employeeRequest);
  await employeeRequest.getByRole("link", { name: "Review employee request" }).click();
  await arrive(/\/app\/admin\/notifications\/\d+\/employee\/new$/);
  await page.getByLabel("Create a new user").check();
  await expect(page.getByLabel(/First Name/)).toHaveValue("Nell");
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(toast(page, "Successfully added new user to company")).toBeVisible();
  // The desk opens the next item of the queue (issue 24); this journey goes back to its list.
  await arrive(/\/app(\?category=changes|\/admin\/notifications\/\d+\/[a-z/]+)$/);
  await visit("/app?category=changes");

  await nav.getByRole("button", { name: /Paused Memberships/ }).click();
  const pausedList = page.getByRole("region", { name: "Paused Memberships list" });
  const paused = pausedList.getByRole("article").filter({ hasText: name });
  await reveal(pausedList, paused);
  await paused.getByRole("button", { name: "Resume" }).click();
  await expect(toast(page, "Successfully resumed paused membership")).toBeVisible();
  await expect(paused).toHaveCount(0);
  await page.getByRole("button", { name: "Archived" }).click();
  await reveal(pausedList, paused);
});
