import { DEMO_ADMIN_TOTP_SECRET, loadConfig } from "./config.ts";
import { seed, STORE_ITEMS } from "./seed.ts";
import { assertEquals, assertOk } from "./testing/assert.ts";
import type { Database } from "./db/client.ts";
import { withDatabase } from "./testing/db.ts";
import { checkCredentials } from "./auth/service.ts";
import { isSealed, loadTotpKey, openTotpSecret } from "./auth/second-factor/secret-box.ts";
import { userFacts } from "./users/queries.ts";

Deno.test("seed: demo data once, with working sign-ins", async () => {
  await withDatabase(async (database) => {
    const config = {
      ...loadConfig(),
      seedAdminEmail: "boss@example.test",
      seedAdminPassword: "from-env-secret",
    };
    await seed(database, config);
    await seed(database, config);
    const { db } = database;
    const count = async (table: "users" | "businesses" | "vessels" | "store_items") =>
      Number(
        (await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()).n,
      );
    // The five demo accounts and four mariners of the administrators' lists, each with an individual business,
    // two more companies (one deactivated, one whose i3 set-up failed), the DER's second company (issue 25), and
    // another employer with its own DER (decision 0092).
    assertEquals([await count("users"), await count("businesses"), await count("vessels")], [10, 10, 3]);
    // Issue 23: every demo user shared one phone, so each user page listed the others as duplicates.
    const phones = await db.selectFrom("users").select("phone").execute();
    assertEquals(new Set(phones.map((u) => u.phone)).size, phones.length);
    // ... and no demo user's page lists another as a possible duplicate, for any viewer of the demo.
    const everyone = await db.selectFrom("users").select(["id", "is_admin"]).execute();
    for (const viewer of everyone.filter((u) => u.is_admin)) {
      for (const user of everyone) {
        assertEquals([user.id, (await userFacts(db, user.id, viewer.id)).duplicate], [user.id, false]);
      }
    }
    // Issue 37: the demo member (a paid annual membership through their own business) is set up in i3, so their
    // page carries no "Primary business not set up in i3" warning.
    const demoMember = await db.selectFrom("users").select("id").where("email", "=", "member@apca.local")
      .executeTakeFirstOrThrow();
    const anAdmin = everyone.find((u) => u.is_admin)!;
    assertEquals(Boolean((await userFacts(db, demoMember.id, anAdmin.id)).primary_setup), true);
    const waiting = await db.selectFrom("employee_requests").select([
      "first_name",
      "status",
      "notification_id",
    ])
      .executeTakeFirstOrThrow();
    assertEquals([waiting.first_name, waiting.status, waiting.notification_id !== null], [
      "Remy",
      "pending",
      true,
    ]);
    const items = await db.selectFrom("store_items").select(["name", "cost_cents"]).orderBy("sort_order")
      .execute();
    assertEquals(items, STORE_ITEMS.map(({ name, cost_cents }) => ({ name, cost_cents })));
    const admin = await checkCredentials(db, "boss@example.test", "from-env-secret");
    assertEquals(admin?.is_admin, true);
    // The demo administrator's second factor: an authenticator app with the documented secret (decision 0043).
    assertEquals(admin?.second_factor, "verify");
    const factors = await db.selectFrom("user_second_factors").select(["kind", "totp_secret"])
      .where("user_id", "=", admin!.user_id).execute();
    // Stored sealed (decision 0067): the table holds no usable secret, the key opens the documented one.
    assertEquals(factors.map((f) => f.kind), ["totp"]);
    assertOk(isSealed(factors[0].totp_secret!));
    const key = await loadTotpKey(database, config.secondFactorKey);
    assertEquals(await openTotpSecret(key, admin!.user_id, factors[0].totp_secret!), DEMO_ADMIN_TOTP_SECRET);
    const der = await checkCredentials(db, "der@apca.local", "der-password-local");
    assertEquals(der?.is_der, true);
    const company = await db.selectFrom("businesses").select(["name", "der_user_id"]).where(
      "is_individual",
      "=",
      false,
    )
      .executeTakeFirstOrThrow();
    assertEquals(company, { name: "Gulf Coast Towing LLC", der_user_id: der!.user_id });
    // Both employees are covered by the company (the DER's employee screens are not empty, and neither employee
    // is told to start a membership).
    const companyPaid = await db.selectFrom("memberships as m").innerJoin("users as u", "u.id", "m.user_id")
      .innerJoin("businesses as b", "b.id", "m.business_id").select(["u.email", "b.name", "m.type"])
      .orderBy("u.email").execute();
    assertEquals(companyPaid, [
      { email: "employee1@apca.local", name: "Gulf Coast Towing LLC", type: "annual" },
      { email: "employee2@apca.local", name: "Gulf Coast Towing LLC", type: "annual" },
    ]);
  });
});

Deno.test("seed: the demo tells the story (issue 16 item 4)", async () => {
  await withDatabase(async (database) => {
    const now = new Date("2026-11-24T15:00:00Z");
    await seed(database, loadConfig(), () => {}, now);
    const { db } = database;
    const member = await db.selectFrom("users").select("id").where("email", "=", "member@apca.local")
      .executeTakeFirstOrThrow();

    // The member: an active annual membership that renews itself from a saved card, resulted tests, a letter.
    const status = await membershipStatus(db, member.id, now);
    assertEquals(status, { type: "annual", autorenew: true, cancelled: false, paused: false, active: true });
    // A member for more than a year: the first year bought on joining, then the automatic renewal (History).
    const terms = await db.selectFrom("memberships").select([
      "is_renewal",
      "price_cents",
      "starts_at",
      "expire_at",
    ])
      .where("user_id", "=", member.id).orderBy("id").execute();
    assertEquals(terms.map((t) => [t.is_renewal, t.price_cents]), [[false, 10500], [true, 9500]]);
    assertEquals(terms[0].expire_at, new Date(terms[1].starts_at).toISOString().slice(0, 10));
    const card = await db.selectFrom("payment_methods").select(["last4", "is_default"])
      .where("user_id", "=", member.id).executeTakeFirstOrThrow();
    assertEquals(card, { last4: "4242", is_default: true });
    const tests = await db.selectFrom("drug_tests").select(["status", "result"]).where(
      "user_id",
      "=",
      member.id,
    )
      .execute();
    assertEquals(tests.length, 2);
    assertOk(tests.every((t) => t.status === "resulted" && t.result === "negative"));
    const letters = await db.selectFrom("documents").select("kind").where("user_id", "=", member.id)
      .execute();
    assertEquals(letters.map((d) => d.kind), ["letter_of_compliance"]);

    // The administrators: one open notification of every kind, nothing archived or decided.
    const open = await db.selectFrom("notifications").select(["type"]).where("archived_at", "is", null)
      .where("approved", "is", null).execute();
    const types = new Set(open.map((n) => n.type));
    for (
      const type of [
        "REGISTRATION",
        "NEW_BUSINESS_REQUEST",
        "NEW_EMPLOYEE_REQUEST",
        "UPDATE_USER",
        "UPDATE_BUSINESS",
        "NEW_VESSEL",
        "NEW_ORDER",
        "MEMBERSHIP_PAUSED",
        "MEMBERSHIP_CANCELLED",
      ] as const
    ) assertOk(types.has(type), `an open ${type}`);
    const registrations = await db.selectFrom("registration_notifications").select(["kind", "paid_at"])
      .orderBy("kind").execute();
    assertEquals(registrations.map((r) => [r.kind, r.paid_at !== null]), [["DER", false], [
      "independent",
      true,
    ]]);
    // Bayou Marine is the story's new company; the other writes Gulf Coast Towing another way (the duplicate path).
    const pending = await db.selectFrom("new_business_requests").select(["business_name", "status"])
      .orderBy("business_name").execute();
    assertEquals(pending, [
      { business_name: "Bayou Marine Services LLC", status: "pending" },
      { business_name: "Gulf Coast Towing, L.L.C.", status: "pending" },
    ]);
  });
});

/** What the dashboard reads of a membership, enough for the story's assertions. */
async function membershipStatus(db: Database["db"], userId: number, now: Date) {
  const m = await db.selectFrom("memberships").selectAll().where("user_id", "=", userId).orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const paused = await db.selectFrom("membership_pauses").select("id").where("membership_id", "=", m.id)
    .where("resumed_at", "is", null).executeTakeFirst();
  return {
    type: m.type,
    autorenew: m.autorenew,
    cancelled: m.cancelled_at !== null,
    paused: paused !== undefined,
    active: new Date(m.starts_at) <= now && m.expire_at! > now.toISOString().slice(0, 10),
  };
}

Deno.test("seed: without an authenticator secret (production) the administrator enrols at the first sign-in", async () => {
  await withDatabase(async (database) => {
    const config = { ...loadConfig(), seedAdminEmail: "boss@example.test", seedAdminTotpSecret: undefined };
    await seed(database, config, () => undefined);
    const admin = await checkCredentials(database.db, "boss@example.test", config.seedAdminPassword);
    assertEquals(admin?.second_factor, "enrol");
  });
});
