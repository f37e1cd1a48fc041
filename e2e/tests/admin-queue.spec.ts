/**
 * Journey (issue 24, "the queue"): an administrator works ten mixed items (four changes, two employee requests,
 * two pauses, two cancellations) of four fresh members. After each decision the desk opens the next item of the
 * queue by itself (never /app with the category reset); a change is approved by keyboard, one is declined with a
 * reason that reaches the member's mailbox (/dev/mail), one is archived by keyboard; the pauses and the
 * cancellations are found by the center's search and worked in their list, the cancellations in one bulk
 * archive confirmed with its count. Only this journey's own notifications are acted on.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { toast } from "../support/toasts.ts";
import { addCardThroughApi, SANDBOX_CARDS, uniqueEmail } from "../support/members.ts";

test.describe.configure({ timeout: 360_000 });

async function ok(what: string, answer: Promise<import("@playwright/test").APIResponse>) {
  const response = await answer;
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return await response.json();
}

/** A member with an annual membership and their own business, signed in on `request`. */
async function member(request: APIRequestContext, last: string) {
  const email = uniqueEmail("queue");
  await ok(
    "register",
    request.post("/api/register/member/account", {
      data: {
        email,
        password: "anchors-aweigh-1",
        recaptcha: "dev-captcha-ok",
        opt_in_text: true,
        first_name: "Quinn",
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
  return { email, name: `Quinn ${last}`, business: businesses[0].id as number };
}

test("an administrator works a queue of ten mixed items without going back to the category list", async (
  { page, logInAs, visit, arrive, playwright },
  testInfo,
) => {
  const baseURL = testInfo.project.use.baseURL!;
  const tag = `Q${Date.now().toString(36)}`;
  const people = [];
  for (const letter of ["A", "B", "C", "D"]) {
    const request = await playwright.request.newContext({ baseURL });
    const m = await member(request, `${tag}${letter}`);
    await ok(
      "rename",
      request.put(`/api/auth/business/${m.business}`, { data: { name: `${m.name} Charters` } }),
    );
    if (letter === "A" || letter === "B") {
      await ok(
        "employee request",
        request.post(`/api/auth/business/${m.business}/employee-requests`, {
          data: { first_name: "Nell", last_name: `${tag}${letter}`, email: uniqueEmail("nell") },
        }),
      );
      await ok(
        "cancel",
        request.delete("/api/auth/account/membership/cancel", {
          headers: { "Idempotency-Key": crypto.randomUUID() },
        }),
      );
    } else {
      await ok(
        "pause",
        request.post("/api/auth/account/membership/pause", {
          data: { reason: "Currently out of season" },
          headers: { "Idempotency-Key": crypto.randomUUID() },
        }),
      );
    }
    await request.dispose();
    people.push(m);
  }
  const [a, b, c, d] = people;

  await logInAs("admin");
  await visit("/app?category=changes");
  const changes = page.getByRole("region", { name: "Company/Member Changes list" });
  await page.getByRole("searchbox", { name: "Search" }).fill(tag);
  await expect(changes.getByRole("article")).toHaveCount(6);
  // Newest first: D's rename was filed last.
  await expect(changes.getByRole("article").first()).toContainText(`${d.name} changed a business`);
  await expect(changes.getByRole("article").filter({ hasText: `Add Nell ${tag}B to` })).toHaveCount(1);
  await changes.getByRole("article").first().getByRole("link", { name: "Review change" }).click();

  // 1. D's rename, approved by keyboard; the next item opens by itself.
  await arrive(/\/app\/admin\/notifications\/\d+\/change\/approve$/);
  await expect(page.getByText("Keyboard: A approve, D decline, E archive, N next item.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 })).toContainText(d.name);
  await page.keyboard.press("a");
  await expect(toast(page, "Member Request Approved")).toBeVisible();

  // 2. C's rename, declined with a reason.
  await expect(page.getByRole("heading", { level: 2 })).toContainText(c.name);
  await expect(page.getByText(new RegExp(`Change the name of .* to ${c.name} Charters`))).toBeVisible();
  await page.getByRole("button", { name: "Decline…" }).click();
  const reason = `The new name needs the Coast Guard documentation ${tag}.`;
  await page.getByLabel(/Reason/).fill(reason);
  await page.getByRole("dialog").getByRole("button", { name: "Decline" }).click();
  await expect(toast(page, "Request declined; the requester was told why.")).toBeVisible();

  // 3. B's employee request: a new user is created from it.
  await arrive(/\/app\/admin\/notifications\/\d+\/employee\/new$/);
  await page.getByLabel("Create a new user").check();
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(toast(page, "Successfully added new user to company")).toBeVisible();

  // 4. B's rename, approved with the button.
  await arrive(/\/app\/admin\/notifications\/\d+\/change\/approve$/);
  await expect(page.getByRole("heading", { level: 2 })).toContainText(b.name);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(toast(page, "Member Request Approved")).toBeVisible();

  // 5. A's employee request, created too.
  await arrive(/\/app\/admin\/notifications\/\d+\/employee\/new$/);
  await page.getByLabel("Create a new user").check();
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(toast(page, "Successfully added new user to company")).toBeVisible();

  // 6. A's rename, archived by keyboard; the queue goes on (another item, or the Changes list, still chosen).
  await arrive(/\/app\/admin\/notifications\/\d+\/change\/approve$/);
  await expect(page.getByRole("heading", { level: 2 })).toContainText(a.name);
  await page.keyboard.press("e");
  await expect(toast(page, "Successfully archived notification")).toBeVisible();
  // (Whatever opens next is not this journey's: its URL is checked, the screen itself is another test's.)
  await expect(page).toHaveURL(/\/app(\?category=changes|\/admin\/notifications\/\d+\/[a-z/]+)$/);

  // 7-8. The pauses, found by the search in their list: C's resumed, D's archived by keyboard.
  await visit("/app?category=paused");
  const paused = page.getByRole("region", { name: "Paused Memberships list" });
  await page.getByRole("searchbox", { name: "Search" }).fill(tag);
  await expect(paused.getByRole("article")).toHaveCount(2);
  await paused.getByRole("article").filter({ hasText: c.name }).getByRole("button", { name: "Resume" })
    .click();
  await expect(toast(page, "Successfully resumed paused membership")).toBeVisible();
  await expect(paused.getByRole("article")).toHaveCount(1);
  await paused.getByRole("article").filter({ hasText: d.name }).focus();
  await page.keyboard.press("e");
  await expect(toast(page, "Successfully archived paused membership notification")).toBeVisible();
  await expect(paused.getByRole("article")).toHaveCount(0);

  // 9-10. The cancellations, archived together after a confirmation that counts them.
  await page.getByRole("button", { name: /Canceled Memberships/ }).click();
  const cancelled = page.getByRole("region", { name: "Canceled Memberships list" });
  await expect(cancelled.getByRole("article")).toHaveCount(2);
  await page.getByLabel("Choose all shown").check();
  await page.getByRole("button", { name: "Archive chosen (2)" }).click();
  const confirm = page.getByRole("dialog", { name: "Archive 2 notifications?" });
  await confirm.getByRole("button", { name: "Archive 2" }).click();
  await expect(toast(page, "Archived 2 of 2 notifications")).toBeVisible();
  await expect(cancelled.getByRole("article")).toHaveCount(0);

  // The declined member's mailbox holds the reason.
  await visit("/dev/mail");
  const mail = page.getByRole("article").filter({ hasText: c.email }).filter({ hasText: "declined" });
  await expect(mail.first()).toContainText(reason);
});
