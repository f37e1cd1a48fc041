/**
 * Demo data: an administrator, a DER with a company (two employees, three vessels, two resulted tests and an
 * employee request waiting for an administrator), an independent member, the store items and two exports
 * queued for the job runner (Users and the MIS report). Runs by
 * itself on the first start of an empty embedded database, or with SEED_ON_START=1, or as `deno task seed`.
 * Never overwrites: it does nothing when the administrator already exists.
 */
import { hashPassword } from "./auth/passwords.ts";
import type { Config } from "./config.ts";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "./db/client.ts";
import type { DB } from "./db/types.ts";
import { notify } from "./notifications/notify.ts";
import { BUILD_QUEUE } from "./exports/jobs.ts";
import { enqueue } from "./lib/jobs.ts";
import { ALGORITHM, commitmentOf, drawIndices, snapshotFingerprint } from "./randoms/draw.ts";
import { seedMemberConsent, seedOtherEmployer, seedSecondCompany } from "./seed/der-companies.ts";
import {
  seedAdminQueue,
  seedEmployeeCoverage,
  seedMemberLetter,
  seedMemberStory,
  seedShippedOrder,
} from "./seed/story.ts";
import { loadTotpKey, sealTotpSecret } from "./auth/second-factor/secret-box.ts";

export const DEMO_USERS = {
  der: { email: "der@apca.local", password: "der-password-local" },
  /** The DER of a second company, Delta Marine Services: another employer, for consents (decision 0092). */
  der2: { email: "der2@apca.local", password: "der-password-local" },
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
    ships: true,
  },
  {
    name: "Tracking Return-to-Work Tests",
    cost_cents: 12000,
    description: "Per test, for return-to-duty follow-up.",
  },
  { name: "Alarm Swab Replacement", cost_cents: 700, description: "Yearly, each.", ships: true },
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
  // Loaded before the transaction: keeping a new key writes through the pool, which on PGlite (one connection)
  // would wait for this transaction forever.
  const totpKey = config.seedAdminTotpSecret ? await loadTotpKey(database, config.secondFactorKey) : null;
  const memberId = await db.transaction().execute(async (tx) => {
    const user = async (email: string, password: string, first: string, last: string, extra = {}) =>
      (await tx.insertInto("users").values({
        email,
        password_hash: await hashPassword(password),
        first_name: first,
        last_name: last,
        country: "United States of America",
        ...extra,
      }).returning("id").executeTakeFirstOrThrow()).id;

    const admin = await user(config.seedAdminEmail, config.seedAdminPassword, "Ada", "Admin", {
      is_admin: true,
      phone: "+1 985 555 0101",
    });
    // Each a number of their own (issue 23: one shared number made them all look like duplicates).
    const der = await user(DEMO_USERS.der.email, DEMO_USERS.der.password, "Dana", "Reyes", {
      is_der: true,
      phone: "+1 985 555 0131",
    });
    // The demo administrator's second factor: an authenticator app with a documented secret (README), so local
    // sign-ins and the tests can compute its codes. None in production unless SEED_ADMIN_TOTP_SECRET is set:
    // there the administrator enrols at the first sign-in (decision 0043).
    if (config.seedAdminTotpSecret && totpKey) {
      await tx.insertInto("user_second_factors").values({
        user_id: admin,
        kind: "totp",
        label: "Demo authenticator",
        totp_secret: await sealTotpSecret(totpKey, admin, config.seedAdminTotpSecret),
      }).execute();
    }
    const e1 = await user(DEMO_USERS.employee1.email, DEMO_USERS.employee1.password, "Eli", "Boudreaux", {
      uscg_cred: "MMC-0012345",
      member_number: "M-100002",
      phone: "+1 985 555 0163",
    });
    const e2 = await user(DEMO_USERS.employee2.email, DEMO_USERS.employee2.password, "Erin", "Thibodeaux", {
      ssn_last4: "4821",
      member_number: "M-100003",
      phone: "+1 504 555 0100",
    });
    const member = await user(DEMO_USERS.member.email, DEMO_USERS.member.password, "Morgan", "Lee", {
      uscg_cred: "MMC-0099881",
      member_number: "M-100001",
      phone: "+1 985 555 0109",
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
    const tests = await tx.insertInto("drug_tests").values([
      { user: e1, reason: "pre_employment" as const, on: "2026-06-03" },
      { user: e2, reason: "random" as const, on: "2026-09-14" },
    ].map((t) => ({
      user_id: t.user,
      business_id: company,
      reason: t.reason,
      status: "resulted" as const,
      result: "negative" as const,
      i3_location_code: "SIM-0001",
      // The order i3 gave it, so the Random Selections card shows its number (issue 25: it read "i3 order -").
      i3_order_ref: `SIM-${t.on.replaceAll("-", "")}-${t.user}`,
      ordered_at: day(t.on),
      collected_at: day(t.on),
      resulted_at: day(t.on),
    }))).returning("id").execute();
    await seedRandomPool(tx, {
      covered: [e1, e2],
      company,
      selected: e2,
      testId: tests[1].id,
      on: day("2026-09-14"),
    });
    // Two exports the job runner builds once the server starts, so the Exports list is not empty.
    for (const [type, filters] of [["users", {}], ["mis", { year: 2026, business_id: null }]] as const) {
      const { id } = await tx.insertInto("exports").values({ type, filters, created_by_user_id: admin })
        .returning("id").executeTakeFirstOrThrow();
      await enqueue(tx, BUILD_QUEUE, { export_id: id, run: 1 }, {
        runAt: now,
        uniqueKey: `export-${id}-run-1`,
        maxAttempts: 3,
      });
    }
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

    // Set up in i3 as a paid membership's own business is (issue 37: the demo member's page warned "Primary
    // business not set up in i3").
    const own = (await tx.insertInto("businesses").values({
      name: "Morgan Lee",
      is_individual: true,
      country: "United States of America",
      is_i3_setup: true,
      i3_location_code: "SIM-0003",
    }).returning("id").executeTakeFirstOrThrow()).id;
    await tx.insertInto("business_users").values({
      business_id: own,
      user_id: member,
      is_owner: true,
      is_primary: true,
    })
      .execute();

    await seedAdminDesk(tx, { der, member, company });

    // Eli's membership is the company's: paid by Gulf Coast Towing (a manual payment, so no card is needed), so
    // the DER's employee screens show a company-paid membership and its 30-day deletion warning.
    const today = now;
    await seedAnalyticsHistory(tx, { e1, today });
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

    // Two more companies for the administrators' business list: one deactivated (with its reason in the
    // activation history), one whose i3 set-up failed (shown with 'Resend to i3' and under i3 problems).
    const laidUp = "Fleet laid up for the season; reactivate when the owner calls.";
    const [pelican] = await tx.insertInto("businesses").values([
      {
        name: "Pelican Marine Services Inc.",
        tax_id: "72-7654321",
        email: "ops@pelicanmarine.example",
        phone: "+1 337 555 0188",
        city: "Morgan City",
        state: "LA",
        country: "United States of America",
        is_active: false,
        deactivation_reason: laidUp,
      },
      {
        name: "Delta Crew Boats LLC",
        dba_name: "Delta Crew",
        tax_id: "72-3456789",
        email: "dispatch@deltacrew.example",
        city: "Venice",
        state: "LA",
        country: "United States of America",
        i3_setup_error: "i3 did not answer (setUpBusiness timed out)",
        i3_setup_attempted_at: today,
      },
    ]).returning("id").execute();
    await tx.insertInto("business_activations").values({
      business_id: pelican.id,
      is_active: false,
      reason: laidUp,
      actor_user_id: admin,
    }).execute();

    const items = await tx.insertInto("store_items")
      .values(STORE_ITEMS.map((item, i) => ({ ...item, sort_order: i }))).returning([
        "id",
        "name",
        "cost_cents",
      ])
      .execute();
    // A store order the office processed for Erin (cash), so the administrators' Transactions tab and order
    // detail (with Cancel Order) have something to show (issue 13).
    const ccf = items.find((i) => i.name === "Replacement Custody Control Form")!;
    const storeOrder = (await tx.insertInto("orders").values({
      kind: "store",
      user_id: e2,
      total_cents: ccf.cost_cents,
      status: "completed",
      payment_type: "manual",
      payment_medium: "Cash Received",
      manual_charge_date: today.toISOString().slice(0, 10),
      completed_at: today,
    }).returning("id").executeTakeFirstOrThrow()).id;
    await tx.insertInto("order_items").values({
      order_id: storeOrder,
      item_id: ccf.id,
      name: ccf.name,
      cost_cents: ccf.cost_cents,
      quantity: 1,
    }).execute();

    const cast = { admin, der, employee2: e2, member, company, memberBusiness: own };
    await seedMemberStory(tx, cast, config, now);
    await seedEmployeeCoverage(tx, cast, now);
    await seedShippedOrder(tx, cast, now);
    await seedAdminQueue(tx, cast, unknownPassword, now);
    await seedSecondCompany(tx, der, now);
    const der2 = await user(DEMO_USERS.der2.email, DEMO_USERS.der2.password, "Sam", "Guidry", {
      is_der: true,
      phone: "+1 337 555 0188",
    });
    await seedOtherEmployer(tx, der2, now);
    await seedMemberConsent(tx, member, config, now);
    return member;
  });
  await seedMemberLetter(database, config, memberId, now);
  // The sign-ins are printed once, by the start banner (start-banner.ts), as the start's last lines.
  log("Seeded demo data.");
}

/**
 * Two items of the administrators' desk (issue 12) that the demo story (seed/story.ts) does not tell: a company
 * request that duplicates Gulf Coast Towing written another way (the wizard's duplicate path), and a vessel the
 * DER laid up (UPDATE_VESSEL). The company request has no provisional business, so no member's view changes.
 */
async function seedAdminDesk(
  tx: Transaction<DB>,
  ids: { der: number; member: number; company: number },
) {
  const { der, member, company } = ids;
  const at = (d: string) => new Date(`${d}T15:00:00Z`);
  const morgan = { member_user_id: member, member_first_name: "Morgan", member_last_name: "Lee" };
  const dana = {
    member_user_id: der,
    member_first_name: "Dana",
    member_last_name: "Reyes",
    member_number: null,
  };
  // Morgan asks for a company that is Gulf Coast Towing written another way: the wizard's duplicate path.
  const requested = "Gulf Coast Towing, L.L.C.";
  const requestId = await notify(tx, {
    type: "NEW_BUSINESS_REQUEST",
    triggerUserId: member,
    userId: member,
    businessId: null,
    at: at("2026-11-10"),
    meta: { ...morgan, member_number: "M-100001", business_id: null, business_name: requested },
  });
  await tx.insertInto("new_business_requests").values({
    notification_id: requestId,
    user_id: member,
    is_company: true,
    business_name: requested,
    business_phone: "(985) 555-0142",
    business_tax_id: "721234567",
    business_city: "Houma",
    business_state: "LA",
    created_at: at("2026-11-10"),
  }).execute();
  const vessel = await tx.selectFrom("vessels").select(["id", "name"]).where("business_id", "=", company)
    .where("is_active", "=", false).executeTakeFirstOrThrow();
  await notify(tx, {
    type: "UPDATE_VESSEL",
    triggerUserId: der,
    userId: der,
    businessId: company,
    vesselId: vessel.id,
    at: at("2026-11-12"),
    meta: {
      business_id: company,
      business_name: "Gulf Coast Towing LLC",
      vessel_name: vessel.name,
      previous_vessel_name: vessel.name,
      ...dana,
      changes: { is_active: false },
      previous: { is_active: true },
      awaiting_approval: false,
    },
  });
  // Issue 24's mixed queue: two contact changes that applied at once (approved in bulk, no judgement) and a
  // name change that waits for a decision (approve, or decline with a reason the member is mailed).
  const change = (
    who: typeof morgan & { member_number?: string | null },
    userId: number,
    day: string,
    changes: Record<string, string>,
    previous: Record<string, string | null>,
    awaiting: boolean,
  ) =>
    notify(tx, {
      type: "UPDATE_USER",
      triggerUserId: userId,
      userId,
      businessId: company,
      at: at(day),
      meta: {
        business_id: company,
        business_name: "Gulf Coast Towing LLC",
        vessel_name: null,
        ...who,
        changes,
        previous,
        awaiting_approval: awaiting,
      },
    });
  await change(morgan, member, "2026-11-14", { phone: "(985) 555-0177" }, { phone: null }, false);
  await change(dana, der, "2026-11-15", { city: "Thibodaux" }, { city: "Houma" }, false);
  await change(morgan, member, "2026-11-16", { last_name: "Lee-Broussard" }, { last_name: "Lee" }, true);
}

/**
 * September 2026's random pool, complete: the demo company's two employees covered and both drawn, Erin first
 * (her random test above) and Eli exempt (on leave), drawn for real (decision 0033) so Verify on the pool
 * screen answers match and the analytics' Random Drug Tests chart has a tested and an exempt candidate. The
 * seed is the first of a fixed series whose draw puts her first, so the demo is the same on every machine.
 */
async function seedRandomPool(
  tx: Kysely<DB>,
  p: { covered: number[]; company: number; selected: number; testId: number; on: Date },
) {
  const ids = [...p.covered].sort((a, b) => a - b);
  let seed = "";
  for (let k = 0; !seed; k++) {
    const candidate = Array.from(
      new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`apca-demo-pool-${k}`))),
      (b) => b.toString(16).padStart(2, "0"),
    ).join("");
    if (ids[drawIndices(ids.length, candidate, 1)[0]] === p.selected) seed = candidate;
  }
  const pool = (await tx.insertInto("random_pools").values({
    year: 2026,
    month: 9,
    status: "complete",
    rate_percent: 50,
    seed,
    commitment: commitmentOf(seed),
    algorithm: ALGORITHM,
    covered_count: ids.length,
    selected_count: ids.length,
    target_count: ids.length,
    snapshot_sha256: snapshotFingerprint(ids),
    snapshot_at: p.on,
    drawn_at: p.on,
    built_at: p.on,
    ordered_at: p.on,
    completed_at: p.on,
    // Released to the company's DER (its Random Selections tab shows Erin and Eli), as an administrator would.
    released_at: p.on,
  }).returning("id").executeTakeFirstOrThrow()).id;
  await tx.insertInto("random_snapshots").values({
    pool_id: pool,
    user_ids: ids,
    business_ids: ids.map(() => p.company),
    // Its members are the company's employees it pays for: the paying company, as the current rule records.
    business_rule: 2,
  }).execute();
  const order = drawIndices(ids.length, seed, ids.length).map((i) => ids[i]);
  await tx.insertInto("random_candidates").values(order.map((user_id, position) => ({
    pool_id: pool,
    user_id,
    business_id: p.company,
    draw_position: position,
    selected: true,
    drug_test_id: position === 0 ? p.testId : null,
    exempt: position > 0,
    exempt_reason: position > 0 ? "On leave" : null,
  }))).execute();
}

/**
 * A little history for the administrators' analytics, so no chart opens empty: Eli took a one-time test three
 * months before the company enrolled him (the random pool is seedRandomPool's). Added before Eli's annual term,
 * which stays his latest (current) membership.
 */
async function seedAnalyticsHistory(
  tx: Transaction<DB>,
  { e1, today }: { e1: number; today: Date },
) {
  const monthsAgo = (n: number, day: number) =>
    new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - n, day, 15));
  await tx.insertInto("memberships").values({
    user_id: e1,
    type: "one_time",
    has_expiration: false,
    starts_at: monthsAgo(3, 10),
    created_at: monthsAgo(3, 10),
    price_cents: 7500,
  }).execute();
}

if (import.meta.main) {
  const { loadConfig } = await import("./config.ts");
  const { openDatabase } = await import("./db/client.ts");
  const { migrate } = await import("./db/migrate.ts");
  const config = loadConfig();
  const database = await openDatabase(config);
  await migrate(database);
  await seed(database, config, console.log);
  const { existingSignIns } = await import("./start-banner.ts");
  for (const s of await existingSignIns(database, config, !!Deno.env.get("SEED_ADMIN_PASSWORD"))) {
    console.log(`  ${s.who}: ${s.email} / ${s.password}`);
  }
  await database.close();
}
