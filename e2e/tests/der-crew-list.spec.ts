/**
 * Crew lists and rosters (issue 36 items 2 and 3, decisions 0086 and 0087). A DER uploads a 40-row crew list
 * (Windows-1252, semicolons) at 390 px and the office approves it as one group. A roster request reaches
 * /dev/mail on the injected clock's day (X-Test-Now, which only end-to-end runs accept), the DER confirms, and
 * the administrators' list moves the company from overdue to confirmed. Each run makes its own DER and company.
 */
import { type Browser, type BrowserContext } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { Buffer } from "node:buffer";
import { expect, test, USERS } from "../support/fixtures.ts";
import { createDerWithCompany } from "../support/companies.ts";
import { DEMO_ADMIN_TOTP_SECRET } from "../support/totp.ts";
import { toast } from "../support/toasts.ts";

async function noSidewaysScroll(page: import("@playwright/test").Page) {
  const overflow = await page.evaluate("document.documentElement.scrollWidth - window.innerWidth") as number;
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
}

/** A context whose requests the server answers on `at` (X-Test-Now), signed in as `who` at that moment. */
async function contextAt(
  browser: Browser,
  at: string | null,
  who: { email: string; password: string },
  size = { width: 1280, height: 900 },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: size,
    extraHTTPHeaders: at ? { "X-Test-Now": at } : {},
    serviceWorkers: "block",
  });
  const login = await context.request.post("/api/login", { data: who });
  expect(login.status(), `log in as ${who.email}`).toBe(200);
  const { user } = await login.json() as { user: { second_factor: string } };
  if (user.second_factor === "verify") {
    // The code the authenticator app shows at that moment.
    const code = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(DEMO_ADMIN_TOTP_SECRET),
      digits: 6,
      period: 30,
    })
      .generate({ timestamp: at ? Date.parse(at) : Date.now() });
    const verified = await context.request.post("/api/auth/second-factor/verify", {
      data: { method: "totp", code },
    });
    expect(verified.status(), await verified.text()).toBe(200);
  }
  return context;
}

test.describe("crew lists", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a DER uploads a 40-row crew list and the office approves it as one group", async ({ page, visit, arrive, browser }) => {
    test.setTimeout(120_000);
    const company = await createDerWithCompany(page.request);
    const tag = Math.random().toString(36).slice(2, 7);
    const lines = ["First Name;Last Name;E-mail;City"];
    for (let i = 1; i <= 40; i++) {
      lines.push(
        `${i === 1 ? "José" : `Deckhand${i}`};${
          i === 1 ? "Peña" : `Crew${tag}`
        };crew${i}.${tag}@example.com;Houma`,
      );
    }
    // As Excel on Windows saves it: Windows-1252 (é and ñ one byte each).
    const file = Buffer.from(lines.join("\r\n") + "\r\n", "latin1");
    const base = `/app/member/businesses/${company.businessId}`;

    await visit(`${base}?tab=employees`);
    await page.getByRole("link", { name: "Upload Crew List" }).click();
    await arrive(`${base}/employee/upload`);
    await page.getByLabel("CSV file").setInputFiles({ name: "crew.csv", mimeType: "text/csv", buffer: file });
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("status").filter({ hasText: "APCA members" })).toHaveText(
      "0 APCA members · 40 new · 0 cannot be used",
    );
    await expect(page.getByText("Row 2: José Peña")).toBeVisible();
    await noSidewaysScroll(page);
    await page.getByRole("button", { name: "Send 40 employee requests" }).click();
    await expect(toast(page, "40 employee requests sent to APCA for approval.")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${base}\\?tab=employees`));

    // The office: one card for the upload, opened and approved together.
    const office = await contextAt(browser, null, USERS.admin);
    try {
      const admin = await office.newPage();
      await admin.goto("/app?category=changes");
      const card = admin.locator("article.notification").filter({
        hasText: `${company.name}: 40 employee requests`,
      });
      await expect(card).toHaveCount(1);
      await card.getByRole("link", { name: "Review employee requests" }).click();
      await expect(admin.getByRole("heading", { name: `${company.name}: 40 employee requests` }))
        .toBeVisible();
      await admin.getByRole("button", { name: "Approve all 40 waiting" }).click();
      await expect(toast(admin, "40 employee requests approved")).toBeVisible();
      await expect(admin.getByText("Every request of this upload has been decided.")).toBeVisible();
    } finally {
      await office.close();
    }
    const { data } = await (await page.request.get(`/api/auth/business/${company.businessId}/business-users`))
      .json() as { data: { attributes: { is_employee: boolean; user_first_name: string } }[] };
    expect(data.filter((u) => u.attributes.is_employee)).toHaveLength(40);
    expect(data.map((u) => u.attributes.user_first_name)).toContain("José");
  });
});

test("a roster request reaches /dev/mail on the injected day; the DER confirms; the office sees it", async ({ browser }) => {
  test.setTimeout(120_000);
  // The first day of the next quarter, mid-morning in New York, and 31 days later (past its 30 days).
  const now = new Date();
  const quarter = Math.floor(now.getUTCMonth() / 3) + 1;
  const start = new Date(Date.UTC(now.getUTCFullYear() + (quarter === 4 ? 1 : 0), (quarter % 4) * 3, 1, 15));
  const day1 = start.toISOString();
  const day31 = new Date(start.getTime() + 31 * 86_400_000).toISOString();
  const dueWords = new Date(start.getTime() + 29 * 86_400_000).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

  const setup = await browser.newContext({ extraHTTPHeaders: { "X-Test-Now": day1 } });
  const company = await createDerWithCompany(setup.request);
  await setup.close();

  // On the quarter's first day the office sends the period's requests (what the hourly job does).
  const office1 = await contextAt(browser, day1, USERS.admin);
  try {
    const admin = await office1.newPage();
    await admin.goto("/app/admin/rosters");
    await admin.getByRole("button", { name: "Send this period's requests now" }).click();
    await expect(toast(admin, /roster requests? sent/)).toBeVisible();
  } finally {
    await office1.close();
  }
  const mail = await browser.newContext();
  await expect.poll(async () => {
    const { data } = await (await mail.request.get("/api/dev/mail")).json() as {
      data: { to: string; subject: string; text: string }[];
    };
    return data.some((m) =>
      m.to === company.derEmail && m.subject === `Is your crew list still right? (${company.name})` &&
      m.text.includes(dueWords)
    );
  }).toBe(true);
  await mail.close();

  // A month later the request is overdue on the administrators' list.
  const office = await contextAt(browser, day31, USERS.admin);
  const der = await contextAt(browser, day31, { email: company.derEmail, password: company.password }, {
    width: 390,
    height: 844,
  });
  try {
    const admin = await office.newPage();
    await admin.goto("/app/admin/rosters");
    const row = admin.locator(`tr[data-company="${company.name}"]`);
    await expect(row).toContainText("Overdue since");

    // The in-app task on the DER's dashboard leads to the one-tap confirmation.
    const phone = await der.newPage();
    await phone.goto("/app");
    const task = phone.getByRole("alert").filter({ hasText: "Is your crew list still right?" })
      .or(phone.locator(".alert").filter({ hasText: "Is your crew list still right?" }));
    await expect(task.first()).toContainText("overdue");
    await task.first().getByRole("link", { name: "Check and confirm the crew list" }).click();
    await expect(phone).toHaveURL(new RegExp(`/app/member/businesses/${company.businessId}/roster$`));
    await expect(phone.getByRole("heading", { name: "Is your crew list still right?" })).toBeVisible();
    await noSidewaysScroll(phone);
    await phone.getByRole("button", { name: "Yes, the list is right" }).click();
    await expect(toast(phone, "Thank you: the crew list is confirmed.")).toBeVisible();
    await expect(phone.getByText("Confirmed by Dana Rivers")).toBeVisible();

    await admin.reload();
    await expect(row).toContainText("Confirmed");
    await expect(row).not.toContainText("Overdue");
  } finally {
    await office.close();
    await der.close();
  }
});
