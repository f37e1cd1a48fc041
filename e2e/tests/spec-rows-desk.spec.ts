/**
 * Rows of the administrator specification's desk that were present but never exercised (issue 37, "Untested
 * rows"): the notification list's loading, error and empty states and its 800px height (admin spec §2, §9),
 * the Store Notifications list, 'Unknown Notification Type', a single archive's message (a cancelled
 * membership's), Send LOC, the registration card's Purchase membership and Order compliance kit links, the
 * user page's pending-request and "primary business not in i3" warnings and its duplicates table, the
 * company-link wizard reached by the request's own address (/app/admin/requests/{id}/business/new) with its
 * search-and-pick path, converting a request to an individual and back to a company, the employee request's
 * linking and add-user failures, the chart failure text and the random pool's "preordering" state.
 * Where the server cannot be made to fail or to stop in a passing state on demand, page.route answers the one
 * call; everything else is real. Every person is the test's own, with a unique name.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import postgres from "postgres";
import process from "node:process";
import { expect, test } from "../support/fixtures.ts";
import { expectToast } from "../support/toasts.ts";
import { refuse } from "../support/refuse.ts";
import { addCardThroughApi, SANDBOX_CARDS, uniqueEmail } from "../support/members.ts";
import { createDerWithCompany } from "../support/companies.ts";
import { databaseUrl } from "../support/database.ts";

test.describe.configure({ timeout: 120_000 });

async function sql<T>(work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const db = postgres(databaseUrl(process.env.E2E_DATABASE_NAME!), { max: 1, onnotice: () => {} });
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

async function ok(what: string, answer: Promise<import("@playwright/test").APIResponse>) {
  const response = await answer;
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.status() === 204 ? null : await response.json();
}

interface Person {
  userId: number;
  email: string;
  first: string;
  last: string;
  name: string;
}

/**
 * Registers a member in `request` (which is signed in as them): self-employed, or a company employee whose
 * company request waits when `company` is given; a unique last name unless one is given.
 */
async function registerPerson(
  request: APIRequestContext,
  { company, last, phone = "(504) 555-0123" }: { company?: string; last?: string; phone?: string } = {},
): Promise<Person> {
  last ??= `Rows${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = uniqueEmail("rows");
  const answer = await ok(
    "register",
    request.post("/api/register/member/account", {
      data: {
        email,
        password: "anchors-aweigh-1",
        recaptcha: "dev-captcha-ok",
        opt_in_text: true,
        first_name: "Jules",
        last_name: last,
        terms_and_conditions: true,
        phone,
        address_one: "1 River Road",
        city: "New Orleans",
        state: "LA",
        postal_code: "70112",
        country: "United States of America",
        is_licensed: false,
        ssn: "6789",
        is_company: company !== undefined,
        ...(company ? { company_name: company } : {}),
      },
    }),
  );
  return { userId: answer.user.user_id, email, first: "Jules", last, name: `Jules ${last}` };
}

/** A card and an annual membership for the member signed in on `request`. */
async function payMembership(request: APIRequestContext): Promise<number> {
  const cardId = await addCardThroughApi(request, SANDBOX_CARDS.ok);
  await ok(
    "membership",
    request.post("/api/register/member/membership", {
      data: { payment_method_id: cardId, is_annual: true },
      headers: { "Idempotency-Key": crypto.randomUUID() },
    }),
  );
  return cardId;
}

type Requests = { newContext(o: { baseURL: string }): Promise<APIRequestContext> };

/** Runs `work` in a request context of its own (a member or DER beside the administrator's page). */
async function asSomeoneElse<T>(
  requests: Requests,
  baseURL: string,
  work: (request: APIRequestContext) => Promise<T>,
): Promise<T> {
  const request = await requests.newContext({ baseURL });
  try {
    return await work(request);
  } finally {
    await request.dispose();
  }
}

const center = (page: Page) => page.getByRole("region", { name: "Notifications" });
const listOf = (page: Page, category: string) => page.getByRole("region", { name: `${category} list` });

/** Opens a category of the notification center and narrows its list to one search. */
async function openCategory(page: Page, category: string, search: string) {
  await page.getByRole("navigation", { name: "Notification categories" })
    .getByRole("button", { name: new RegExp(`^${category}`) }).click();
  await center(page).getByRole("searchbox", { name: "Search" }).fill(search);
}

const card = (page: Page, category: string, title: string | RegExp) =>
  listOf(page, category).getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });

test("the notification list shows its loading state, an error alert with a retry, an empty state, at most 800px high", async ({ page, logInAs, checkA11y }) => {
  await logInAs("admin");
  const registrations = (url: URL) => url.pathname === "/api/auth/notification/registrations";
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(registrations, async (route) => {
    await held;
    await route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: "Something went wrong on our side.", code: "INTERNAL" }),
    });
  });
  await page.goto("/app");
  const list = listOf(page, "Registrations");
  await expect(list.getByRole("status").filter({ hasText: "Loading notifications…" })).toBeAttached();
  answer();
  const alert = list.getByRole("alert").filter({ hasText: "Notifications could not be loaded" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("Something went wrong on our side.");
  await checkA11y();

  await page.unroute(registrations);
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(alert).toHaveCount(0);
  await expect(list.getByRole("article").first()).toBeVisible();

  // Nothing matches a search: the empty state, on the Open tab and on the Archived tab.
  await center(page).getByRole("searchbox", { name: "Search" }).fill(`nobody-${Date.now()}`);
  await expect(list.getByText("No open notifications")).toBeVisible();
  await center(page).getByRole("button", { name: "Archived", exact: true }).click();
  await expect(list.getByText("No archived notifications")).toBeVisible();

  // Admin spec §9: the list is at most 800px high and scrolls.
  await expect(list).toHaveCSS("max-height", "800px");
  await expect(list).toHaveCSS("overflow-y", "auto");
  await checkA11y();
});

test("Store Notifications lists a member's order and links to it; an unknown type reads 'Unknown Notification Type'", async ({ page, playwright, baseURL, logInAs, visit, arrive }) => {
  const { person, orderNumber } = await asSomeoneElse(playwright.request, baseURL!, async (request) => {
    const person = await registerPerson(request);
    const cardId = await addCardThroughApi(request, SANDBOX_CARDS.ok);
    const { data: items } = await ok("items", request.get("/api/store/items"));
    const item = (items as { id: number; attributes: { name: string } }[]).find((i) =>
      i.attributes.name === "Post-Accident Test Charge"
    )!;
    const order = await ok(
      "order",
      request.post("/api/auth/account/order/purchase", {
        data: { payment_method_id: cardId, items: [{ id: item.id, quantity: 1 }] },
        headers: { "Idempotency-Key": crypto.randomUUID() },
      }),
    );
    return { person, orderNumber: order.data.attributes.number as string };
  });
  await logInAs("admin");
  await visit("/app");
  await openCategory(page, "Store Notifications", person.last);
  const store = listOf(page, "Store Notifications");
  const order = store.getByRole("article").filter({ hasText: `${person.name} placed order ${orderNumber}` });
  await expect(order).toHaveCount(1);
  await order.getByRole("link", { name: "View order" }).click();
  await arrive(/\/app\/admin\/orders\/\d+$/);

  // A notification of a type this screen does not know (a newer server's, say): the specification's words.
  const general = (url: URL) => url.pathname === "/api/auth/notifications";
  await page.route(general, async (route) => {
    // A list asked for and dropped again while the search is typed is answered by nobody.
    const response = await route.fetch().catch(() => null);
    const body = await response?.json().catch(() => null) as
      | { data: { attributes: { type: string } }[] }
      | null;
    if (!response || !body) return;
    if (body.data.length) body.data[0].attributes.type = "SOMETHING_NEWER";
    await route.fulfill({ response, json: body }).catch(() => {});
  });
  await visit("/app?category=store");
  await center(page).getByRole("searchbox", { name: "Search" }).fill(person.last);
  await expect(store.getByText("Unknown Notification Type")).toBeVisible();
  await expect(store.getByRole("article").filter({ hasText: `${person.name} placed order` })).toHaveCount(0);
});

test("a cancelled membership's notification archived on its own says so", async ({ page, playwright, baseURL, logInAs, visit }) => {
  const person = await asSomeoneElse(playwright.request, baseURL!, async (request) => {
    const person = await registerPerson(request);
    await payMembership(request);
    await ok(
      "cancel",
      request.delete("/api/auth/account/membership/cancel", {
        headers: { "Idempotency-Key": crypto.randomUUID() },
      }),
    );
    return person;
  });
  await logInAs("admin");
  await visit("/app");
  await openCategory(page, "Canceled Memberships", person.last);
  const cancelled = card(page, "Canceled Memberships", `${person.name} cancelled their membership`);
  await expect(cancelled).toHaveCount(1);
  await cancelled.getByRole("button", { name: "Archive" }).click();
  await expectToast(page, "Successfully archived cancelled membership notification");
  await expect(cancelled).toHaveCount(0);
  await center(page).getByRole("button", { name: "Archived", exact: true }).click();
  await expect(card(page, "Canceled Memberships", `${person.name} cancelled their membership`)).toHaveCount(
    1,
  );
});

test("registration cards: Send LOC mails the letter; Purchase membership and Order compliance kit lead to their screens", async ({ page, playwright, baseURL, logInAs, visit, arrive }) => {
  const { paid, unpaid } = await asSomeoneElse(playwright.request, baseURL!, async (request) => {
    const paid = await registerPerson(request);
    await payMembership(request);
    return {
      paid,
      unpaid: await asSomeoneElse(playwright.request, baseURL!, (other) => registerPerson(other)),
    };
  });
  const der = await asSomeoneElse(playwright.request, baseURL!, (request) => createDerWithCompany(request));
  await logInAs("admin");
  await visit("/app");

  // Send LOC: the server's message, and the letter in the member's mailbox.
  await openCategory(page, "Registrations", paid.last);
  const paidCard = card(page, "Registrations", `${paid.name} registered`);
  await expect(paidCard.getByRole("link", { name: "Purchase membership" })).toHaveCount(0);
  await paidCard.getByRole("button", { name: "Send LOC" }).click();
  await expectToast(page, "Successfully sent LOC");
  const { data: mail } = await ok("mail", page.request.get("/api/dev/mail")) as {
    data: { to: string; subject: string }[];
  };
  expect(mail.some((m) => m.to === paid.email && m.subject === "Your APCA Letter of Compliance")).toBe(true);

  // Purchase membership, offered while there is none: the administrators' membership set-up for that user.
  await openCategory(page, "Registrations", unpaid.last);
  const unpaidCard = card(page, "Registrations", `${unpaid.name} registered`);
  await expect(unpaidCard.getByRole("button", { name: "Send LOC" })).toHaveCount(0);
  await unpaidCard.getByRole("link", { name: "Purchase membership" }).click();
  await arrive(`/app/admin/users/${unpaid.userId}/membership/new`);

  // Order compliance kit, offered for a DER whose kit is not paid: the business's compliance kit screen.
  await visit("/app");
  await openCategory(page, "Registrations", der.name);
  const derCard = card(page, "Registrations", /registered/).filter({ hasText: der.name });
  await derCard.getByRole("link", { name: "Order compliance kit" }).click();
  await arrive(`/app/admin/businesses/${der.businessId}/compliance-kit`);
});

test("the user page warns of a pending company request, lists duplicates and warns of a primary business not in i3", async ({ page, playwright, baseURL, logInAs, visit, arrive }) => {
  const company = `Pelican Launch ${Date.now().toString(36)} LLC`;
  const requester = await asSomeoneElse(playwright.request, baseURL!, (r) => registerPerson(r, { company }));
  // Two accounts of one person: the same name and phone (the duplicates rule).
  const twinLast = `Twin${Date.now().toString(36)}`;
  const first = await asSomeoneElse(
    playwright.request,
    baseURL!,
    (r) => registerPerson(r, { last: twinLast, phone: "(504) 555-0911" }),
  );
  const second = await asSomeoneElse(
    playwright.request,
    baseURL!,
    (r) => registerPerson(r, { last: twinLast, phone: "(504) 555-0911" }),
  );
  await logInAs("admin");

  await visit(`/app/admin/users/${requester.userId}`);
  const pending = page.getByRole("status").filter({ hasText: "Pending company request" });
  await expect(pending).toContainText(
    "This user has a company request waiting for an administrator to add or link it.",
  );
  await pending.getByRole("link", { name: "Review the company request" }).click();
  await arrive(/\/app\/admin\/notifications\/\d+\/business\/review$/);
  await expect(page.getByText(`${requester.name} asked for ${company}`)).toBeVisible();

  await visit(`/app/admin/users/${first.userId}`);
  const duplicates = page.getByRole("table", { name: "Possible duplicates" });
  await expect(duplicates.getByRole("columnheader")).toHaveText([
    "Name",
    "Email",
    "Phone",
    "User ID",
    "Merge",
  ]);
  const row = duplicates.getByRole("row").filter({ hasText: second.email });
  await expect(row.getByRole("cell")).toHaveText([
    second.name,
    second.email,
    "(504) 555-0911",
    String(second.userId),
    "Merge into this account",
  ]);
  await row.getByRole("link", { name: second.name, exact: true }).click();
  await arrive(`/app/admin/users/${second.userId}`);
  await expect(
    page.getByRole("table", { name: "Possible duplicates" }).getByRole("row").filter({
      hasText: first.email,
    }),
  ).toHaveCount(1);

  // A self-employed member without a membership: their own business is their primary one, not yet in i3
  // (it is set up once the membership is paid).
  const own = await sql(async (db) =>
    (await db<{ business_id: number }[]>`
      select business_id from business_users where user_id = ${first.userId} and is_primary`)[0].business_id
  );
  await visit(`/app/admin/users/${first.userId}`);
  const primary = page.getByRole("status").filter({ hasText: "Primary business not set up in i3" });
  await expect(primary).toContainText(
    "The primary business is not set up for the testing system: fix its location code before setting up " +
      "or renewing the membership.",
  );
  await primary.getByRole("link", { name: "Open the primary business" }).click();
  await arrive(`/app/admin/businesses/${own}`);
});

test("the request's own address opens the company-link wizard; an existing company is searched for and picked", async ({ page, playwright, baseURL, logInAs, visit }) => {
  const company = `Heron Skiff ${Date.now().toString(36)} LLC`;
  const requester = await asSomeoneElse(playwright.request, baseURL!, (r) => registerPerson(r, { company }));
  const existing = await asSomeoneElse(playwright.request, baseURL!, (r) => createDerWithCompany(r));
  const requestId = await sql(async (db) =>
    (await db<{ id: number }[]>`select id from new_business_requests where user_id = ${requester.userId}`)[0]
      .id
  );
  await logInAs("admin");

  await visit(`/app/admin/requests/${requestId}/business/new`);
  await expect(page.getByRole("heading", { level: 2, name: "Company request" })).toBeVisible();
  await expect(page.getByText(`${requester.name} asked for ${company}`)).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(
    page.getByText("Please indicate whether this is a new company or link it to an existing company."),
  ).toBeVisible();
  await page.getByLabel("Link to an existing company").check();
  const useDuplicate = page.getByLabel(/^Link to the possible duplicate/);
  if (await useDuplicate.count()) await useDuplicate.uncheck();
  await page.getByRole("button", { name: "Next" }).click();

  // SELECT_EXISTING_COMPANY: search, pick, Next.
  await page.getByLabel(/^Search companies/).fill(`no such company ${Date.now()}`);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText("No company matches")).toBeVisible();
  await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
  await page.getByLabel(/^Search companies/).fill(existing.name);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("group", { name: "Existing company" }).getByLabel(existing.name).check();
  await page.getByRole("button", { name: "Next" }).click();

  // CONFIRM_EXISTING_COMPANY; Back returns to the search.
  await expect(page.getByText(`Link the request to the existing company ${existing.name}.`)).toBeVisible();
  await page.getByRole("button", { name: "Back" }).click();
  await page.getByLabel(/^Search companies/).fill(existing.name);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("group", { name: "Existing company" }).getByLabel(existing.name).check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Submit" }).click();
  await expectToast(page, "Company Request Approved");
  // The desk goes on to its next item.
  await expect(page).not.toHaveURL(/\/app\/admin\/requests\//);

  // The member now belongs to that company; the request's address says it was processed.
  await visit(`/app/admin/users/${requester.userId}?tab=businesses`);
  await expect(page.getByRole("tabpanel").getByRole("link", { name: existing.name })).toBeVisible();
  await visit(`/app/admin/requests/${requestId}/business/new`);
  await expect(page.getByText("This company request was already processed.")).toBeVisible();
});

test("a company request converted to an individual business, and an individual's request converted to a company", async ({ page, playwright, baseURL, logInAs, visit, arrive }) => {
  const tag = Date.now().toString(36);
  const toIndividual = await asSomeoneElse(
    playwright.request,
    baseURL!,
    (r) => registerPerson(r, { company: `Egret Marine ${tag}` }),
  );
  const toCompany = await asSomeoneElse(
    playwright.request,
    baseURL!,
    (r) => registerPerson(r, { company: `Ibis Towing ${tag}` }),
  );
  // An individual's request (is_company off), as the old portal's independents filed them.
  await sql((db) =>
    db`update new_business_requests set is_company = false where user_id = ${toCompany.userId}`
  );
  await logInAs("admin");
  const notificationOf = (userId: number) =>
    sql(async (db) =>
      (await db<{ notification_id: number }[]>`
        select r.notification_id from registration_notifications r where r.user_id = ${userId}`)[0]
        .notification_id
    );

  // Company → individual: the card's Convert link, no tax id asked, an individual business made.
  await visit("/app");
  await openCategory(page, "Registrations", toIndividual.last);
  await card(page, "Registrations", `${toIndividual.name} registered`)
    .getByRole("link", { name: "Convert to independent" }).click();
  const first = await notificationOf(toIndividual.userId);
  await arrive(`/app/admin/notifications/${first}/business/review?convert=1`);
  await expect(
    page.getByText(
      `${toIndividual.name} asked for Egret Marine ${tag}, converted to a self-employed business.`,
    ),
  )
    .toBeVisible();
  await page.getByLabel("New company").check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel(/Company Tax ID/).fill("");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText(`Create the new company Egret Marine ${tag}.`)).toBeVisible();
  await page.getByRole("button", { name: "Submit" }).click();
  await expectToast(page, "Company Request Approved");
  await arrive(/\/app\?category=registration$/);
  const individual = await sql(async (db) =>
    (await db<{ id: number; is_individual: boolean }[]>`
      select id, is_individual from businesses where name = ${`Egret Marine ${tag}`}`)[0]
  );
  expect(individual.is_individual).toBe(true);
  await visit(`/app/admin/businesses/${individual.id}`);
  await expect(page.getByText("Individual (self-employed)")).toBeVisible();

  // Individual → company: converting asks for the tax id, and a company is made.
  const second = await notificationOf(toCompany.userId);
  await visit(`/app/admin/notifications/${second}/business/review?convert=1`);
  await expect(page.getByText(`${toCompany.name} asked for Ibis Towing ${tag}, converted to a company.`))
    .toBeVisible();
  await page.getByLabel("New company").check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Company Tax ID is required")).toBeVisible();
  await page.getByLabel(/Company Tax ID/).fill("72-4440123");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText(`Create the new company Ibis Towing ${tag} (tax id 72-4440123).`))
    .toBeVisible();
  await page.getByRole("button", { name: "Submit" }).click();
  await expectToast(page, "Company Request Approved");
  const made = await sql(async (db) =>
    (await db<{ id: number; is_individual: boolean }[]>`
      select id, is_individual from businesses where name = ${`Ibis Towing ${tag}`}`)[0]
  );
  expect(made.is_individual).toBe(false);
  await visit(`/app/admin/businesses/${made.id}`);
  await expect(page.getByText("Company", { exact: true })).toBeVisible();
});

test("an employee request's linking and adding failures are toasted, and the form can be sent again", async ({ page, playwright, baseURL, logInAs, visit }) => {
  const tag = Date.now().toString(36);
  const existing = await asSomeoneElse(playwright.request, baseURL!, (r) => registerPerson(r));
  const { company, notifications } = await asSomeoneElse(playwright.request, baseURL!, async (request) => {
    const company = await createDerWithCompany(request);
    const requests = `/api/auth/business/${company.businessId}/employee-requests`;
    await ok(
      "request naming a member",
      request.post(requests, {
        data: { first_name: "Jules", last_name: existing.last, email: existing.email },
      }),
    );
    await ok(
      "request for a newcomer",
      request.post(requests, {
        data: { first_name: "Nell", last_name: `Ross${tag}`, email: uniqueEmail("nell") },
      }),
    );
    const notifications = await sql((db) =>
      db<{ notification_id: number; last_name: string }[]>`
        select notification_id, last_name from employee_requests where business_id = ${company.businessId}`
    );
    return { company, notifications };
  });
  const idOf = (last: string) => notifications.find((n) => n.last_name === last)!.notification_id;
  await logInAs("admin");

  // Linking refused once: the server's words in an error toast, the form still there.
  const linkId = idOf(existing.last);
  await visit(`/app/admin/notifications/${linkId}/employee/new`);
  await page.getByLabel(new RegExp(`^Link to Jules ${existing.last}`)).check();
  const link = `**/api/auth/notification/registration/${linkId}/employee/link`;
  await page.route(link, refuse(409, "Another administrator has already processed this request."));
  await page.getByRole("button", { name: "Link user" }).click();
  await expectToast(page, "Another administrator has already processed this request.");
  await expect(page.getByRole("button", { name: "Link user" })).toBeEnabled();
  await page.unroute(link);
  await page.getByRole("button", { name: "Link user" }).click();
  await expectToast(page, "Successfully linked to existing user");

  // Adding a new user refused once, then done.
  const newId = idOf(`Ross${tag}`);
  await visit(`/app/admin/notifications/${newId}/employee/new`);
  await page.getByLabel("Create a new user").check();
  const add = `**/api/auth/notification/registration/${newId}/employee`;
  await page.route(add, refuse(422, "This e-mail is already associated with an APCA account."));
  await page.getByRole("button", { name: "Create user" }).click();
  await expectToast(page, "This e-mail is already associated with an APCA account.");
  await expect(page.getByRole("button", { name: "Create user" })).toBeEnabled();
  await page.unroute(add);
  await page.getByRole("button", { name: "Create user" }).click();
  await expectToast(page, "Successfully added new user to company");
  const members = await sql((db) =>
    db<{ last_name: string }[]>`
      select u.last_name from business_users bu join users u on u.id = bu.user_id
      where bu.business_id = ${company.businessId} and bu.is_employee and bu.removed_at is null`
  );
  expect(members.map((m) => m.last_name).sort()).toEqual([existing.last, `Ross${tag}`].sort());
});

test("a chart whose endpoint fails reads 'This analytical endpoint timed out' and loads again on Try again", async ({ page, logInAs, arrive }) => {
  await logInAs("admin");
  const breakdown = (url: URL) => url.pathname === "/api/auth/stats/company-breakdown";
  await page.route(breakdown, (route) =>
    route.fulfill({
      status: 504,
      contentType: "application/json",
      body: JSON.stringify({ error: "The statistics took too long.", code: "TIMEOUT" }),
    }));
  await page.goto("/app/admin/analytics");
  await arrive("/app/admin/analytics");
  const failed = page.getByRole("region", { name: "Company Breakdown", exact: true });
  await expect(failed.getByRole("alert")).toHaveText(/This analytical endpoint timed out/);
  // The others are drawn.
  await expect(
    page.getByRole("region", { name: "Consortium Membership", exact: true }).locator("canvas").first(),
  )
    .toBeVisible();
  await expect(page.getByText("This analytical endpoint timed out")).toHaveCount(1);
  await page.unroute(breakdown);
  await failed.getByRole("button", { name: "Try again" }).click();
  await expect(failed.locator("canvas").first()).toBeVisible();
  await expect(page.getByText("This analytical endpoint timed out")).toHaveCount(0);
});

test("a random pool that is pre-ordering shows its wait message and the candidate list, without actions", async ({ page, logInAs, visit }) => {
  await logInAs("admin");
  const { data: pools } = await ok("pools", page.request.get("/api/auth/randoms")) as {
    data: { id: number; status: string }[];
  };
  const drawn = pools.find((p) => ["preordered", "built", "complete"].includes(p.status));
  expect(drawn, "the seed's pool").toBeDefined();
  // The job passes through 'preordering' in moments; the screen is shown the state as the server reports it.
  const poolUrl = (url: URL) => url.pathname === `/api/auth/randoms/${drawn!.id}`;
  // The screen polls a pre-ordering pool: a poll still in flight when the test ends finds its response disposed,
  // so the handler lets such a request go, and the routes are removed before the page closes.
  await page.route(poolUrl, async (route) => {
    const response = await route.fetch().catch(() => null);
    const body = await response?.json().catch(() => null) as { data: { status: string } } | null;
    if (!response || !body) return;
    body.data.status = "preordering";
    await route.fulfill({ response, json: body }).catch(() => {});
  });
  await visit(`/app/admin/randoms/${drawn!.id}`);
  await expect(page.getByTestId("pool-status")).toHaveText(
    "Please wait while the selected candidates are pre-ordered…",
  );
  await expect(page.getByRole("heading", { level: 2, name: /· Pre-ordering$/ })).toBeVisible();
  const candidates = page.getByRole("table", { name: "Drawn candidates in draw order" });
  await expect(candidates.getByRole("columnheader")).toHaveText(["#", "Member", "Company", "Role", "Test"]);
  await expect(candidates.getByRole("row")).not.toHaveCount(1);
  await expect(page.getByRole("tablist", { name: "Pool sections" })).toHaveCount(0);
  for (const action of ["Build Pool", "Order Tests", "Release Pool", "Check Results"]) {
    await expect(page.getByRole("button", { name: action })).toHaveCount(0);
  }
  await page.unrouteAll({ behavior: "ignoreErrors" });
});
