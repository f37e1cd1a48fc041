/**
 * The schema's promises: every constraint that guards the domain rejects bad rows and accepts good ones, the
 * table types in types.ts match the migrated columns exactly, and migrations are applied once and frozen.
 * Runs on PGlite by default and on PostgreSQL with TEST_DATABASE_URL.
 */
import assert from "node:assert/strict";
import { type Insertable, type Kysely, sql } from "kysely";
import { withDatabase } from "../testing/db.ts";
import type { Database } from "./client.ts";
import { migrate, MigrationError, readMigrations } from "./migrate.ts";
import type { DB } from "./types.ts";

const CHECK = "23514", UNIQUE = "23505", FOREIGN_KEY = "23503", NOT_NULL = "23502";

/** Asserts that `run` fails with the given SQLSTATE (both drivers expose it as `code`). */
async function rejects(code: string, run: () => Promise<unknown>, label: string): Promise<void> {
  try {
    await run();
  } catch (error) {
    assert.equal((error as { code?: string }).code, code, `${label}: ${String(error)}`);
    return;
  }
  assert.fail(`${label}: expected SQLSTATE ${code}, but the statement succeeded`);
}

let sequence = 0;
async function addUser(db: Kysely<DB>, values: Partial<Insertable<DB["users"]>> = {}): Promise<number> {
  sequence += 1;
  const row = await db.insertInto("users").values({
    email: `user${sequence}@example.com`,
    password_hash: "x",
    first_name: "Pat",
    last_name: `Mariner${sequence}`,
    ...values,
  } as never).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

async function addBusiness(db: Kysely<DB>, name = "Acme Marine"): Promise<number> {
  const row = await db.insertInto("businesses").values({ name }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

async function addMembership(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db.insertInto("memberships").values({
    user_id: userId,
    type: "annual",
    expire_at: "2027-01-31",
    price_cents: 10500,
  }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** Every column of every table; TypeScript insists it lists exactly the keys of the interfaces in types.ts. */
type ColumnList = { [T in keyof DB]: { [C in keyof DB[T]]-?: true } };
// deno-fmt-ignore
const COLUMNS_FILE: ColumnList = {
  users: {
    id: true, email: true, password_hash: true, first_name: true, middle_name: true, last_name: true,
    phone: true, address_one: true, address_two: true, city: true, state: true, postal_code: true,
    country: true, uscg_cred: true, ssn_last4: true, is_admin: true, is_der: true, member_number: true,
    opt_in: true, scheduled_deletion_at: true, created_at: true, updated_at: true, deleted_at: true,
    scheduled_deletion_business_id: true, deletion_reason: true, merged_into_user_id: true,
  },
  sessions: {
    id: true, user_id: true, created_at: true, expires_at: true, revoked_at: true, ip: true, user_agent: true,
    second_factor_at: true, webauthn_challenge: true, webauthn_challenge_expires_at: true,
  },
  user_second_factors: {
    id: true, user_id: true, kind: true, label: true, totp_secret: true, totp_last_step: true,
    credential_id: true, public_key: true, sign_count: true, transports: true, created_at: true,
    last_used_at: true,
  },
  user_recovery_codes: { id: true, user_id: true, code_hash: true, created_at: true, used_at: true },
  app_secrets: { name: true, value: true, created_at: true },
  password_reset_tokens: {
    id: true, user_id: true, token_hash: true, created_at: true, expires_at: true, used_at: true,
  },
  settings: {
    id: true, annual_new_cents: true, annual_renewal_cents: true, one_time_cents: true,
    compliance_kit_cents: true, pause_warning_days: true, pause_window_days: true, updated_at: true,
    renewal_notice_days: true, roster_confirmation_months: true,
  },
  random_rates: { year: true, rate_percent: true, updated_at: true },
  store_items: {
    id: true, name: true, description: true, cost_cents: true, active: true, sort_order: true,
    created_at: true, updated_at: true, ships: true,
  },
  businesses: {
    id: true, name: true, dba_name: true, business_name: true, email: true, phone: true, tax_id: true,
    address_one: true, address_two: true, city: true, state: true, country: true, postal_code: true,
    po_box: true, is_llc: true, llc_name: true, is_individual: true, is_active: true,
    deactivation_reason: true, is_i3_setup: true, i3_location_code: true, has_compliance_kit: true,
    der_user_id: true, created_at: true, updated_at: true, deleted_at: true, i3_setup_error: true,
    i3_setup_attempted_at: true,
  },
  business_activations: {
    id: true, business_id: true, is_active: true, reason: true, actor_user_id: true, created_at: true,
  },
  business_users: {
    id: true, business_id: true, user_id: true, is_owner: true, is_employee: true, is_primary: true,
    created_at: true, removed_at: true,
  },
  vessels: {
    id: true, business_id: true, name: true, official_number: true, imo_number: true, vessel_type: true,
    hailing_port: true, gross_tonnage: true, length_feet: true, created_at: true, updated_at: true,
    deleted_at: true, is_active: true,
  },
  payment_methods: {
    id: true, user_id: true, business_id: true, provider: true, provider_ref: true, brand: true, last4: true,
    exp_month: true, exp_year: true, is_default: true, created_at: true, deleted_at: true,
  },
  orders: {
    id: true, number: true, kind: true, user_id: true, business_id: true, payment_method_id: true,
    total_cents: true, status: true, payment_type: true, payment_medium: true, manual_charge_date: true,
    processor_charge_id: true, idempotency_key: true, failure_reason: true, created_by_user_id: true,
    created_at: true, updated_at: true, completed_at: true, cancelled_at: true, processor_key: true,
    fulfilment: true, request_hash: true, attempted_at: true, refund_id: true, refunded_at: true,
    cancelled_by_user_id: true, receipt_sent_at: true, shipping_status: true, shipping_carrier: true, shipping_tracking: true,
    shipped_at: true, shipped_by_user_id: true, delivered_at: true, delivered_by_user_id: true,
    import_reference: true, anonymised_at: true,
  },
  order_items: {
    id: true, order_id: true, item_id: true, name: true, cost_cents: true, quantity: true, ships: true,
  },
  memberships: {
    id: true, user_id: true, business_id: true, type: true, is_renewal: true, created_at: true,
    updated_at: true, starts_at: true, expire_at: true, has_expiration: true, pending: true, failed: true,
    failure_reason: true, cancelled_at: true, cancelled: true, cancelled_by_user_id: true, autorenew: true,
    price_cents: true, order_id: true, order_test: true, created_by_user_id: true, is_current: true,
    renewal_notice_sent_at: true,
  },
  membership_pauses: {
    id: true, membership_id: true, paused_at: true, resumed_at: true, reason: true, other_reason: true,
    paused_by_user_id: true, resumed_by_user_id: true,
  },
  drug_tests: {
    id: true, user_id: true, business_id: true, reason: true, status: true, result: true, i3_order_ref: true,
    i3_location_code: true, ordered_at: true, collected_at: true, resulted_at: true, retention_until: true,
    ordered_by_user_id: true, error: true, created_at: true, updated_at: true, membership_id: true,
  },
  drug_test_panels: { drug_test_id: true, detail: true, received_at: true },
  random_pools: {
    id: true, year: true, month: true, period: true, status: true, rate_percent: true, seed: true,
    algorithm: true, covered_count: true, selected_count: true, pdf_status: true, error: true,
    created_by_user_id: true, created_at: true, updated_at: true, built_at: true, ordered_at: true,
    completed_at: true, commitment: true, snapshot_sha256: true, snapshot_at: true, drawn_at: true,
    target_count: true, pdf_ready_count: true, released_at: true, released_by_user_id: true,
  },
  random_candidates: {
    id: true, pool_id: true, user_id: true, business_id: true, draw_position: true, selected: true,
    exempt: true, exempt_reason: true, drug_test_id: true, created_at: true, exempt_at: true,
    exempted_by_user_id: true, substitution_reason: true, substituted_at: true, replaces_candidate_id: true,
    pdf_document_id: true,
  },
  random_snapshots: { pool_id: true, user_ids: true, business_ids: true, created_at: true, business_rule: true },
  notifications: {
    id: true, type: true, meta: true, approved: true, decided_at: true, decided_by_user_id: true,
    archived_at: true, trigger_user_id: true, user_id: true, business_id: true, vessel_id: true,
    order_id: true, membership_id: true, membership_pause_id: true, created_at: true,
  },
  registration_notifications: {
    notification_id: true, notification_type: true, kind: true, user_id: true, business_id: true,
    is_annual: true, business_approved_at: true, paid_at: true, company_training_at: true, drug_test_at: true,
    drug_test_id: true, drug_test_status: true, loc_sent_at: true,
  },
  new_business_requests: {
    id: true, notification_id: true, user_id: true, business_id: true, is_company: true, business_name: true,
    business_dba: true, business_address_one: true, business_address_two: true, business_city: true,
    business_state: true, business_country: true, business_postal_code: true, business_po_box: true,
    business_phone: true, business_email: true, business_tax_id: true, business_is_llc: true,
    business_llc_name: true, possible_duplicate_business_id: true, status: true, resolved_business_id: true,
    processed_at: true, processed_by_user_id: true, created_at: true,
  },
  employee_requests: {
    id: true, notification_id: true, business_id: true, owner_user_id: true, first_name: true,
    middle_name: true, last_name: true, email: true, phone: true, address_one: true, address_two: true,
    city: true, state: true, postal_code: true, country: true, uscg_cred: true, ssn_last4: true,
    possible_exists: true, possible_user_id: true, status: true, user_id: true, processed_at: true,
    processed_by_user_id: true, created_at: true, batch_id: true,
  },
  employee_request_batches: {
    id: true, business_id: true, owner_user_id: true, notification_id: true, upload_key: true, file_name: true,
    request_count: true, created_at: true,
  },
  retention_schedule: {
    kind: true, record: true, record_date: true, citation: true, action: true, minimum_months: true,
    period_months: true, sort_order: true, updated_at: true, updated_by_user_id: true,
  },
  legal_holds: {
    id: true, user_id: true, business_id: true, reason: true, placed_at: true, placed_by_user_id: true,
    lifted_at: true, lifted_by_user_id: true, lift_reason: true,
  },
  roster_confirmations: {
    id: true, business_id: true, period_start: true, due_on: true, der_user_id: true, sent_at: true,
    reminded_at: true, reminder_count: true, confirmed_at: true, confirmed_by_user_id: true,
    confirmed_roster: true,
  },
  consents: {
    id: true, user_id: true, recipient_business_id: true, recipient_email: true, recipient_user_id: true,
    results_from: true, results_to: true, expires_on: true, signature: true, signed_on: true, created_at: true,
    revoked_at: true,
  },
  documents: {
    id: true, kind: true, user_id: true, business_id: true, random_pool_id: true, filename: true,
    content_type: true, bytes: true, byte_size: true, created_by_user_id: true, created_at: true,
    content_key: true,
  },
  exports: {
    id: true, type: true, filters: true, status: true, content: true, row_count: true, error: true,
    created_by_user_id: true, created_at: true, finished_at: true, storage_key: true, rows_written: true,
    rows_total: true, byte_size: true, runs: true, expires_at: true, expired_at: true,
  },
  email_outbox: {
    id: true, to_address: true, subject: true, text_body: true, html_body: true, status: true, attempts: true,
    next_attempt_at: true, sent_at: true, error: true, created_at: true,
  },
  jobs: {
    id: true, queue: true, payload: true, run_at: true, attempts: true, max_attempts: true, locked_at: true,
    locked_by: true, finished_at: true, failed: true, last_error: true, created_at: true, unique_key: true,
  },
  idempotency_keys: {
    user_id: true, key: true, scope: true, request_hash: true, status: true, response_status: true,
    response_body: true, created_at: true, expires_at: true, lease_until: true,
  },
  rate_limits: { bucket: true, key: true, window_start: true, hits: true, expires_at: true },
  stats_hourly: { metric: true, hour: true, n: true },
  stats_daily: { metric: true, day: true, n: true },
  stats_pool_outcomes: { pool_id: true, outcome: true, n: true },
  stats_misconfigured_users: { user_id: true },
  stats_current_memberships: { type: true, expire_on: true, n: true },
  stats_current_paused_or_gone: { membership_id: true, type: true, expire_on: true, paused: true, gone: true },
  stats_live_totals: { list: true, n: true },
  audit_log: {
    id: true, actor_user_id: true, action: true, entity: true, entity_id: true, detail: true, ip: true,
    created_at: true, request_id: true,
  },
  analytics_events: { id: true, name: true, user_id: true, props: true, created_at: true },
  contact_messages: {
    id: true, name: true, email: true, phone: true, message: true, handled_at: true, created_at: true,
  },
  i3_sim_orders: {
    order_ref: true, location_code: true, donor_ref: true, reason: true, outcome: true, panel: true,
    ordered_at: true, collected_at: true, resulted_at: true, client_ref: true,
  },
  email_attachments: {
    id: true, email_id: true, filename: true, content_type: true, bytes: true, created_at: true,
  },
  payment_customers: { user_id: true, provider: true, customer_ref: true, created_at: true },
  sandbox_payment_methods: {
    id: true, customer_ref: true, brand: true, last4: true, exp_month: true, exp_year: true, behaviour: true,
    created_at: true,
  },
  sandbox_setup_intents: {
    id: true, client_secret: true, customer_ref: true, status: true, payment_method_id: true, last_error: true,
    created_at: true, confirmed_at: true,
  },
  sandbox_charges: {
    id: true, idempotency_key: true, payment_method_id: true, customer_ref: true, amount_cents: true,
    currency: true, description: true, status: true, failure_code: true, failure_message: true,
    created_at: true, refunded_cents: true,
  },
  payment_webhook_events: { provider: true, event_id: true, type: true, received_at: true },
  stored_files: {
    key: true, content_type: true, byte_size: true, complete: true, created_at: true, written_at: true,
  },
  stored_file_chunks: { key: true, seq: true, bytes: true },
  import_batches: {
    id: true, kind: true, status: true, file_name: true, file_sha256: true, byte_size: true, storage_key: true,
    encoding: true, separator: true, header: true, mapping: true, date_format: true, phone_format: true,
    rows_total: true, rows_checked: true, rows_done: true, created: true, updated: true, unchanged: true,
    errors: true, warnings: true, runs: true, error: true, created_by_user_id: true, created_at: true,
    checked_at: true, applied_by_user_id: true, apply_started_at: true, applied_at: true,
    rolled_back_by_user_id: true, rolled_back_at: true, claim_sent_by_user_id: true, claim_sent_at: true,
    claim_sent_count: true,
    claim_total: true,
  },
  import_rows: {
    batch_id: true, row_number: true, natural_key: true, raw: true, data: true, outcome: true, reason: true,
    warnings: true, applied_outcome: true, target_id: true, extra: true, before: true, stamp: true,
    claim_sent_at: true,
  },
  import_mappings: {
    kind: true, header_shape: true, columns: true, date_format: true, phone_format: true,
    updated_by_user_id: true, updated_at: true,
  },
  safety_concern_letters: {
    id: true, user_id: true, storage_key: true, filename: true, byte_size: true, uploaded_by_user_id: true,
    created_at: true,
  },
  order_refunds: {
    id: true, order_id: true, amount_cents: true, idempotency_key: true, processor_refund_id: true, reason: true,
    ends_term: true, created_by_user_id: true, created_at: true, receipt_sent_at: true,
  },
  sandbox_refunds: { id: true, charge_id: true, idempotency_key: true, amount_cents: true, created_at: true },
};

async function columnsInDatabase(database: Database): Promise<Record<string, string[]>> {
  const rows = await database.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
     where table_schema = 'public' and table_name <> 'schema_migrations' order by table_name, column_name`,
  );
  const tables: Record<string, string[]> = {};
  for (const r of rows) (tables[r.table_name] ??= []).push(r.column_name);
  return tables;
}

Deno.test("schema", async (t) => {
  await withDatabase(async (database) => {
    const db = database.db;

    await t.step("types.ts lists exactly the tables and columns the migrations create", async () => {
      const expected = Object.fromEntries(
        Object.entries(COLUMNS_FILE).map(([table, cols]) => [table, Object.keys(cols).sort()]),
      );
      const actual = await columnsInDatabase(database);
      assert.deepEqual(Object.keys(actual).sort(), Object.keys(expected).sort());
      for (const table of Object.keys(expected)) assert.deepEqual(actual[table], expected[table], table);
    });

    await t.step("migrating again applies nothing", async () => {
      assert.deepEqual(await migrate(database), []);
    });

    await t.step("a migration changed after it was applied is refused", async () => {
      const files = await readMigrations();
      files[0] = { ...files[0], text: files[0].text + "\n-- edited", checksum: "changed" };
      await assert.rejects(() => migrate(database, files), MigrationError);
    });

    await t.step("an applied migration missing from sql/ is refused", async () => {
      const files = (await readMigrations()).slice(1);
      await assert.rejects(() => migrate(database, files), MigrationError);
    });

    await t.step("settings hold the default prices and pause rule", async () => {
      const s = await db.selectFrom("settings").selectAll().executeTakeFirstOrThrow();
      assert.equal(s.annual_new_cents, 10500);
      assert.equal(s.annual_renewal_cents, 9500);
      assert.equal(s.one_time_cents, 7500);
      assert.equal(s.compliance_kit_cents, 10000);
      assert.equal(s.pause_warning_days, 125);
      assert.equal(s.pause_window_days, 185);
      await rejects(CHECK, () => db.insertInto("settings").values({ id: false }).execute(), "second row");
      await rejects(
        UNIQUE,
        () => database.query("insert into settings default values"),
        "second default row",
      );
      await rejects(
        CHECK,
        () => db.updateTable("settings").set({ annual_new_cents: -1 }).execute(),
        "negative price",
      );
      await rejects(
        CHECK,
        () => db.updateTable("settings").set({ pause_warning_days: 200 }).execute(),
        "warning longer than window",
      );
      assert.equal(await db.selectFrom("store_items").select("id").executeTakeFirst(), undefined);
    });

    await t.step("random rates default to 50 % and stay within (0, 100]", async () => {
      await db.insertInto("random_rates").values({ year: 2026 }).execute();
      const rate = await db.selectFrom("random_rates").selectAll().where("year", "=", 2026)
        .executeTakeFirstOrThrow();
      assert.equal(rate.rate_percent, 50);
      await db.insertInto("random_rates").values({ year: 2027, rate_percent: 25 }).execute();
      await rejects(
        CHECK,
        () => db.insertInto("random_rates").values({ year: 2028, rate_percent: 0 }).execute(),
        "0 %",
      );
      await rejects(
        CHECK,
        () => db.insertInto("random_rates").values({ year: 2029, rate_percent: 101 }).execute(),
        "101 %",
      );
    });

    await t.step("users: e-mail unique in any case, SSN limited to its last 4 digits", async () => {
      const id = await addUser(db, { email: "Sam.Sailor@Example.com", ssn_last4: "1234" });
      const user = await db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      assert.equal(user.is_admin, false);
      assert.equal(user.is_der, false);
      assert.ok(user.created_at instanceof Date);
      await rejects(
        UNIQUE,
        () => addUser(db, { email: "sam.sailor@EXAMPLE.com" }),
        "same e-mail, other case",
      );
      await rejects(CHECK, () => addUser(db, { ssn_last4: "12345" }), "5 SSN digits");
      await rejects(CHECK, () => addUser(db, { ssn_last4: "123" }), "3 SSN digits");
      await rejects(CHECK, () => addUser(db, { ssn_last4: "12a4" }), "SSN letter");
      await rejects(CHECK, () => addUser(db, { email: "not-an-address" }), "e-mail without @");
      await addUser(db, { member_number: "M-1" });
      await rejects(UNIQUE, () => addUser(db, { member_number: "M-1" }), "duplicate member number");
      await rejects(NOT_NULL, () => addUser(db, { first_name: null as never }), "missing first name");
    });

    await t.step("updated_at follows updates", async () => {
      const id = await addUser(db);
      const before = await db.selectFrom("users").select("updated_at").where("id", "=", id)
        .executeTakeFirstOrThrow();
      await database.query("select pg_sleep(0.01)");
      await db.updateTable("users").set({ city: "Mobile" }).where("id", "=", id).execute();
      const after = await db.selectFrom("users").select("updated_at").where("id", "=", id)
        .executeTakeFirstOrThrow();
      assert.ok(after.updated_at > before.updated_at);
    });

    await t.step("sessions get a uuid and disappear with their user", async () => {
      const userId = await addUser(db);
      const session = await db.insertInto("sessions").values({
        user_id: userId,
        expires_at: new Date(Date.now() + 86_400_000),
      }).returning("id").executeTakeFirstOrThrow();
      assert.match(session.id, /^[0-9a-f-]{36}$/);
      await rejects(
        FOREIGN_KEY,
        () =>
          db.insertInto("sessions").values({ user_id: 999_999, expires_at: new Date(Date.now() + 60_000) })
            .execute(),
        "session of a missing user",
      );
      await db.deleteFrom("users").where("id", "=", userId).execute();
      assert.equal(
        await db.selectFrom("sessions").select("id").where("id", "=", session.id).executeTakeFirst(),
        undefined,
      );
    });

    await t.step("password reset tokens are single hashes", async () => {
      const userId = await addUser(db);
      const values = { user_id: userId, token_hash: "h1", expires_at: new Date(Date.now() + 3_600_000) };
      await db.insertInto("password_reset_tokens").values(values).execute();
      await rejects(
        UNIQUE,
        () => db.insertInto("password_reset_tokens").values(values).execute(),
        "same hash",
      );
    });

    await t.step("store items and order lines: no negative cost, no empty quantity", async () => {
      await rejects(
        CHECK,
        () => db.insertInto("store_items").values({ name: "Swab", cost_cents: -1 }).execute(),
        "negative cost",
      );
      const item = await db.insertInto("store_items").values({ name: "Alarm swab", cost_cents: 700 })
        .returning("id").executeTakeFirstOrThrow();
      const userId = await addUser(db);
      const order = await db.insertInto("orders").values({ user_id: userId, total_cents: 1400 })
        .returning(["id", "number", "status"]).executeTakeFirstOrThrow();
      assert.match(order.number, /^APCA-\d+$/);
      assert.equal(order.status, "pending");
      const line = { order_id: order.id, item_id: item.id, name: "Alarm swab", cost_cents: 700 };
      await db.insertInto("order_items").values({ ...line, quantity: 2 }).execute();
      await rejects(
        CHECK,
        () => db.insertInto("order_items").values({ ...line, quantity: 0 }).execute(),
        "quantity 0",
      );
      await rejects(
        CHECK,
        () => db.insertInto("order_items").values({ ...line, quantity: 1, cost_cents: -5 }).execute(),
        "negative line cost",
      );
      // Deleting the catalogue item keeps the line's snapshot.
      await db.deleteFrom("store_items").where("id", "=", item.id).execute();
      const kept = await db.selectFrom("order_items").selectAll().where("order_id", "=", order.id)
        .executeTakeFirstOrThrow();
      assert.equal(kept.item_id, null);
      assert.equal(kept.name, "Alarm swab");
    });

    await t.step(
      "orders: manual payments name medium and date; completed and cancelled exclude",
      async () => {
        const userId = await addUser(db);
        await db.insertInto("orders").values({
          user_id: userId,
          total_cents: 10000,
          kind: "compliance_kit",
          payment_type: "manual",
          payment_medium: "Check Received",
          manual_charge_date: "2026-11-20",
          status: "completed",
          completed_at: new Date(),
        }).execute();
        const manual = await db.selectFrom("orders").select(sql<string>`manual_charge_date::text`.as("day"))
          .where("user_id", "=", userId).executeTakeFirstOrThrow();
        assert.equal(manual.day, "2026-11-20");
        await rejects(
          CHECK,
          () =>
            db.insertInto("orders").values({
              user_id: userId,
              total_cents: 1,
              payment_type: "manual",
              payment_medium: "Cash Received",
            }).execute(),
          "manual without date",
        );
        await rejects(
          CHECK,
          () =>
            db.insertInto("orders").values({
              user_id: userId,
              total_cents: 1,
              payment_medium: "Wire" as never,
            }).execute(),
          "unknown medium",
        );
        await rejects(
          CHECK,
          () => db.insertInto("orders").values({ user_id: userId, total_cents: -1 }).execute(),
          "negative total",
        );
        await rejects(
          CHECK,
          () =>
            db.insertInto("orders").values({ user_id: userId, total_cents: 1, status: "completed" })
              .execute(),
          "completed without time",
        );
        await rejects(
          CHECK,
          () =>
            db.insertInto("orders").values({
              user_id: userId,
              total_cents: 1,
              completed_at: new Date(),
              cancelled_at: new Date(),
            }).execute(),
          "completed and cancelled",
        );
        await rejects(CHECK, () => db.insertInto("orders").values({ total_cents: 1 }).execute(), "no owner");
        const keyed = { user_id: userId, total_cents: 1, idempotency_key: "k-1" };
        await db.insertInto("orders").values(keyed).execute();
        await rejects(UNIQUE, () => db.insertInto("orders").values(keyed).execute(), "same idempotency key");
      },
    );

    await t.step("payment methods: one owner, one default card per owner", async () => {
      const userId = await addUser(db);
      const businessId = await addBusiness(db);
      const card = (ref: string, extra: Partial<Insertable<DB["payment_methods"]>> = {}) =>
        db.insertInto("payment_methods").values({
          user_id: userId,
          provider: "sandbox",
          provider_ref: ref,
          last4: "4242",
          exp_month: 12,
          exp_year: 2030,
          ...extra,
        } as never).execute();
      await card("pm_1", { is_default: true });
      await card("pm_2");
      await rejects(UNIQUE, () => card("pm_3", { is_default: true }), "second default card of a user");
      // The business has its own default; a deleted default frees the slot.
      await card("pm_4", { user_id: null, business_id: businessId, is_default: true });
      await db.updateTable("payment_methods").set({ deleted_at: new Date() }).where(
        "provider_ref",
        "=",
        "pm_1",
      )
        .execute();
      await card("pm_5", { is_default: true });
      await rejects(CHECK, () => card("pm_6", { business_id: businessId }), "two owners");
      await rejects(CHECK, () => card("pm_7", { user_id: null }), "no owner");
      await rejects(CHECK, () => card("pm_8", { last4: "42" }), "short last4");
      await rejects(CHECK, () => card("pm_9", { exp_month: 13 }), "month 13");
      await rejects(UNIQUE, () => card("pm_2"), "same processor reference");
    });

    await t.step("memberships: types, expiry rule, flags that exclude each other", async () => {
      const userId = await addUser(db);
      const id = await addMembership(db, userId);
      const m = await db.selectFrom("memberships").select([
        "cancelled",
        sql<string>`expire_at::text`.as("day"),
      ])
        .where("id", "=", id).executeTakeFirstOrThrow();
      assert.equal(m.day, "2027-01-31");
      assert.equal(m.cancelled, false);
      await db.updateTable("memberships").set({ cancelled_at: new Date() }).where("id", "=", id).execute();
      const c = await db.selectFrom("memberships").select("cancelled").where("id", "=", id)
        .executeTakeFirstOrThrow();
      assert.equal(c.cancelled, true);
      const base = { user_id: userId, type: "one_time" as const, price_cents: 7500, expire_at: "2027-01-31" };
      await db.insertInto("memberships").values({ ...base, has_expiration: false, expire_at: null })
        .execute();
      await rejects(
        CHECK,
        () => db.insertInto("memberships").values({ ...base, expire_at: null }).execute(),
        "has_expiration without a date",
      );
      await rejects(
        CHECK,
        () => db.insertInto("memberships").values({ ...base, type: "monthly" as never }).execute(),
        "unknown type",
      );
      await rejects(
        CHECK,
        () => db.insertInto("memberships").values({ ...base, pending: true, failed: true }).execute(),
        "pending and failed",
      );
      await rejects(
        CHECK,
        () => db.insertInto("memberships").values({ ...base, autorenew: true }).execute(),
        "one-time that renews",
      );
      await rejects(
        CHECK,
        () => db.insertInto("memberships").values({ ...base, price_cents: -1 }).execute(),
        "negative price",
      );
      await db.insertInto("memberships").values({ ...base, pending: true }).execute();
      await rejects(
        UNIQUE,
        () => db.insertInto("memberships").values({ ...base, pending: true }).execute(),
        "second pending membership",
      );
    });

    await t.step("membership pauses: one open pause at a time; Other needs its text", async () => {
      const membershipId = await addMembership(db, await addUser(db));
      const pause = (extra: Partial<Insertable<DB["membership_pauses"]>> = {}) =>
        db.insertInto("membership_pauses").values({
          membership_id: membershipId,
          reason: "Currently out of season",
          // A minute ago, not the database's now(): a resumption at JavaScript's new Date() (milliseconds) could
          // otherwise fall before a paused_at in microseconds, and break the check at random.
          paused_at: new Date(Date.now() - 60_000),
          ...extra,
        }).returning("id").executeTakeFirstOrThrow();
      const first = await pause();
      await rejects(UNIQUE, () => pause(), "second open pause");
      await db.updateTable("membership_pauses").set({ resumed_at: new Date() }).where("id", "=", first.id)
        .execute();
      await pause({ reason: "Other", other_reason: "Dry dock" });
      await db.updateTable("membership_pauses").set({ resumed_at: new Date() })
        .where("membership_id", "=", membershipId).where("resumed_at", "is", null).execute();
      await rejects(CHECK, () => pause({ reason: "Other" }), "Other without text");
      await rejects(
        CHECK,
        () => pause({ paused_at: new Date("2026-06-01"), resumed_at: new Date("2026-05-01") }),
        "resumed before paused",
      );
    });

    await t.step("businesses: LLC name, deactivation reason, i3 code; one active link per user", async () => {
      const businessId = await addBusiness(db, "Gulf Tugs");
      const b = await db.selectFrom("businesses").selectAll().where("id", "=", businessId)
        .executeTakeFirstOrThrow();
      assert.equal(b.is_active, true);
      assert.equal(b.is_individual, false);
      await rejects(
        CHECK,
        () => db.insertInto("businesses").values({ name: "Solo", is_llc: true }).execute(),
        "LLC without a name",
      );
      await rejects(
        CHECK,
        () => db.insertInto("businesses").values({ name: "X", deactivation_reason: "Unpaid" }).execute(),
        "reason on an active business",
      );
      await db.insertInto("businesses").values({ name: "Y", is_active: false, deactivation_reason: "Sold" })
        .execute();
      await rejects(
        CHECK,
        () => db.insertInto("businesses").values({ name: "Z", is_i3_setup: true }).execute(),
        "i3 setup without a code",
      );
      await rejects(CHECK, () => db.insertInto("businesses").values({ name: "  " }).execute(), "blank name");

      const userId = await addUser(db);
      await db.insertInto("business_users").values({
        business_id: businessId,
        user_id: userId,
        is_owner: true,
      })
        .execute();
      await rejects(
        UNIQUE,
        () => db.insertInto("business_users").values({ business_id: businessId, user_id: userId }).execute(),
        "same user twice",
      );
      await db.updateTable("business_users").set({ removed_at: new Date() }).where("user_id", "=", userId)
        .execute();
      await db.insertInto("business_users").values({
        business_id: businessId,
        user_id: userId,
        is_primary: true,
      })
        .execute();
      const other = await addBusiness(db, "Other Co");
      await rejects(
        UNIQUE,
        () =>
          db.insertInto("business_users").values({ business_id: other, user_id: userId, is_primary: true })
            .execute(),
        "two primary businesses",
      );
      await rejects(
        CHECK,
        () =>
          db.insertInto("business_users").values({
            business_id: other,
            user_id: userId,
            is_owner: false,
            is_employee: false,
          }).execute(),
        "neither owner nor employee",
      );
      await db.insertInto("vessels").values({
        business_id: businessId,
        name: "Miss Kay",
        official_number: "123",
      })
        .execute();
      await rejects(
        UNIQUE,
        () =>
          db.insertInto("vessels").values({ business_id: businessId, name: "Dup", official_number: "123" })
            .execute(),
        "same official number in one business",
      );
    });

    await t.step("notifications: known types only, meta is an object, registration typed", async () => {
      const userId = await addUser(db);
      const n = await db.insertInto("notifications").values({
        type: "UPDATE_USER",
        trigger_user_id: userId,
        meta: { member_user_id: userId, member_first_name: "Pat" },
      }).returning(["id", "meta", "approved"]).executeTakeFirstOrThrow();
      assert.deepEqual(n.meta, { member_user_id: userId, member_first_name: "Pat" });
      assert.equal(n.approved, null);
      await rejects(
        CHECK,
        () => db.insertInto("notifications").values({ type: "SOMETHING_ELSE" as never }).execute(),
        "unknown type",
      );
      await rejects(
        CHECK,
        () => db.insertInto("notifications").values({ type: "UPDATE_USER", meta: [1] as never }).execute(),
        "meta array",
      );
      await rejects(
        CHECK,
        () => db.insertInto("notifications").values({ type: "UPDATE_USER", approved: true }).execute(),
        "approved without a decision time",
      );
      await rejects(
        CHECK,
        () => db.insertInto("notifications").values({ type: "MEMBERSHIP_PAUSED" }).execute(),
        "paused notification without its pause",
      );
      await rejects(
        FOREIGN_KEY,
        () =>
          db.insertInto("registration_notifications").values({
            notification_id: n.id,
            kind: "independent",
            user_id: userId,
          }).execute(),
        "registration row on a non-registration notification",
      );
      const reg = await db.insertInto("notifications").values({ type: "REGISTRATION", user_id: userId })
        .returning("id").executeTakeFirstOrThrow();
      await rejects(
        CHECK,
        () =>
          db.insertInto("registration_notifications").values({
            notification_id: reg.id,
            kind: "independent",
            user_id: userId,
            company_training_at: new Date(),
          }).execute(),
        "company training outside a DER registration",
      );
      await db.insertInto("registration_notifications").values({
        notification_id: reg.id,
        kind: "DER",
        user_id: userId,
        company_training_at: new Date(),
        drug_test_status: "negative_dilute",
      }).execute();
      await db.deleteFrom("notifications").where("id", "=", reg.id).execute();
      assert.equal(
        await db.selectFrom("registration_notifications").select("user_id").executeTakeFirst(),
        undefined,
      );
    });

    await t.step("requests: pending until processed, SSN digits only", async () => {
      const userId = await addUser(db);
      const businessId = await addBusiness(db, "Pending Co");
      const request = {
        user_id: userId,
        business_id: businessId,
        is_company: true,
        business_name: "Pending Co",
      };
      await db.insertInto("new_business_requests").values(request).execute();
      await rejects(
        UNIQUE,
        () => db.insertInto("new_business_requests").values(request).execute(),
        "two pending requests for one business",
      );
      await rejects(
        CHECK,
        () =>
          db.insertInto("new_business_requests").values({ ...request, business_id: null, status: "approved" })
            .execute(),
        "approved without a time",
      );
      const employee = { business_id: businessId, first_name: "Lee", last_name: "Deck" };
      await db.insertInto("employee_requests").values({ ...employee, possible_exists: true }).execute();
      await rejects(
        CHECK,
        () => db.insertInto("employee_requests").values({ ...employee, ssn_last4: "123456789" }).execute(),
        "full SSN on a request",
      );
      await rejects(
        CHECK,
        () => db.insertInto("employee_requests").values({ ...employee, status: "maybe" as never }).execute(),
        "unknown status",
      );
    });

    await t.step("drug tests: reasons, results and times agree", async () => {
      const userId = await addUser(db);
      const test = (extra: Partial<Insertable<DB["drug_tests"]>> = {}) =>
        db.insertInto("drug_tests").values({ user_id: userId, reason: "random", ...extra }).returning("id")
          .executeTakeFirstOrThrow();
      const t1 = await test({
        status: "resulted",
        result: "negative",
        ordered_at: new Date(),
        resulted_at: new Date(),
        i3_order_ref: "I3-1",
        retention_until: "2027-11-21",
      });
      await db.insertInto("drug_test_panels").values({
        drug_test_id: t1.id,
        detail: { marijuana: "negative" },
      })
        .execute();
      const panel = await db.selectFrom("drug_test_panels").select("detail").executeTakeFirstOrThrow();
      assert.deepEqual(panel.detail, { marijuana: "negative" });
      await rejects(UNIQUE, () => test({ i3_order_ref: "I3-1" }), "same i3 order");
      await rejects(CHECK, () => test({ reason: "curiosity" as never }), "unknown reason");
      await rejects(CHECK, () => test({ result: "positive" }), "result without a time");
      await rejects(
        CHECK,
        () => test({ result: "maybe" as never, resulted_at: new Date() }),
        "unknown result",
      );
      await rejects(CHECK, () => test({ status: "resulted" }), "resulted without a result");
      await rejects(CHECK, () => test({ status: "ordered" }), "ordered without a time");
      await rejects(
        FOREIGN_KEY,
        () => db.deleteFrom("users").where("id", "=", userId).execute(),
        "hard-deleting a tested user",
      );
    });

    await t.step("random pools and candidates", async () => {
      const pool = await db.insertInto("random_pools").values({ year: 2026, month: 11, rate_percent: 50 })
        .returning(["id", "status"]).executeTakeFirstOrThrow();
      assert.equal(pool.status, "draft");
      await rejects(
        UNIQUE,
        () => db.insertInto("random_pools").values({ year: 2026, month: 11, rate_percent: 50 }).execute(),
        "same month twice",
      );
      await rejects(
        CHECK,
        () => db.insertInto("random_pools").values({ year: 2026, month: 13, rate_percent: 50 }).execute(),
        "month 13",
      );
      await rejects(
        CHECK,
        () =>
          db.insertInto("random_pools").values({
            year: 2026,
            month: 10,
            rate_percent: 50,
            status: "done" as never,
          })
            .execute(),
        "unknown status",
      );
      await rejects(
        CHECK,
        () =>
          db.insertInto("random_pools").values({
            year: 2026,
            month: 9,
            rate_percent: 50,
            covered_count: 2,
            selected_count: 3,
          }).execute(),
        "more selected than covered",
      );
      const userId = await addUser(db);
      await db.insertInto("random_candidates").values({ pool_id: pool.id, user_id: userId, selected: true })
        .execute();
      await rejects(
        UNIQUE,
        () => db.insertInto("random_candidates").values({ pool_id: pool.id, user_id: userId }).execute(),
        "same user twice in a pool",
      );
      const other = await addUser(db);
      await rejects(
        CHECK,
        () =>
          db.insertInto("random_candidates").values({
            pool_id: pool.id,
            user_id: other,
            exempt: true,
            exempt_reason: "Tested last month",
          }).execute(),
        "exempt but not selected",
      );
    });

    await t.step("documents, exports, outbox, jobs, idempotency keys", async () => {
      const userId = await addUser(db);
      const bytes = new TextEncoder().encode("%PDF-1.7");
      const doc = await db.insertInto("documents").values({
        kind: "letter_of_compliance",
        user_id: userId,
        filename: "letter-compliance.pdf",
        content_type: "application/pdf",
        bytes,
      }).returning(["id", "byte_size"]).executeTakeFirstOrThrow();
      assert.equal(doc.byte_size, bytes.length);
      const stored = await db.selectFrom("documents").select("bytes").where("id", "=", doc.id)
        .executeTakeFirstOrThrow();
      assert.deepEqual(new Uint8Array(stored.bytes), bytes);
      await rejects(
        CHECK,
        () =>
          db.insertInto("documents").values({
            kind: "roster",
            filename: "roster.pdf",
            content_type: "application/pdf",
            bytes,
          }).execute(),
        "document without an owner",
      );
      await rejects(
        CHECK,
        () =>
          db.insertInto("documents").values({
            kind: "passport" as never,
            user_id: userId,
            filename: "p.pdf",
            content_type: "application/pdf",
            bytes,
          }).execute(),
        "unknown kind",
      );

      const exp = await db.insertInto("exports").values({ type: "i3_tests", filters: { reason: "random" } })
        .returning(["status", "filters"]).executeTakeFirstOrThrow();
      assert.equal(exp.status, "BUILDING");
      assert.deepEqual(exp.filters, { reason: "random" });
      await rejects(
        CHECK,
        () =>
          db.insertInto("exports").values({ type: "users", status: "BUILT", finished_at: new Date() })
            .execute(),
        "built without content",
      );
      await rejects(
        CHECK,
        () => db.insertInto("exports").values({ type: "vessels" as never }).execute(),
        "unknown export type",
      );

      await db.insertInto("email_outbox").values({ to_address: "a@b.c", subject: "Hi", text_body: "Hello" })
        .execute();
      await rejects(
        CHECK,
        () =>
          db.insertInto("email_outbox").values({
            to_address: "a@b.c",
            subject: "s",
            text_body: "t",
            status: "sent",
          })
            .execute(),
        "sent without a time",
      );

      await db.insertInto("jobs").values({ queue: "mail", payload: { id: 1 } }).execute();
      const claimed = await db.selectFrom("jobs").select("id").where("queue", "=", "mail")
        .where("finished_at", "is", null).orderBy("run_at").limit(1).forUpdate().skipLocked().execute();
      assert.equal(claimed.length, 1);
      await rejects(
        CHECK,
        () => db.insertInto("jobs").values({ queue: "mail", attempts: 6, max_attempts: 5 }).execute(),
        "attempts beyond the maximum",
      );

      const key = {
        user_id: userId,
        key: "abc",
        scope: "POST /api/orders",
        request_hash: "h",
        expires_at: new Date(Date.now() + 86_400_000),
        lease_until: new Date(Date.now() + 30_000),
      };
      await db.insertInto("idempotency_keys").values(key).execute();
      await rejects(UNIQUE, () => db.insertInto("idempotency_keys").values(key).execute(), "same key twice");
      await rejects(
        CHECK,
        () => db.insertInto("idempotency_keys").values({ ...key, key: "def", status: "done" }).execute(),
        "done without a response",
      );
      await db.insertInto("idempotency_keys").values({
        ...key,
        key: "ghi",
        status: "done",
        lease_until: null,
        response_status: 201,
        response_body: { ok: true },
      }).execute();

      await db.insertInto("audit_log").values({ action: "login", entity: "user", entity_id: String(userId) })
        .execute();
      await db.insertInto("analytics_events").values({ name: "registration_finished", user_id: userId })
        .execute();
      await db.insertInto("contact_messages").values({ name: "Al", email: "al@x.io", message: "Hello" })
        .execute();
      await rejects(
        CHECK,
        () =>
          db.insertInto("contact_messages").values({ name: "Al", email: "al@x.io", message: " " }).execute(),
        "empty message",
      );
    });
  });
});
