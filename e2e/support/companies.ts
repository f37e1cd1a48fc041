/**
 * A fresh DER with a company of its own, for journeys that must change a company (the demo DER's is shared by
 * specs running in parallel): the DER registers through the API (signing the given request context in, so a
 * page using it is the DER), then the database plays APCA's part: the company request approved and the
 * company set up in i3, as an administrator would. `addEmployee` links a fresh member, with no card of their
 * own, to the company as an employee (what approving an employee request does).
 */
import { type APIRequestContext, expect, request as requests } from "@playwright/test";
import postgres from "postgres";
import process from "node:process";
import { databaseUrl } from "./database.ts";
import { uniqueEmail } from "./members.ts";

export interface TestCompany {
  derEmail: string;
  password: string;
  businessId: number;
  name: string;
}

const PASSWORD = "anchors-aweigh-1";
const CAPTCHA = "dev-captcha-ok"; // the development captcha's token (api/src/integrations/captcha/development.ts)

function database() {
  return postgres(databaseUrl(process.env.E2E_DATABASE_NAME!), { max: 1, onnotice: () => {} });
}

async function ok(what: string, response: Promise<import("@playwright/test").APIResponse>): Promise<void> {
  const answer = await response;
  expect(answer.ok(), `${what}: ${answer.status()} ${await answer.text()}`).toBe(true);
}

/** Registers a DER and its company; the company is approved and set up in i3 unless told otherwise. */
export async function createDerWithCompany(
  request: APIRequestContext,
  { approved = true, i3 = true }: { approved?: boolean; i3?: boolean } = {},
): Promise<TestCompany> {
  const derEmail = uniqueEmail("der-e2e");
  const name = `Bayou Tug ${Math.random().toString(36).slice(2, 7)} LLC`;
  await ok(
    "register DER",
    request.post("/api/register/der/account", {
      data: {
        email: derEmail,
        password: PASSWORD,
        recaptcha: CAPTCHA,
        opt_in_text: true,
        first_name: "Dana",
        last_name: "Rivers",
        terms_and_conditions: true,
        company_name: name,
        company_phone: "(504) 555-0188",
        company_tax_id: "72-1234567",
      },
    }),
  );
  const sql = database();
  try {
    const [row] = await sql<{ id: number }[]>`
      select b.id from businesses b join users u on u.id = b.der_user_id where lower(u.email) = ${derEmail}`;
    if (approved) {
      await sql`update new_business_requests set status = 'approved', processed_at = now(), resolved_business_id = ${row.id}
        where business_id = ${row.id}`;
    }
    if (i3) {
      await sql`update businesses set is_i3_setup = true, i3_location_code = ${`LOC${row.id}`} where id = ${row.id}`;
    }
    return { derEmail, password: PASSWORD, businessId: row.id, name };
  } finally {
    await sql.end();
  }
}

/**
 * A fresh member (no card of their own) linked to the company as an employee; answers the user's id. The
 * member registers in a request context of their own, so the caller's session is left alone.
 */
export async function addEmployee(
  baseURL: string,
  businessId: number,
  firstName = "Eli",
): Promise<{ userId: number; fullName: string; email: string }> {
  const email = uniqueEmail("employee-e2e");
  const request = await requests.newContext({ baseURL });
  await ok(
    "register employee",
    request.post("/api/register/member/account", {
      data: {
        email,
        password: PASSWORD,
        recaptcha: CAPTCHA,
        opt_in_text: true,
        first_name: firstName,
        last_name: "Boudreaux",
        terms_and_conditions: true,
        phone: "(504) 555-0145",
        address_one: "9 Levee Street",
        city: "Houma",
        state: "LA",
        postal_code: "70360",
        country: "United States of America",
        is_licensed: true,
        uscg_cred: "MMC 1234567",
        is_company: false,
      },
    }),
  ).finally(() => request.dispose());
  const sql = database();
  try {
    const [user] = await sql<{ id: number }[]>`select id from users where lower(email) = ${email}`;
    await sql`insert into business_users (business_id, user_id, is_employee) values (${businessId}, ${user.id}, true)`;
    return { userId: user.id, fullName: `${firstName} Boudreaux`, email };
  } finally {
    await sql.end();
  }
}

/** The pending employee requests of a company, as administrators see them (their review list). */
export async function pendingEmployeeRequests(businessId: number): Promise<{ first_name: string }[]> {
  const sql = database();
  try {
    return await sql<{ first_name: string }[]>`
      select first_name from employee_requests where business_id = ${businessId} and status = 'pending'`;
  } finally {
    await sql.end();
  }
}

/** Deactivates the company with a reason, as an administrator would. */
export async function deactivateCompany(businessId: number, reason: string): Promise<void> {
  const sql = database();
  try {
    await sql`update businesses set is_active = false, deactivation_reason = ${reason} where id = ${businessId}`;
  } finally {
    await sql.end();
  }
}

/** A second company of the same DER, approved and set up in i3 (to move employees between). */
export async function addSecondCompany(businessId: number, name: string): Promise<number> {
  const sql = database();
  try {
    const [row] = await sql<{ id: number }[]>`
      insert into businesses (name, der_user_id, is_i3_setup, i3_location_code)
      select ${name}, der_user_id, true, 'LOC2-' || id from businesses where id = ${businessId} returning id`;
    await sql`insert into business_users (business_id, user_id, is_owner, is_employee)
      select ${row.id}, der_user_id, true, false from businesses where id = ${businessId}`;
    return row.id;
  } finally {
    await sql.end();
  }
}

/** An annual membership the company paid for, running a year from yesterday (the letter can be issued). */
export async function giveCompanyMembership(userId: number, businessId: number): Promise<void> {
  const sql = database();
  try {
    await sql`insert into memberships (user_id, business_id, type, price_cents, has_expiration, starts_at, expire_at)
      values (${userId}, ${businessId}, 'annual', 10500, true, now() - interval '1 day',
        (current_date + interval '1 year')::date)`;
  } finally {
    await sql.end();
  }
}
