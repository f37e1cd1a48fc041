/**
 * Journey (issue 24 items 3, 6, 7; decision 0069): screens that carry their own context. The admin user page
 * starts with the person, their membership status and the next action; an administrator changes a membership
 * and reads its History; an employee request naming an existing user shows the person and the ranked
 * candidates up front with the strong match preselected, and is declined with a reason; a business's pending
 * change is listed on its page with a link to decide it; the random pools' pace panel is coherent, the new-pool
 * form starts on the next month without a pool with a preview of its size, and the Downloads tab offers its
 * next action. Nothing here creates a pool (other journeys own their months).
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { toast } from "../support/toasts.ts";
import {
  addCardThroughApi,
  registerMemberThroughApi,
  SANDBOX_CARDS,
  uniqueEmail,
} from "../support/members.ts";

test.describe.configure({ timeout: 180_000 });

async function ok(what: string, answer: Promise<import("@playwright/test").APIResponse>) {
  const response = await answer;
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return await response.json();
}

/** A member with an annual membership and their own business, signed in on `request`. */
async function owner(request: APIRequestContext, last: string) {
  const email = uniqueEmail("context");
  await ok(
    "register",
    request.post("/api/register/member/account", {
      data: {
        email,
        password: "anchors-aweigh-1",
        recaptcha: "dev-captcha-ok",
        opt_in_text: true,
        first_name: "Olive",
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
        is_company: false,
      },
    }),
  );
  const card = await addCardThroughApi(request, SANDBOX_CARDS.ok);
  await ok(
    "membership",
    request.post("/api/register/member/membership", {
      data: { payment_method_id: card, is_annual: true },
      headers: { "Idempotency-Key": crypto.randomUUID() },
    }),
  );
  const { data: businesses } = await ok("businesses", request.get("/api/auth/account/businesses"));
  return { email, business: businesses[0].id as number };
}

async function userIdOf(page: Page, email: string): Promise<number> {
  const { data } = await ok("users", page.request.get(`/api/auth/users?search=${encodeURIComponent(email)}`));
  const user = (data as { id: number; attributes: { email: string } }[]).find((u) =>
    u.attributes.email === email
  );
  expect(user, email).toBeDefined();
  return user!.id;
}

test("the user page starts with the person; an administrator changes a membership and reads its History", async ({ page, logInAs, visit, arrive }) => {
  const fresh = await registerMemberThroughApi(page.request);
  await logInAs("admin");
  const id = await userIdOf(page, fresh.email);
  await visit(`/app/admin/users/${id}`);
  const summary = page.getByTestId("user-summary");
  await expect(summary.getByRole("heading", { level: 2 })).toHaveText(fresh.fullName);
  await expect(summary.getByText("Active", { exact: true })).toBeVisible();
  const next = summary.getByRole("link");
  await expect(next).toHaveCount(1);
  await expect(next).toHaveAttribute("href", /\/app\/admin\/(users|businesses|notifications)\//);

  await visit(`/app/admin/users/${id}/membership/update`);
  await page.getByLabel(/^Expiration Date/).fill("2029-03-31");
  await page.getByRole("button", { name: "Update Membership Details" }).click();
  await expect(toast(page, "Membership has been updated successfully")).toBeVisible();
  await arrive(`/app/admin/users/${id}/membership/details`);
  await page.getByRole("tab", { name: "History" }).click();
  const history = page.getByRole("region", { name: "History of this membership" });
  const row = history.getByRole("row").filter({ hasText: "membership_updated" });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("link")).toHaveCount(1);
});

test(
  "an employee request shows the person and the strong match up front, and is declined with a reason",
  async (
    { page, logInAs, visit, playwright },
    testInfo,
  ) => {
    const baseURL = testInfo.project.use.baseURL!;
    const existing = await registerMemberThroughApi(page.request, { membership: "none", card: false });
    const [first, last] = existing.fullName.split(" ");
    const request = await playwright.request.newContext({ baseURL });
    const tag = `C${Date.now().toString(36)}`;
    const o = await owner(request, tag);
    await ok(
      "employee request",
      request.post(`/api/auth/business/${o.business}/employee-requests`, {
        data: { first_name: first, last_name: last, email: existing.email },
      }),
    );
    await ok(
      "rename",
      request.put(`/api/auth/business/${o.business}`, { data: { name: `Olive ${tag} Towing` } }),
    );
    await request.dispose();

    await logInAs("admin");
    const found = await ok(
      "notifications",
      page.request.get(
        `/api/auth/notifications?types=NEW_EMPLOYEE_REQUEST&q=${encodeURIComponent(existing.email)}`,
      ),
    );
    const nid = found.data[0].id as number;
    await visit(`/app/admin/notifications/${nid}/employee/new`);
    const person = page.getByRole("region", { name: "The person requested" });
    await expect(person).toContainText(existing.email);
    await expect(person).toContainText(existing.fullName);
    // Best first and preselected: the same e-mail and name. Others of the same name (other journeys' Rita
    // Mariners) come after as weak matches, not picked.
    const radios = page.getByRole("radio");
    await expect(radios.first()).toHaveAccessibleName(`Link to ${existing.fullName} (${existing.email})`);
    await expect(radios.first()).toBeChecked();
    await expect(page.locator("input[type=radio]:checked")).toHaveCount(1);
    await expect(page.getByText(/Same e-mail, same name · strong match/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Link user" })).toBeEnabled();
    await page.getByRole("button", { name: "Decline…" }).click();
    await page.getByLabel(/Reason/).fill(`Not on our crew list ${tag}.`);
    await page.getByRole("dialog").getByRole("button", { name: "Decline" }).click();
    await expect(toast(page, /declined/i)).toBeVisible();

    // The business's pending rename is listed on its page, linked to where it is decided.
    await visit(`/app/admin/businesses/${o.business}`);
    const pending = page.getByTestId("pending-changes");
    await expect(pending.getByRole("link", { name: /Business change \(name\)/ })).toBeVisible();
    await pending.getByRole("link", { name: /Business change/ }).click();
    await expect(page).toHaveURL(/\/app\/admin\/notifications\/\d+\/change\/approve$/);
  },
);

test("random pools: a coherent pace, the new pool's default month and preview, Downloads' next action", async ({ page, logInAs, visit }) => {
  await logInAs("admin");
  const { pace } = await ok("pools", page.request.get("/api/auth/randoms"));
  await visit("/app/admin/randoms");
  const month = Number(await page.getByTestId("needed-month").innerText().then((t) => t.split(" ")[0]));
  const year = Number(await page.getByTestId("needed-year").innerText());
  expect(month).toBeLessThanOrEqual(year);
  const NAMES = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ];
  if (pace.months_without_pool.length) {
    await expect(page.getByTestId("missing-months")).toContainText(
      NAMES[pace.months_without_pool[0].month - 1],
    );
  } else {
    await expect(page.getByText(/so far has a drawn pool/)).toBeVisible();
  }

  const { data: next } = await ok("preview", page.request.get("/api/auth/randoms/preview"));
  await visit("/app/admin/randoms/new");
  await expect(page.getByLabel(/^Month/)).toHaveValue(String(next.month));
  await expect(page.getByLabel(/^Year/)).toHaveValue(String(next.year));
  await expect(page.getByTestId("preview-covered")).toHaveText(String(next.covered_count));
  await expect(page.getByTestId("preview-select")).toContainText(`${next.to_select} (with`);
  // A month that has its pool (the seeded September 2026) cannot take a second.
  await page.getByLabel(/^Month/).selectOption("9");
  await page.getByLabel(/^Year/).fill("2026");
  await expect(page.getByText("September 2026 already has a random pool")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Pool" })).toBeDisabled();

  const { data: pools } = await ok("2026 pools", page.request.get("/api/auth/randoms?year=2026"));
  const september = (pools as { id: number; month: number }[]).find((p) => p.month === 9)!;
  await visit(`/app/admin/randoms/${september.id}`);
  await page.getByRole("tab", { name: "Downloads" }).click();
  const downloads = page.getByRole("region", { name: "Downloads" });
  await expect(downloads.getByTestId("pdf-status")).toBeVisible();
  // Every state offers its next action, or says none is needed.
  await expect(downloads.getByRole("button").or(downloads.getByText("Every notice is ready"))).toBeVisible();
});
