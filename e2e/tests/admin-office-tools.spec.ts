/**
 * Journey: three of the office's tools (issue 37, decision 0082). An administrator reopens an archived
 * notification from the center's Archived tab; filters the users list (role, company, membership, joined
 * between) and the businesses list (kind, i3, DER), the filters kept in the address through a reload; and moves
 * an employee to another DER's company from the employee page, after a refusal in the server's words, then
 * makes the new company their primary business. Each test makes its own people and companies.
 *
 * The reopened notification is a cancelled membership's: the Canceled Memberships category is not one whose
 * badge admin-notifications.spec.ts brackets (support/notifications.ts), so archiving and reopening it here
 * cannot disturb that spec running at the same time.
 */
import type { Page } from "@playwright/test";
import postgres from "postgres";
import process from "node:process";
import { expect, test } from "../support/fixtures.ts";
import { toast } from "../support/toasts.ts";
import { databaseUrl } from "../support/database.ts";
import { addEmployee, createDerWithCompany } from "../support/companies.ts";
import { registerMemberThroughApi } from "../support/members.ts";

test.describe.configure({ timeout: 120_000 });

async function withDatabase<T>(work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(databaseUrl(process.env.E2E_DATABASE_NAME!), { max: 1, onnotice: () => {} });
  try {
    return await work(sql);
  } finally {
    await sql.end();
  }
}

async function expectToast(page: Page, text: string | RegExp) {
  const shown = toast(page, text);
  await expect(shown).toBeVisible();
  await shown.locator(".toast-close").click();
  await expect(shown).toHaveCount(0);
}

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("an administrator reopens an archived notification", async ({ page, logInAs, visit, checkA11y }) => {
  // A member whose membership was cancelled; its notification was archived by an administrator.
  const member = await registerMemberThroughApi(page.request);
  const last = `Reopen${tag()}`;
  await withDatabase(async (sql) => {
    const [user] = await sql<{ id: number }[]>`
      update users set last_name = ${last} where lower(email) = ${member.email.toLowerCase()} returning id`;
    const [m] = await sql<{ id: number }[]>`
      select id from memberships where user_id = ${user.id} order by id desc limit 1`;
    await sql`insert into notifications (type, user_id, trigger_user_id, membership_id, meta, archived_at)
      values ('MEMBERSHIP_CANCELLED', ${user.id}, ${user.id}, ${m.id}, ${
      sql.json({
        member_user_id: user.id,
        member_first_name: "Rita",
        member_last_name: last,
        member_number: null,
        cancelled_at: new Date().toISOString(),
      })
    }, now())`;
  });
  const card = `Rita ${last} cancelled their membership`;

  await logInAs("admin");
  await visit("/app?category=cancelled");
  const search = page.getByRole("searchbox", { name: "Search" });
  await search.fill(last);
  await page.getByRole("button", { name: "Archived" }).click();
  const archived = page.locator("article.notification").filter({ hasText: card });
  await expect(archived).toHaveCount(1);
  await expect(archived.getByRole("button", { name: "Archive" })).toHaveCount(0);
  await checkA11y();

  await archived.getByRole("button", { name: `Reopen: ${card}` }).click();
  await expectToast(page, "Notification reopened");
  await expect(archived).toHaveCount(0);

  // Open again, with its Archive action, as any open notification.
  await page.getByRole("button", { name: "Open", exact: true }).click();
  const open = page.locator("article.notification").filter({ hasText: card });
  await expect(open).toHaveCount(1);
  await expect(open.getByRole("button", { name: "Archive" })).toBeVisible();
  await checkA11y();
});

test("an administrator filters the users and the businesses lists", async ({ page, logInAs, visit, checkA11y }) => {
  // A DER with a company set up in i3, and an independent member with their own business.
  const company = await createDerWithCompany(page.request);
  const independent = await registerMemberThroughApi(page.request);
  const independentLast = `Solo${tag()}`;
  // Their own business is named after them at registration: a name of its own here, to find it alone.
  await withDatabase(async (sql) => {
    const [user] = await sql<{ id: number }[]>`
      update users set last_name = ${independentLast} where lower(email) = ${independent.email.toLowerCase()}
      returning id`;
    await sql`update businesses set name = ${`Rita ${independentLast}`} where is_individual
      and id in (select business_id from business_users where user_id = ${user.id})`;
  });
  await logInAs("admin");

  // Users: the company's DER only, by role and company; the address keeps the filters through a reload.
  await visit("/app/admin/users");
  await page.getByLabel("Role", { exact: true }).selectOption("der");
  await expect(page).toHaveURL(/role=der/);
  await page.getByRole("searchbox", { name: "Company" }).fill(company.name);
  await page.getByRole("searchbox", { name: "Company" }).press("Enter");
  await expect(page).toHaveURL(/company=/);
  const users = page.getByRole("table", { name: "Users" });
  await expect(users.getByRole("row")).toHaveCount(2);
  await expect(users.getByRole("link", { name: "Dana Rivers" })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Role", { exact: true })).toHaveValue("der");
  await expect(page.getByRole("searchbox", { name: "Company" })).toHaveValue(company.name);
  await expect(users.getByRole("row")).toHaveCount(2);
  await checkA11y();
  // A DER of this company with no membership, who joined today: the membership filter leaves them out.
  await page.getByLabel("Membership", { exact: true }).selectOption("active");
  await expect(page.getByText("No user matches that search and those filters")).toBeVisible();
  await page.getByLabel("Membership", { exact: true }).selectOption("none");
  await expect(users.getByRole("row")).toHaveCount(2);
  // Joined between: from tomorrow finds nobody.
  const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("Joined from").fill(tomorrow);
  await expect(page).toHaveURL(new RegExp(`joined_from=${tomorrow}`));
  await expect(page.getByText("No user matches that search and those filters")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).not.toHaveURL(/role=|company=|membership=|joined_from=/);

  // Businesses: companies by default; the independent's own business behind Kind.
  await visit("/app/admin/businesses");
  const table = page.getByRole("table", { name: "Businesses" });
  await page.getByLabel("Search").fill(independentLast);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText(`No business matches “${independentLast}”`)).toBeVisible();
  await page.getByLabel("Kind", { exact: true }).selectOption("individual");
  await expect(page).toHaveURL(/kind=individual/);
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByText("Individual", { exact: true })).toBeVisible();
  await checkA11y();
  // The DER's company: a company, set up in i3, with a DER; not one with no DER.
  await page.getByLabel("Search").fill(company.name);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByLabel("Kind", { exact: true }).selectOption("company");
  await page.getByLabel("i3", { exact: true }).selectOption("set_up");
  await page.getByLabel("DER", { exact: true }).selectOption("yes");
  await expect(page).toHaveURL(/i3=set_up/);
  await expect(page).toHaveURL(/der=yes/);
  await expect(table.getByRole("link", { name: company.name })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("DER", { exact: true })).toHaveValue("yes");
  await expect(table.getByRole("link", { name: company.name })).toBeVisible();
  await page.getByLabel("DER", { exact: true }).selectOption("none");
  await expect(page.getByText(`No business matches “${company.name}” with these filters`)).toBeVisible();
  await checkA11y();
});

test("an administrator moves an employee to another company and makes it their primary business", async ({ page, logInAs, visit, arrive, baseURL }) => {
  const from = await createDerWithCompany(page.request);
  const to = await createDerWithCompany(page.request);
  const other = await createDerWithCompany(page.request);
  const employee = await addEmployee(baseURL!, from.businessId, "Eli");
  // Already on `other`'s roster: moving there is refused, in the server's words.
  await withDatabase((sql) =>
    sql`insert into business_users (business_id, user_id, is_employee)
      values (${other.businessId}, ${employee.userId}, true)`
  );
  await logInAs("admin");

  await visit(`/app/admin/businesses/${from.businessId}?tab=employees`);
  await page.getByRole("link", { name: `Move ${employee.fullName} or make this their primary business` })
    .click();
  await arrive(/\/app\/admin\/employee\/\d+$/);
  const oldUrl = page.url();

  const move = async (company: string) => {
    await page.getByLabel("Move to another company: search by name, DBA or tax id").fill(company);
    await page.getByRole("button", { name: "Search Companies" }).click();
    await page.getByRole("radio", { name: company }).check();
    await page.getByRole("button", { name: "Move Employee" }).click();
    const dialog = page.getByRole("dialog", { name: `Move ${employee.fullName} to ${company}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Move Employee" }).click();
  };

  await move(other.name);
  await expectToast(page, "This user already belongs to this business.");
  expect(page.url()).toBe(oldUrl);

  await move(to.name);
  await expectToast(page, "User attached to new business");
  await expect(page).not.toHaveURL(oldUrl);
  await arrive(/\/app\/admin\/employee\/\d+$/);
  await expect(page.getByRole("link", { name: to.name })).toBeVisible();

  // Make the new company their primary business: asked first, then said.
  await page.getByRole("button", { name: "Make This Their Primary Business" }).click();
  const confirm = page.getByRole("dialog", {
    name: `Make ${to.name} ${employee.fullName}'s primary business?`,
  });
  await confirm.getByRole("button", { name: "Make Primary" }).click();
  await expectToast(page, `${to.name} is now ${employee.fullName}'s primary business`);
  await expect(page.getByRole("button", { name: "Make This Their Primary Business" })).toHaveCount(0);
  await expect(page.getByText(`${to.name} is ${employee.fullName}'s primary business`)).toBeVisible();

  // The old company's roster no longer lists them; the new one's does.
  await visit(`/app/admin/businesses/${from.businessId}?tab=employees`);
  await expect(page.getByRole("link", { name: employee.fullName, exact: true })).toHaveCount(0);
  await visit(`/app/admin/businesses/${to.businessId}?tab=employees`);
  await expect(page.getByRole("link", { name: employee.fullName, exact: true })).toBeVisible();
});
