/**
 * Demo data: an administrator, a DER with a company (two employees, three vessels, two resulted tests and an
 * employee request waiting for an administrator), an independent member, and the store items. Runs by
 * itself on the first start of an empty embedded database, or with SEED_ON_START=1, or as `deno task seed`.
 * Never overwrites: it does nothing when the administrator already exists.
 */
import { hashPassword } from "./auth/passwords.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { notify } from "./notifications/queries.ts";
import { seedAdminQueue, seedEmployeeCoverage, seedMemberLetter, seedMemberStory } from "./seed/story.ts";

export const DEMO_USERS = {
  der: { email: "der@apca.local", password: "der-password-local" },
  member: { email: "member@apca.local", password: "member-password-local" },
  employee1: { email: "employee1@apca.local", password: "employee-password-local" },
  employee2: { email: "employee2@apca.local", password: "employee-password-local" },
} as const;

/** The demo company's fleet: what a Coast Guard inspector asks for (decision 0021). */
export const DEMO_VESSELS = [
  { name: "M/V Bayou Star", official_number: "1234567", vessel_type: "Towing vessel" },
  { name: "M/V Cajun Pride", official_number: "1187432", vessel_type: "Towing vessel" },
  { name: "Atchafalaya Runner", official_number: "1023456", vessel_type: "Crew boat", is_active: false },
];

/** A new deckhand the demo DER asked to add, waiting for an administrator. */
export const DEMO_EMPLOYEE_REQUEST = {
  first_name: "Remy",
  last_name: "Fontenot",
  email: "remy.fontenot@example.com",
  phone: "+1 985 555 0177",
  city: "Houma",
  state: "LA",
};

/** Store items and prices from the consortium's price list (DOMAIN.md); prices are in cents. */
export const STORE_ITEMS = [
  { name: "Post-Accident Test Charge", cost_cents: 6000, description: "Charge for each post-accident test." },
  {
    name: "Replacement Custody Control Form",
    cost_cents: 6000,
    description: "A replacement CCF for a collection.",
  },
  {
    name: "Tracking Return-to-Work Tests",
    cost_cents: 12000,
    description: "Per test, for return-to-duty follow-up.",
  },
  { name: "Alarm Swab Replacement", cost_cents: 700, description: "Yearly, each." },
];

export async function shouldSeed(database: Database, config: Config): Promise<boolean> {
  if (Deno.env.get("SEED_ON_START") === "1") return true;
  if (config.databaseUrl) return false;
  const row = await database.db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

export async function seed(
  database: Database,
  config: Config,
  log: (line: string) => void = () => {},
  now: Date = new Date(),
) {
  const { db } = database;
  const existing = await db.selectFrom("users").select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", config.seedAdminEmail.toLowerCase()))
    .executeTakeFirst();
  if (existing) return log("Seed skipped: the administrator already exists.");

  // Mariners of the administrators' lists sign in with no known password (seed/story.ts).
  const unknownPassword = await hashPassword(crypto.randomUUID());
  const memberId = await db.transaction().execute(async (tx) => {
    const user = async (email: string, password: string, first: string, last: string, extra = {}) =>
      (await tx.insertInto("users").values({
        email,
        password_hash: await hashPassword(password),
        first_name: first,
        last_name: last,
        phone: "+1 504 555 0100",
        country: "United States of America",
        ...extra,
      }).returning("id").executeTakeFirstOrThrow()).id;

    await user(config.seedAdminEmail, config.seedAdminPassword, "Ada", "Admin", { is_admin: true });
    const der = await user(DEMO_USERS.der.email, DEMO_USERS.der.password, "Dana", "Reyes", { is_der: true });
    const e1 = await user(DEMO_USERS.employee1.email, DEMO_USERS.employee1.password, "Eli", "Boudreaux", {
      uscg_cred: "MMC-0012345",
      member_number: "M-100002",
    });
    const e2 = await user(DEMO_USERS.employee2.email, DEMO_USERS.employee2.password, "Erin", "Thibodeaux", {
      ssn_last4: "4821",
      member_number: "M-100003",
    });
    const member = await user(DEMO_USERS.member.email, DEMO_USERS.member.password, "Morgan", "Lee", {
      uscg_cred: "MMC-0099881",
      member_number: "M-100001",
      city: "Houma",
      state: "LA",
    });

    const company = (await tx.insertInto("businesses").values({
      name: "Gulf Coast Towing LLC",
      dba_name: "Gulf Coast Towing",
      email: "office@gulfcoasttowing.example",
      phone: "+1 985 555 0142",
      tax_id: "72-1234567",
      address_one: "100 Harbor Rd",
      city: "Houma",
      state: "LA",
      country: "United States of America",
      postal_code: "70360",
      is_i3_setup: true,
      i3_location_code: "SIM-0001",
      der_user_id: der,
    }).returning("id").executeTakeFirstOrThrow()).id;
    await tx.insertInto("business_users").values([
      { business_id: company, user_id: der, is_owner: true, is_employee: false },
      { business_id: company, user_id: e1, is_employee: true, is_primary: true },
      { business_id: company, user_id: e2, is_employee: true, is_primary: true },
    ]).execute();
    await tx.insertInto("vessels").values(DEMO_VESSELS.map((v) => ({ ...v, business_id: company })))
      .execute();
    // Resulted tests under the company, so its DER's Business Tests tab has summaries to show.
    const day = (d: string) => new Date(`${d}T15:00:00Z`);
    await tx.insertInto("drug_tests").values([
      { user: e1, reason: "pre_employment" as const, on: "2026-06-03" },
      { user: e2, reason: "random" as const, on: "2026-09-14" },
    ].map((t) => ({
      user_id: t.user,
      business_id: company,
      reason: t.reason,
      status: "resulted" as const,
      result: "negative" as const,
      i3_location_code: "SIM-0001",
      ordered_at: day(t.on),
      collected_at: day(t.on),
      resulted_at: day(t.on),
    }))).execute();
    // An Add Employee request waiting in the administrators' queue.
    const request = DEMO_EMPLOYEE_REQUEST;
    const notificationId = await notify(tx, {
      type: "NEW_EMPLOYEE_REQUEST",
      triggerUserId: der,
      businessId: company,
      meta: {
        company_id: company,
        company_name: "Gulf Coast Towing LLC",
        owner_id: der,
        owner_name: "Dana Reyes",
        user: {
          ...request,
          middle_name: null,
          address_one: null,
          address_two: null,
          postal_code: null,
          country: "United States of America",
        },
        possible_exists: false,
      },
    });
    await tx.insertInto("employee_requests").values({
      ...request,
      country: "United States of America",
      notification_id: notificationId,
      business_id: company,
      owner_user_id: der,
    }).execute();

    const own = (await tx.insertInto("businesses").values({
      name: "Morgan Lee",
      is_individual: true,
      country: "United States of America",
    }).returning("id").executeTakeFirstOrThrow()).id;
    await tx.insertInto("business_users").values({
      business_id: own,
      user_id: member,
      is_owner: true,
      is_primary: true,
    })
      .execute();

    // Eli's membership is the company's: paid by Gulf Coast Towing (a manual payment, so no card is needed), so
    // the DER's employee screens show a company-paid membership and its 30-day deletion warning.
    const today = now;
    const order = (await tx.insertInto("orders").values({
      kind: "membership",
      user_id: e1,
      business_id: company,
      total_cents: 10500,
      status: "completed",
      payment_type: "manual",
      payment_medium: "Check Received",
      manual_charge_date: today.toISOString().slice(0, 10),
      completed_at: today,
      created_by_user_id: der,
    }).returning("id").executeTakeFirstOrThrow()).id;
    await tx.insertInto("order_items").values({
      order_id: order,
      name: "APCA annual membership",
      cost_cents: 10500,
      quantity: 1,
    })
      .execute();
    const expires = new Date(today);
    expires.setUTCFullYear(expires.getUTCFullYear() + 1);
    await tx.insertInto("memberships").values({
      user_id: e1,
      business_id: company,
      type: "annual",
      expire_at: expires.toISOString().slice(0, 10),
      price_cents: 10500,
      order_id: order,
      created_by_user_id: der,
    }).execute();

    await tx.insertInto("store_items").values(STORE_ITEMS.map((item, i) => ({ ...item, sort_order: i })))
      .execute();

    const admin = (await tx.selectFrom("users").select("id").where("is_admin", "=", true)
      .executeTakeFirstOrThrow()).id;
    const cast = { admin, der, employee2: e2, member, company, memberBusiness: own };
    await seedMemberStory(tx, cast, config, now);
    await seedEmployeeCoverage(tx, cast, now);
    await seedAdminQueue(tx, cast, unknownPassword, now);
    return member;
  });
  await seedMemberLetter(database, config, memberId, now);
  log(
    `Seeded demo data. Administrator: ${config.seedAdminEmail} / ${
      Deno.env.get("SEED_ADMIN_PASSWORD") ? "(from SEED_ADMIN_PASSWORD)" : config.seedAdminPassword
    }; member: ${DEMO_USERS.member.email} / ${DEMO_USERS.member.password}; DER: ${DEMO_USERS.der.email} / ${DEMO_USERS.der.password}`,
  );
}

if (import.meta.main) {
  const { loadConfig } = await import("./config.ts");
  const { openDatabase } = await import("./boot.ts");
  const { migrate } = await import("./db/migrate.ts");
  const config = loadConfig();
  const database = await openDatabase(config);
  await migrate(database);
  await seed(database, config, console.log);
  await database.close();
}
