/**
 * The demo's story (issue 16 item 4), on top of seed.ts's accounts: the member is an active annual member with
 * a card, resulted tests, a store order and a Letter of Compliance; both employees are covered by their
 * company's memberships; and the administrators have one open item of every kind to work (a registration, a
 * company request, member, company and vessel changes, a paused and a cancelled membership, a store order),
 * written through notify() with the meta the services write. Each part is its own function, so a small seed
 * edit elsewhere merges cleanly. Dates count from `now` (the seed's clock), so the same run gives the same data.
 */
import type { Transaction } from "kysely";
import { issueLetter } from "../compliance/service.ts";
import { loadLetterKeys } from "../compliance/signing.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { DB } from "../db/types.ts";
import { MEMBER_VIEW_ACTIONS } from "../lib/audit.ts";
import { notify } from "../notifications/notify.ts";
import { memberNumber, notifyRegistration } from "../registration/service.ts";

type Tx = Transaction<DB>;
const DAY = 86_400_000;
const daysFrom = (now: Date, days: number) => new Date(now.getTime() + days * DAY);
const isoDay = (at: Date) => at.toISOString().slice(0, 10);
const US = "United States of America";

/** The people seed.ts made, by their part in the story. */
export interface Cast {
  admin: number;
  der: number;
  employee2: number;
  member: number;
  company: number;
  /** The member's own (individual) business. */
  memberBusiness: number;
}

/** Annual prices (DOMAIN.md): a new member's year, and the renewal. */
const NEW_MEMBER_CENTS = 10500;
const RENEWAL_CENTS = 9500;

/** A completed order and its one line. */
async function paidOrder(
  tx: Tx,
  order: {
    kind: "membership" | "store";
    userId: number;
    businessId: number | null;
    by: number | null;
    at: Date;
    card?: number;
    lines: { name: string; cost_cents: number; quantity: number; item_id?: number }[];
  },
) {
  const total = order.lines.reduce((sum, line) => sum + line.cost_cents * line.quantity, 0);
  const row = await tx.insertInto("orders").values({
    kind: order.kind,
    user_id: order.userId,
    business_id: order.businessId,
    total_cents: total,
    status: "completed",
    ...(order.card
      ? { payment_type: "card" as const, payment_method_id: order.card }
      : { payment_type: "manual" as const, payment_medium: "Check Received" as const }),
    manual_charge_date: order.card ? null : isoDay(order.at),
    created_at: order.at,
    completed_at: order.at,
    created_by_user_id: order.by,
  }).returning(["id", "number", "total_cents"]).executeTakeFirstOrThrow();
  await tx.insertInto("order_items").values(order.lines.map((line) => ({ ...line, order_id: row.id })))
    .execute();
  return row;
}

/** An annual membership paid on `start` for a year: a new member's, or the automatic renewal of the last. */
async function annualMembership(
  tx: Tx,
  m: {
    userId: number;
    businessId: number | null;
    start: Date;
    orderId: number;
    by: number | null;
    autorenew?: boolean;
    renewal?: boolean;
  },
) {
  return (await tx.insertInto("memberships").values({
    user_id: m.userId,
    business_id: m.businessId,
    type: "annual",
    is_renewal: m.renewal ?? false,
    created_at: m.start,
    starts_at: m.start,
    expire_at: isoDay(daysFrom(m.start, 365)),
    price_cents: m.renewal ? RENEWAL_CENTS : NEW_MEMBER_CENTS,
    order_id: m.orderId,
    autorenew: m.autorenew ?? false,
    created_by_user_id: m.by,
  }).returning("id").executeTakeFirstOrThrow()).id;
}

/**
 * A sandbox card (Visa 4242) saved on the member's account, as the sandbox processor records one, so that the
 * membership can renew and the store can charge. Only when the sandbox takes payments (no Stripe keys).
 */
async function sandboxCard(tx: Tx, userId: number, now: Date): Promise<number> {
  const customer = `cus_sbx_${userId}`;
  const pm = `pm_sbx_demo${String(userId).padStart(8, "0")}`;
  const expYear = now.getUTCFullYear() + 3;
  await tx.insertInto("payment_customers").values({
    user_id: userId,
    provider: "sandbox",
    customer_ref: customer,
  })
    .execute();
  await tx.insertInto("sandbox_payment_methods").values({
    id: pm,
    customer_ref: customer,
    brand: "visa",
    last4: "4242",
    exp_month: 12,
    exp_year: expYear,
  }).execute();
  return (await tx.insertInto("payment_methods").values({
    user_id: userId,
    provider: "sandbox",
    provider_ref: pm,
    brand: "visa",
    last4: "4242",
    exp_month: 12,
    exp_year: expYear,
    is_default: true,
  }).returning("id").executeTakeFirstOrThrow()).id;
}

/**
 * Morgan Lee: a card, a member for a year and four months (a first year bought on joining, then renewed
 * automatically 120 days ago, as the renewal job writes it), two negative tests, a store order.
 */
export async function seedMemberStory(tx: Tx, cast: Cast, config: Config, now: Date): Promise<void> {
  const card = config.stripeSecretKey ? undefined : await sandboxCard(tx, cast.member, now);
  const joined = daysFrom(now, -485);
  const firstOrder = await paidOrder(tx, {
    kind: "membership",
    userId: cast.member,
    businessId: null,
    by: cast.member,
    at: joined,
    card,
    lines: [{ name: "APCA annual membership", cost_cents: NEW_MEMBER_CENTS, quantity: 1 }],
  });
  const firstYear = await annualMembership(tx, {
    userId: cast.member,
    businessId: null,
    start: joined,
    orderId: firstOrder.id,
    by: cast.member,
    autorenew: card !== undefined,
  });
  const renewed = daysFrom(joined, 365);
  const renewalOrder = await paidOrder(tx, {
    kind: "membership",
    userId: cast.member,
    businessId: null,
    by: null,
    at: renewed,
    card,
    lines: [{ name: "APCA annual membership renewal", cost_cents: RENEWAL_CENTS, quantity: 1 }],
  });
  const current = await annualMembership(tx, {
    userId: cast.member,
    businessId: null,
    start: renewed,
    orderId: renewalOrder.id,
    by: null,
    autorenew: card !== undefined,
    renewal: true,
  });
  await tx.insertInto("audit_log").values({
    actor_user_id: null,
    action: "membership_autorenewed",
    entity: "membership",
    entity_id: String(current),
    detail: {
      member_user_id: cast.member,
      renews_membership_id: firstYear,
      amount_cents: RENEWAL_CENTS,
      expire_at: isoDay(daysFrom(renewed, 365)),
    },
    created_at: renewed,
  }).execute();
  await tx.insertInto("drug_tests").values([
    { reason: "pre_employment" as const, at: daysFrom(now, -483) },
    { reason: "random" as const, at: daysFrom(now, -40) },
  ].map((t) => ({
    user_id: cast.member,
    business_id: cast.memberBusiness,
    reason: t.reason,
    status: "resulted" as const,
    result: "negative" as const,
    i3_location_code: "SIM-0001",
    ordered_at: t.at,
    collected_at: t.at,
    resulted_at: daysFrom(t.at, 2),
  }))).execute();

  // Ada looked at Morgan's tests from the user page ten days ago: Morgan's "Who looked at my records" has it.
  await tx.insertInto("audit_log").values({
    actor_user_id: cast.admin,
    action: MEMBER_VIEW_ACTIONS.testsView,
    entity: "user",
    entity_id: String(cast.member),
    detail: { by: "administrator", business_id: null },
    created_at: daysFrom(now, -10),
  }).execute();

  // A store order the office has to send out: Store Notifications.
  const item = await tx.selectFrom("store_items").select(["id", "name", "cost_cents"]).orderBy("sort_order")
    .executeTakeFirstOrThrow();
  const at = daysFrom(now, -1);
  const store = await paidOrder(tx, {
    kind: "store",
    userId: cast.member,
    businessId: null,
    by: cast.member,
    at,
    card,
    lines: [{ item_id: item.id, name: item.name, cost_cents: item.cost_cents, quantity: 2 }],
  });
  await notify(tx, {
    type: "NEW_ORDER",
    orderId: store.id,
    userId: cast.member,
    triggerUserId: cast.member,
    meta: {
      order_id: store.id,
      order_number: store.number,
      order_completed: true,
      order_cancelled: false,
      total_cents: store.total_cents,
      member_user_id: cast.member,
      member_first_name: "Morgan",
      member_last_name: "Lee",
    },
    at,
  });
}

/**
 * Morgan's custody control forms, sent by UPS a week ago: their order shows the carrier and tracking number, and
 * the administrators' orders list has a shipped order beside Erin's form still to ship (decision 0061).
 */
export async function seedShippedOrder(tx: Tx, cast: Cast, now: Date): Promise<void> {
  const ccf = await tx.selectFrom("store_items").select(["id", "name", "cost_cents"]).where(
    "ships",
    "=",
    true,
  )
    .orderBy("sort_order").executeTakeFirstOrThrow();
  const at = daysFrom(now, -9);
  const order = await paidOrder(tx, {
    kind: "store",
    userId: cast.member,
    businessId: null,
    by: cast.member,
    at,
    lines: [{ item_id: ccf.id, name: ccf.name, cost_cents: ccf.cost_cents, quantity: 3 }],
  });
  const shippedAt = daysFrom(now, -7);
  await tx.updateTable("orders").set({
    shipping_status: "shipped",
    shipping_carrier: "UPS",
    shipping_tracking: "1Z999AA10123456784",
    shipped_at: shippedAt,
    shipped_by_user_id: cast.admin,
  }).where("id", "=", order.id).execute();
  await tx.insertInto("audit_log").values({
    actor_user_id: cast.admin,
    action: "order_shipped",
    entity: "order",
    entity_id: String(order.id),
    detail: {
      number: order.number,
      user_id: cast.member,
      before: { shipping: "to_ship" },
      after: { shipping: "shipped", carrier: "UPS", tracking_number: "1Z999AA10123456784" },
    },
    ip: "198.51.100.20",
    created_at: shippedAt,
  }).execute();
}

/** Erin, the second employee, is covered by the company too (a check the DER sent), as Eli is in seed.ts. */
export async function seedEmployeeCoverage(tx: Tx, cast: Cast, now: Date): Promise<void> {
  const start = daysFrom(now, -30);
  const order = await paidOrder(tx, {
    kind: "membership",
    userId: cast.employee2,
    businessId: cast.company,
    by: cast.der,
    at: start,
    lines: [{ name: "APCA annual membership", cost_cents: NEW_MEMBER_CENTS, quantity: 1 }],
  });
  await annualMembership(tx, {
    userId: cast.employee2,
    businessId: cast.company,
    start,
    orderId: order.id,
    by: cast.der,
  });
  // The DER downloaded Erin's letter after paying: Erin's "Who looked at my records" names the company.
  await tx.insertInto("audit_log").values({
    actor_user_id: cast.der,
    action: MEMBER_VIEW_ACTIONS.letterDownload,
    entity: "user",
    entity_id: String(cast.employee2),
    detail: { by: "company", business_id: cast.company },
    created_at: daysFrom(start, 1),
  }).execute();
}

/** Mariners who only appear in the administrators' lists (they cannot sign in: nobody knows the password). */
async function mariner(tx: Tx, passwordHash: string, first: string, last: string, email: string) {
  const id = (await tx.insertInto("users").values({
    email,
    password_hash: passwordHash,
    first_name: first,
    last_name: last,
    phone: "+1 985 555 0130",
    city: "Morgan City",
    state: "LA",
    country: US,
  }).returning("id").executeTakeFirstOrThrow()).id;
  const number = memberNumber(id);
  // Each mariner a number of their own in the 555-01xx range kept for fiction (issue 23: one shared number
  // made every user page list the others as possible duplicates).
  const phone = `+1 985 555 01${50 + (id % 50)}`;
  await tx.updateTable("users").set({ member_number: number, phone }).where("id", "=", id).execute();
  const business = (await tx.insertInto("businesses").values({
    name: `${first} ${last}`,
    is_individual: true,
    country: US,
  }).returning("id").executeTakeFirstOrThrow()).id;
  await tx.insertInto("business_users").values({
    business_id: business,
    user_id: id,
    is_owner: true,
    is_primary: true,
  })
    .execute();
  const meta = {
    member_user_id: id,
    member_first_name: first,
    member_last_name: last,
    member_number: number,
  };
  return { id, business, meta };
}

/** A new independent member who paid two days ago: the office orders the test and sends the letter. */
async function seedRegistration(tx: Tx, passwordHash: string, now: Date) {
  const at = daysFrom(now, -2);
  const taylor = await mariner(tx, passwordHash, "Taylor", "Broussard", "taylor.broussard@example.com");
  const order = await paidOrder(tx, {
    kind: "membership",
    userId: taylor.id,
    businessId: null,
    by: taylor.id,
    at,
    lines: [{ name: "APCA annual membership", cost_cents: NEW_MEMBER_CENTS, quantity: 1 }],
  });
  await annualMembership(tx, {
    userId: taylor.id,
    businessId: null,
    start: at,
    orderId: order.id,
    by: taylor.id,
  });
  const id = await notifyRegistration(tx, {
    type: "REGISTRATION",
    userId: taylor.id,
    businessId: taylor.business,
    businessApprovedAt: at,
    triggerUserId: taylor.id,
    meta: {
      ...taylor.meta,
      kind: "independent",
      business_id: taylor.business,
      business_name: "Taylor Broussard",
    },
    at,
  });
  await tx.updateTable("registration_notifications").set({ paid_at: at, is_annual: true })
    .where("notification_id", "=", id).execute();
}

/** A DER who registered a new company yesterday: the company waits for approval. */
async function seedCompanyRequest(tx: Tx, passwordHash: string, now: Date) {
  const at = daysFrom(now, -1);
  const pat = await mariner(tx, passwordHash, "Pat", "Landry", "pat.landry@bayoumarine.example");
  await tx.updateTable("users").set({ is_der: true }).where("id", "=", pat.id).execute();
  const company = {
    business_name: "Bayou Marine Services LLC",
    business_dba: "Bayou Marine",
    business_address_one: "12 Levee St",
    business_city: "Morgan City",
    business_state: "LA",
    business_country: US,
    business_postal_code: "70380",
    business_phone: "+1 985 555 0190",
    business_email: "office@bayoumarine.example",
    business_tax_id: "72-7654321",
  };
  await notifyRegistration(tx, {
    type: "REGISTRATION",
    userId: pat.id,
    businessId: null,
    businessApprovedAt: null,
    triggerUserId: pat.id,
    meta: { ...pat.meta, kind: "DER", business_id: null, business_name: company.business_name },
    at,
  });
  const request = await notify(tx, {
    type: "NEW_BUSINESS_REQUEST",
    userId: pat.id,
    businessId: null,
    triggerUserId: pat.id,
    meta: { ...pat.meta, business_id: null, business_name: company.business_name },
    at,
  });
  await tx.insertInto("new_business_requests").values({
    ...company,
    notification_id: request,
    user_id: pat.id,
    is_company: true,
    business_is_llc: true,
    created_at: at,
  }).execute();
}

/** Changes: Erin's new phone (applied, reported), the company's new DBA (awaiting approval), a new vessel. */
async function seedChanges(tx: Tx, cast: Cast, now: Date) {
  const company = { business_id: cast.company, business_name: "Gulf Coast Towing LLC" };
  const erin = { member_user_id: cast.employee2, member_first_name: "Erin", member_last_name: "Thibodeaux" };
  const dana = { member_user_id: cast.der, member_first_name: "Dana", member_last_name: "Reyes" };
  await notify(tx, {
    type: "UPDATE_USER",
    userId: cast.employee2,
    businessId: cast.company,
    triggerUserId: cast.employee2,
    meta: {
      ...company,
      ...erin,
      vessel_name: null,
      changes: { phone: "+1 985 555 0188" },
      previous: { phone: "+1 504 555 0100" },
      awaiting_approval: false,
    },
    at: daysFrom(now, -3),
  });
  await tx.updateTable("users").set({ phone: "+1 985 555 0188" }).where("id", "=", cast.employee2).execute();
  await notify(tx, {
    type: "UPDATE_BUSINESS",
    userId: cast.der,
    businessId: cast.company,
    triggerUserId: cast.der,
    meta: {
      ...company,
      ...dana,
      vessel_name: null,
      changes: { dba_name: "Gulf Coast Marine Towing" },
      previous: { dba_name: "Gulf Coast Towing" },
      awaiting_approval: true,
    },
    at: daysFrom(now, -2),
  });
  const vessel = await tx.selectFrom("vessels").select(["id", "name", "official_number", "vessel_type"])
    .where("business_id", "=", cast.company).where("is_active", "=", true).orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  await notify(tx, {
    type: "NEW_VESSEL",
    userId: cast.der,
    businessId: cast.company,
    vesselId: vessel.id,
    triggerUserId: cast.der,
    meta: {
      ...company,
      ...dana,
      vessel_name: vessel.name,
      vessel: { name: vessel.name, official_number: vessel.official_number, vessel_type: vessel.vessel_type },
    },
    at: daysFrom(now, -5),
  });
}

/** Jordan paused for the off-season a week ago; Casey cancelled yesterday. */
async function seedPausedAndCancelled(tx: Tx, passwordHash: string, now: Date) {
  const jordan = await mariner(tx, passwordHash, "Jordan", "Pellerin", "jordan.pellerin@example.com");
  const casey = await mariner(tx, passwordHash, "Casey", "Guidry", "casey.guidry@example.com");
  for (const who of [jordan, casey]) {
    const start = daysFrom(now, -200);
    const order = await paidOrder(tx, {
      kind: "membership",
      userId: who.id,
      businessId: null,
      by: who.id,
      at: start,
      lines: [{ name: "APCA annual membership", cost_cents: NEW_MEMBER_CENTS, quantity: 1 }],
    });
    const membership = await annualMembership(tx, {
      userId: who.id,
      businessId: null,
      start,
      orderId: order.id,
      by: who.id,
    });
    if (who === jordan) {
      const pausedAt = daysFrom(now, -7);
      const reason = "Currently out of season";
      const pause = (await tx.insertInto("membership_pauses").values({
        membership_id: membership,
        paused_at: pausedAt,
        reason,
        paused_by_user_id: who.id,
      }).returning("id").executeTakeFirstOrThrow()).id;
      await notify(tx, {
        type: "MEMBERSHIP_PAUSED",
        userId: who.id,
        membershipId: membership,
        membershipPauseId: pause,
        triggerUserId: who.id,
        meta: { ...who.meta, reason, paused_at: pausedAt.toISOString(), resumed_at: null },
        at: pausedAt,
      });
    } else {
      const cancelledAt = daysFrom(now, -1);
      await tx.updateTable("memberships").set({ cancelled_at: cancelledAt, cancelled_by_user_id: who.id })
        .where("id", "=", membership).execute();
      await notify(tx, {
        type: "MEMBERSHIP_CANCELLED",
        userId: who.id,
        membershipId: membership,
        triggerUserId: who.id,
        meta: { ...who.meta, cancelled_at: cancelledAt.toISOString() },
        at: cancelledAt,
      });
    }
  }
}

/** The administrators' open work: one of every kind their notification center lists. */
export async function seedAdminQueue(tx: Tx, cast: Cast, passwordHash: string, now: Date): Promise<void> {
  await seedRegistration(tx, passwordHash, now);
  await seedCompanyRequest(tx, passwordHash, now);
  await seedChanges(tx, cast, now);
  await seedPausedAndCancelled(tx, passwordHash, now);
}

/** The member's Letter of Compliance, issued as the member's download would (kept in My Downloads). */
export async function seedMemberLetter(database: Database, config: Config, member: number, now: Date) {
  const letterKeys = await loadLetterKeys(database, config.locSigningKey);
  await issueLetter({ database, config, letterKeys, now: () => now }, member, member);
}
