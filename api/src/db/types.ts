/**
 * Kysely table types, written by hand to mirror sql/ column for column. A new migration that changes a table
 * changes its interface here in the same commit. Conventions: timestamptz selects as Date and accepts a Date
 * or an ISO string; date columns are 'YYYY-MM-DD' strings; money is integer cents; jsonb is a plain value
 * (pass objects, never pre-stringified JSON); bytea is a Uint8Array.
 */
import type { ColumnType, Generated, Kysely, Transaction } from "kysely";
import type { DateString } from "../lib/dates.ts";

/** timestamptz not null without a default: required on insert. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** timestamptz not null default now(): optional on insert. */
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** Computed by PostgreSQL (generated always ... stored): readable, never written. */
type Computed<T> = ColumnType<T, never, never>;

/** A date column: 'YYYY-MM-DD' (defined with the date rules, lib/dates.ts). */
export type { DateString };
export type JsonObject = Record<string, unknown>;

/** A query's handle: the database or an open transaction. Declared here once and imported (decision 0083). */
export type Db = Kysely<DB> | Transaction<DB>;

export type DrugTestReason =
  | "pre_employment"
  | "random"
  | "post_accident"
  | "reasonable_suspicion"
  | "return_to_duty"
  | "follow_up"
  | "periodic";
export type DrugTestStatus = "pending" | "ordered" | "collected" | "resulted" | "cancelled" | "failed";
export type DrugTestResult = "negative" | "negative_dilute" | "positive" | "refusal" | "cancelled";
export type MembershipType = "annual" | "one_time";
export type PaymentMedium = "Credit Card Charged" | "Check Received" | "Cash Received";
export type OrderKind = "store" | "membership" | "compliance_kit";
export type OrderStatus = "pending" | "completed" | "failed" | "cancelled";
export type NotificationType =
  | "REGISTRATION"
  | "UPDATE_USER"
  | "NEW_VESSEL"
  | "UPDATE_VESSEL"
  | "UPDATE_BUSINESS"
  | "NEW_ORDER"
  | "MEMBERSHIP_PAUSED"
  | "MEMBERSHIP_CANCELLED"
  | "NEW_EMPLOYEE_REQUEST"
  | "NEW_BUSINESS_REQUEST"
  | "EMPLOYEE_REQUEST_BATCH";
export type RegistrationKind = "DER" | "independent" | "company_employee";
export type RandomPoolStatus =
  | "draft"
  | "building"
  | "preordering"
  | "preordered"
  | "ordering"
  | "built"
  | "complete";
export type DocumentKind =
  | "letter_of_compliance"
  | "safety_concern_letter"
  | "roster"
  | "compliance_kit"
  | "random_pool"
  | "other";
export type ExportType = "users" | "transactions" | "i3_tests" | "expired_memberships" | "mis";
export type ExportStatus = "BUILDING" | "BUILT" | "FAILED";

// 0001_users_and_sessions.sql

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  phone: string | null;
  address_one: string | null;
  address_two: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
  uscg_cred: string | null;
  /** Exactly four digits or null (CHECK). */
  ssn_last4: string | null;
  is_admin: Generated<boolean>;
  is_der: Generated<boolean>;
  member_number: string | null;
  opt_in: Generated<boolean>;
  scheduled_deletion_at: NullableTimestamp;
  /** The company whose cancellation scheduled the deletion (sql/0014). */
  scheduled_deletion_business_id: number | null;
  deletion_reason: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  deleted_at: NullableTimestamp;
  /** sql/0042: the account this one was merged into (a closed account only, decision 0080). */
  merged_into_user_id: number | null;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: number;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  ip: string | null;
  user_agent: string | null;
  /** 0029: when the session's second factor was last verified (sign-in or step-up). */
  second_factor_at: NullableTimestamp;
  webauthn_challenge: string | null;
  webauthn_challenge_expires_at: NullableTimestamp;
}

// 0029_second_factor.sql

export interface UserSecondFactorsTable {
  id: Generated<number>;
  user_id: number;
  kind: "totp" | "passkey";
  label: string;
  totp_secret: string | null;
  totp_last_step: number | null;
  credential_id: string | null;
  public_key: string | null;
  /** bigint: a string from postgres.js, a number from PGlite; read it with Number(). */
  sign_count: ColumnType<string | number, number | undefined, number>;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  created_at: DefaultTimestamp;
  last_used_at: NullableTimestamp;
}

export interface UserRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: DefaultTimestamp;
  used_at: NullableTimestamp;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: DefaultTimestamp;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

// 0002_settings_and_store.sql

/** A single row whose id is always true. */
export interface SettingsTable {
  id: Generated<boolean>;
  annual_new_cents: Generated<number>;
  annual_renewal_cents: Generated<number>;
  one_time_cents: Generated<number>;
  compliance_kit_cents: Generated<number>;
  pause_warning_days: Generated<number>;
  pause_window_days: Generated<number>;
  updated_at: DefaultTimestamp;
  /** sql/0036: days before an automatic renewal its notice is mailed (15 to 45). */
  renewal_notice_days: Generated<number>;
  /** sql/0049: months between roster confirmations (1, 3, 6 or 12; decision 0087). */
  roster_confirmation_months: Generated<number>;
}

export interface RandomRatesTable {
  year: number;
  rate_percent: Generated<number>;
  updated_at: DefaultTimestamp;
}

export interface StoreItemsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  cost_cents: number;
  active: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  /** sql/0033: a physical item the office sends out (custody forms, swabs). */
  ships: Generated<boolean>;
}

// 0003_businesses.sql

export interface BusinessesTable {
  id: Generated<number>;
  name: string;
  dba_name: string | null;
  business_name: string | null;
  email: string | null;
  phone: string | null;
  tax_id: string | null;
  address_one: string | null;
  address_two: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  postal_code: string | null;
  po_box: string | null;
  is_llc: Generated<boolean>;
  llc_name: string | null;
  is_individual: Generated<boolean>;
  is_active: Generated<boolean>;
  /** Only while inactive (CHECK). */
  deactivation_reason: string | null;
  is_i3_setup: Generated<boolean>;
  i3_location_code: string | null;
  has_compliance_kit: Generated<boolean>;
  der_user_id: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  deleted_at: NullableTimestamp;
  /** What the last failed i3 set-up said; null once set up (sql/0014). */
  i3_setup_error: string | null;
  i3_setup_attempted_at: NullableTimestamp;
}

export interface BusinessActivationsTable {
  id: Generated<number>;
  business_id: number;
  is_active: boolean;
  reason: string | null;
  actor_user_id: number | null;
  created_at: DefaultTimestamp;
}

export interface BusinessUsersTable {
  id: Generated<number>;
  business_id: number;
  user_id: number;
  is_owner: Generated<boolean>;
  /** Defaults to true; a row must be an owner or an employee (CHECK). */
  is_employee: Generated<boolean>;
  is_primary: Generated<boolean>;
  created_at: DefaultTimestamp;
  removed_at: NullableTimestamp;
}

export interface VesselsTable {
  id: Generated<number>;
  business_id: number;
  name: string;
  official_number: string | null;
  imo_number: string | null;
  vessel_type: string | null;
  hailing_port: string | null;
  gross_tonnage: number | null;
  length_feet: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  deleted_at: NullableTimestamp;
  /** 0013: false once the vessel is out of service (kept, not deleted). */
  is_active: Generated<boolean>;
}

// 0004_memberships.sql

/** Owned by exactly one of user_id and business_id (CHECK). */
export interface PaymentMethodsTable {
  id: Generated<number>;
  user_id: number | null;
  business_id: number | null;
  provider: "sandbox" | "stripe";
  provider_ref: string;
  brand: string | null;
  last4: string;
  exp_month: number | null;
  exp_year: number | null;
  is_default: Generated<boolean>;
  created_at: DefaultTimestamp;
  deleted_at: NullableTimestamp;
}

export interface OrdersTable {
  id: Generated<number>;
  /** Defaults to 'APCA-' and a sequence number. */
  number: Generated<string>;
  kind: Generated<OrderKind>;
  user_id: number | null;
  business_id: number | null;
  payment_method_id: number | null;
  total_cents: number;
  status: Generated<OrderStatus>;
  payment_type: Generated<"card" | "manual">;
  payment_medium: PaymentMedium | null;
  manual_charge_date: DateString | null;
  processor_charge_id: string | null;
  idempotency_key: string | null;
  failure_reason: string | null;
  created_by_user_id: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  completed_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  /** The key the processor is charged with (card orders); unique. */
  processor_key: string | null;
  /** What the order buys, for settling it later: { kind, plan } (orders/pay.ts). */
  fulfilment: JsonObject | null;
  /** SHA-256 of the client's request behind idempotency_key. */
  request_hash: string | null;
  /** When the processor was last asked to charge this order. */
  attempted_at: NullableTimestamp;
  /** sql/0020: the processor's refund of a cancelled card order, and who cancelled it. */
  refund_id: string | null;
  refunded_at: NullableTimestamp;
  cancelled_by_user_id: number | null;
  /** sql/0035: when the order's e-mail receipt was handed to the outbox (claimed once, orders/receipt.ts). */
  receipt_sent_at: NullableTimestamp;
  /** sql/0033: fulfilment of a paid order with a line that ships; null (with such a line) is "to ship". */
  shipping_status: "shipped" | "delivered" | null;
  shipping_carrier: string | null;
  shipping_tracking: string | null;
  shipped_at: NullableTimestamp;
  shipped_by_user_id: number | null;
  delivered_at: NullableTimestamp;
  delivered_by_user_id: number | null;
  /** sql/0052: the old system's order reference of an order made by an import (decision 0084); unique. */
  import_reference: string | null;
  /** sql/0054: when the retention job took the person off the order (decision 0091). */
  anonymised_at: NullableTimestamp;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  item_id: number | null;
  name: string;
  cost_cents: number;
  quantity: number;
  /** sql/0033: copied from the store item when the line is written (a trigger). */
  ships: Generated<boolean>;
}

export interface MembershipsTable {
  id: Generated<number>;
  user_id: number;
  business_id: number | null;
  type: MembershipType;
  is_renewal: Generated<boolean>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  starts_at: DefaultTimestamp;
  /** Required exactly when has_expiration (CHECK). */
  expire_at: DateString | null;
  has_expiration: Generated<boolean>;
  pending: Generated<boolean>;
  failed: Generated<boolean>;
  failure_reason: string | null;
  cancelled_at: NullableTimestamp;
  /** cancelled_at is not null. */
  cancelled: Computed<boolean>;
  cancelled_by_user_id: number | null;
  autorenew: Generated<boolean>;
  price_cents: number;
  order_id: number | null;
  order_test: boolean | null;
  created_by_user_id: number | null;
  /** The member's latest membership (highest id), kept by a trigger (sql/0021). */
  is_current: Generated<boolean>;
  /** sql/0036: when the notice of this term's automatic renewal was sent (memberships/renewal-notice.ts). */
  renewal_notice_sent_at: NullableTimestamp;
}

export interface MembershipPausesTable {
  id: Generated<number>;
  membership_id: number;
  paused_at: DefaultTimestamp;
  resumed_at: NullableTimestamp;
  reason: string;
  other_reason: string | null;
  paused_by_user_id: number | null;
  resumed_by_user_id: number | null;
}

// 0005_drug_tests_and_randoms.sql

export interface DrugTestsTable {
  id: Generated<number>;
  /** Null once the retention job anonymised the result (sql/0054): MIS data with no person. */
  user_id: number | null;
  business_id: number | null;
  reason: DrugTestReason;
  status: Generated<DrugTestStatus>;
  result: DrugTestResult | null;
  i3_order_ref: string | null;
  i3_location_code: string | null;
  ordered_at: NullableTimestamp;
  collected_at: NullableTimestamp;
  resulted_at: NullableTimestamp;
  retention_until: DateString | null;
  ordered_by_user_id: number | null;
  error: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  /** The membership whose drug testing rule ordered it (sql/0014). */
  membership_id: number | null;
}

export interface DrugTestPanelsTable {
  drug_test_id: number;
  detail: JsonObject;
  received_at: DefaultTimestamp;
}

export interface RandomPoolsTable {
  id: Generated<number>;
  year: number;
  month: number;
  period: Generated<"monthly" | "quarterly">;
  status: Generated<RandomPoolStatus>;
  rate_percent: number;
  seed: string | null;
  algorithm: string | null;
  covered_count: Generated<number>;
  selected_count: Generated<number>;
  pdf_status: Generated<"none" | "building" | "ready" | "failed">;
  error: string | null;
  created_by_user_id: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  built_at: NullableTimestamp;
  ordered_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  /** 0023: SHA-256 (hex) of the seed, shown before the draw; the seed itself is shown only after it. */
  commitment: string | null;
  /** 0023: SHA-256 (hex) of the snapshot's identifiers in order, so verify notices a changed snapshot. */
  snapshot_sha256: string | null;
  snapshot_at: NullableTimestamp;
  drawn_at: NullableTimestamp;
  /** 0023: how many the yearly rate asked for this month (the first target_count draw positions). */
  target_count: number | null;
  pdf_ready_count: Generated<number>;
  /** 0025: when an administrator released the pool to the DERs (null: administrators only, unannounced). */
  released_at: NullableTimestamp;
  released_by_user_id: number | null;
}

export interface RandomCandidatesTable {
  id: Generated<number>;
  pool_id: number;
  user_id: number;
  business_id: number | null;
  draw_position: number | null;
  selected: Generated<boolean>;
  exempt: Generated<boolean>;
  exempt_reason: string | null;
  drug_test_id: number | null;
  created_at: DefaultTimestamp;
  exempt_at: NullableTimestamp;
  exempted_by_user_id: number | null;
  /** 0023: why a selected member was replaced by the next alternate. */
  substitution_reason: string | null;
  substituted_at: NullableTimestamp;
  /** 0023: on an alternate, the candidate it replaces. */
  replaces_candidate_id: number | null;
  pdf_document_id: number | null;
}

/** 0023: a pool's snapshot, the covered members' ids ascending and their businesses (0: none) at the same index. */
export interface RandomSnapshotsTable {
  pool_id: number;
  user_ids: number[];
  business_ids: number[];
  created_at: DefaultTimestamp;
  /** 0027: 1 = paying company only (0 for self-paying), 2 = paying company else own business. */
  business_rule: Generated<number>;
}

// 0006_notifications_and_requests.sql

export interface NotificationsTable {
  id: Generated<number>;
  type: NotificationType;
  meta: Generated<JsonObject>;
  approved: boolean | null;
  decided_at: NullableTimestamp;
  decided_by_user_id: number | null;
  archived_at: NullableTimestamp;
  trigger_user_id: number | null;
  user_id: number | null;
  business_id: number | null;
  vessel_id: number | null;
  order_id: number | null;
  membership_id: number | null;
  membership_pause_id: number | null;
  created_at: DefaultTimestamp;
}

/** One row per REGISTRATION notification (notification_id is also the key). */
export interface RegistrationNotificationsTable {
  notification_id: number;
  notification_type: Generated<"REGISTRATION">;
  kind: RegistrationKind;
  user_id: number;
  business_id: number | null;
  is_annual: boolean | null;
  business_approved_at: NullableTimestamp;
  paid_at: NullableTimestamp;
  company_training_at: NullableTimestamp;
  drug_test_at: NullableTimestamp;
  drug_test_id: number | null;
  drug_test_status: "ordered" | DrugTestResult | null;
  loc_sent_at: NullableTimestamp;
}

export interface NewBusinessRequestsTable {
  id: Generated<number>;
  notification_id: number | null;
  user_id: number;
  business_id: number | null;
  is_company: boolean;
  business_name: string;
  business_dba: string | null;
  business_address_one: string | null;
  business_address_two: string | null;
  business_city: string | null;
  business_state: string | null;
  business_country: string | null;
  business_postal_code: string | null;
  business_po_box: string | null;
  business_phone: string | null;
  business_email: string | null;
  business_tax_id: string | null;
  business_is_llc: Generated<boolean>;
  business_llc_name: string | null;
  possible_duplicate_business_id: number | null;
  status: Generated<"pending" | "approved" | "rejected">;
  resolved_business_id: number | null;
  processed_at: NullableTimestamp;
  processed_by_user_id: number | null;
  created_at: DefaultTimestamp;
}

export interface EmployeeRequestsTable {
  id: Generated<number>;
  notification_id: number | null;
  business_id: number;
  owner_user_id: number | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  email: string | null;
  phone: string | null;
  address_one: string | null;
  address_two: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
  uscg_cred: string | null;
  ssn_last4: string | null;
  possible_exists: Generated<boolean>;
  possible_user_id: number | null;
  status: Generated<"pending" | "linked" | "created" | "rejected">;
  user_id: number | null;
  processed_at: NullableTimestamp;
  processed_by_user_id: number | null;
  created_at: DefaultTimestamp;
  /** sql/0049: the crew list upload that filed it (decision 0086). */
  batch_id: number | null;
}

// 0049_crew_lists_and_rosters.sql

/** A DER's crew list upload: its employee requests and their one card (decision 0086). */
export interface EmployeeRequestBatchesTable {
  id: Generated<number>;
  business_id: number;
  owner_user_id: number | null;
  notification_id: number | null;
  upload_key: string;
  file_name: string | null;
  request_count: number;
  created_at: Timestamp;
}

/** One company's roster confirmation for one period (decision 0087). */
/** A member's consent to release their results (sql/0056, decision 0092). */
export interface ConsentsTable {
  id: Generated<number>;
  user_id: number;
  recipient_business_id: number | null;
  /** Lower case. Exactly one of recipient_business_id and recipient_email (CHECK). */
  recipient_email: string | null;
  /**
   * The account that holds the e-mail's person after an account merge (sql/0062): the e-mail's recipient was
   * merged into it, so it sees the consent as the address did. Null until then.
   */
  recipient_user_id: number | null;
  /** Both null: all results; both set: the results of tests dated within them. */
  results_from: DateString | null;
  results_to: DateString | null;
  expires_on: DateString;
  signature: string;
  signed_on: DateString;
  created_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface RosterConfirmationsTable {
  id: Generated<number>;
  business_id: number;
  period_start: DateString;
  due_on: DateString;
  der_user_id: number | null;
  sent_at: Timestamp;
  reminded_at: NullableTimestamp;
  reminder_count: Generated<number>;
  confirmed_at: NullableTimestamp;
  confirmed_by_user_id: number | null;
  confirmed_roster: ColumnType<unknown[] | null, unknown[] | null | undefined, unknown[] | null>;
}

// 0007_documents_exports_jobs.sql

/** Owned by exactly one of user_id, business_id and random_pool_id (CHECK). */
export interface DocumentsTable {
  id: Generated<number>;
  kind: DocumentKind;
  user_id: number | null;
  business_id: number | null;
  random_pool_id: number | null;
  filename: string;
  content_type: string;
  bytes: Uint8Array;
  byte_size: Computed<number>;
  created_by_user_id: number | null;
  created_at: DefaultTimestamp;
  /** Identity of a generated document's content (a letter is reused, not issued again): sql/0011. */
  content_key: string | null;
}

/** sql/0016: a file behind the storage interface (lib/storage.ts), its bytes in stored_file_chunks. */
export interface StoredFilesTable {
  key: string;
  content_type: string;
  byte_size: Generated<number>;
  complete: Generated<boolean>;
  created_at: DefaultTimestamp;
  /** sql/0026: when its writer last wrote to it; the cleanup deletes an incomplete file idle past the grace. */
  written_at: Timestamp;
}

export interface StoredFileChunksTable {
  key: string;
  seq: number;
  bytes: Uint8Array;
}

export interface ExportsTable {
  id: Generated<number>;
  type: ExportType;
  filters: Generated<JsonObject>;
  status: Generated<ExportStatus>;
  content: Uint8Array | null;
  row_count: number | null;
  error: string | null;
  created_by_user_id: number | null;
  created_at: DefaultTimestamp;
  finished_at: NullableTimestamp;
  /** 0022: the file behind lib/storage.ts (BUILT exports); `content` is no longer used. */
  storage_key: string | null;
  rows_written: Generated<number>;
  rows_total: number | null;
  byte_size: number | null;
  runs: Generated<number>;
  expires_at: NullableTimestamp;
  expired_at: NullableTimestamp;
}

export interface EmailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: Generated<"queued" | "sending" | "sent" | "failed">;
  attempts: Generated<number>;
  next_attempt_at: DefaultTimestamp;
  sent_at: NullableTimestamp;
  error: string | null;
  created_at: DefaultTimestamp;
}

// 0010_i3_simulator_and_mail_attachments.sql

/** The i3 simulator's own record of an order (not ours: drug_tests is). */
export interface I3SimOrdersTable {
  order_ref: string;
  location_code: string;
  donor_ref: string;
  reason: string;
  outcome: DrugTestResult;
  panel: JsonObject;
  ordered_at: Timestamp;
  collected_at: Timestamp;
  resulted_at: Timestamp;
  client_ref: string | null;
}

export interface EmailAttachmentsTable {
  id: Generated<number>;
  email_id: number;
  filename: string;
  content_type: string;
  bytes: Uint8Array;
  created_at: DefaultTimestamp;
}

export interface JobsTable {
  id: Generated<number>;
  queue: string;
  payload: Generated<JsonObject>;
  run_at: DefaultTimestamp;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_at: NullableTimestamp;
  locked_by: string | null;
  finished_at: NullableTimestamp;
  failed: Generated<boolean>;
  last_error: string | null;
  created_at: DefaultTimestamp;
  /** At most one job per (queue, unique_key); null for jobs that may repeat. */
  unique_key: string | null;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  /** 'METHOD /path'. */
  scope: string;
  request_hash: string;
  status: Generated<"in_progress" | "done">;
  response_status: number | null;
  response_body: unknown;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  /** While in_progress: the owner's lease, renewed as it runs; past it the owner is taken to be dead. */
  lease_until: NullableTimestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_user_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  detail: Generated<JsonObject>;
  ip: string | null;
  created_at: DefaultTimestamp;
  /** The X-Request-Id of the request that wrote the row (null for background work). */
  request_id: string | null;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  name: string;
  user_id: number | null;
  props: Generated<JsonObject>;
  created_at: DefaultTimestamp;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  handled_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}

// 0008_payments_sandbox.sql

export type PaymentProvider = "sandbox" | "stripe";
export type SandboxCardBehaviour = "succeed" | "insufficient_funds" | "card_declined" | "processing_error";

export interface PaymentCustomersTable {
  user_id: number;
  provider: PaymentProvider;
  customer_ref: string;
  created_at: DefaultTimestamp;
}

/** What the sandbox processor knows of a card: never its number or security code. */
export interface SandboxPaymentMethodsTable {
  id: string;
  customer_ref: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  behaviour: Generated<SandboxCardBehaviour>;
  created_at: DefaultTimestamp;
}

export interface SandboxSetupIntentsTable {
  id: string;
  client_secret: string;
  customer_ref: string;
  status: Generated<"requires_payment_method" | "succeeded">;
  payment_method_id: string | null;
  last_error: string | null;
  created_at: DefaultTimestamp;
  confirmed_at: NullableTimestamp;
}

export interface SandboxChargesTable {
  id: string;
  idempotency_key: string;
  payment_method_id: string;
  customer_ref: string | null;
  amount_cents: number;
  currency: Generated<string>;
  description: string | null;
  status: "succeeded" | "failed";
  failure_code: string | null;
  failure_message: string | null;
  created_at: DefaultTimestamp;
  /** sql/0020: how much of the charge was refunded. */
  refunded_cents: Generated<number>;
}

/** sql/0020: a user's current safety concern letter; its bytes are behind lib/storage.ts under storage_key. */
export interface SafetyConcernLettersTable {
  id: Generated<number>;
  user_id: number;
  storage_key: string;
  filename: string;
  byte_size: number;
  uploaded_by_user_id: number | null;
  created_at: DefaultTimestamp;
}

export interface PaymentWebhookEventsTable {
  provider: PaymentProvider;
  event_id: string;
  type: string;
  received_at: DefaultTimestamp;
}

/** 0015: one fixed-window counter per limit and key (lib/rate-limit.ts). */
export interface RateLimitsTable {
  bucket: string;
  key: string;
  window_start: Timestamp;
  hits: number;
  expires_at: Timestamp;
}

/** Analytics roll-ups kept by triggers (sql/0021, decision 0031): counts per UTC hour, per day, per pool. */
export interface StatsHourlyTable {
  metric: string;
  hour: Timestamp;
  n: number;
}

export interface StatsDailyTable {
  metric: string;
  day: DateString;
  n: number;
}

export interface StatsPoolOutcomesTable {
  pool_id: number;
  outcome: "completed" | "incomplete" | "failed" | "exempt";
  n: number;
}

/** Members without a primary business (the overview's "Users Improperly Configured"), kept by triggers. */
export interface StatsMisconfiguredUsersTable {
  user_id: number;
}

// 0060_stats_current_memberships.sql (decision 0096)

/** Current, live memberships by type and expiry day ('infinity' for none), kept by triggers: the overview. */
export interface StatsCurrentMembershipsTable {
  type: string;
  expire_on: ColumnType<string, string, string>;
  n: number;
}

// 0063_stats_paused_or_gone.sql (decision 0096)

/** Current, live memberships with an open pause or of a deleted account, kept by triggers: the overview. */
export interface StatsCurrentPausedOrGoneTable {
  membership_id: number;
  type: string;
  expire_on: ColumnType<string, string, string>;
  paused: boolean;
  gone: boolean;
}

// 0064_stats_live_totals.sql (decision 0096)

/** The live (not soft-deleted) users and businesses, kept by triggers: the lists' unfiltered totals. */
export interface StatsLiveTotalsTable {
  list: "users" | "businesses";
  n: number;
}

// 0043_order_refunds.sql (decision 0081)

/** One refund of an order's charge, whole or part; the administrator's key makes a repeat answer it again. */
export interface OrderRefundsTable {
  id: Generated<number>;
  order_id: number;
  amount_cents: number;
  idempotency_key: string;
  processor_refund_id: string;
  reason: string | null;
  /** The refund ended the membership's term (a whole refund, decision 0081). */
  ends_term: boolean;
  created_by_user_id: number | null;
  created_at: Timestamp;
  /** When the refund's e-mail receipt was handed to the outbox (claimed once). */
  receipt_sent_at: NullableTimestamp;
}

/** The sandbox processor's refunds: one row per refund key. */
export interface SandboxRefundsTable {
  id: string;
  charge_id: string;
  idempotency_key: string;
  amount_cents: number;
  created_at: DefaultTimestamp;
}

// 0046_imports.sql (decision 0084)

export type ImportKind = "companies" | "members" | "memberships" | "drug_tests" | "store_orders";
export type ImportStatus =
  | "uploaded"
  | "checking"
  | "checked"
  | "applying"
  | "applied"
  | "rolled_back"
  | "failed";
export type ImportOutcome = "create" | "update" | "unchanged" | "error";

export interface ImportBatchesTable {
  id: Generated<number>;
  kind: ImportKind;
  status: Generated<ImportStatus>;
  file_name: string;
  file_sha256: string;
  byte_size: number;
  storage_key: string;
  encoding: "utf-8" | "windows-1252";
  separator: "," | ";" | "\t";
  /** The file's column names, in order. */
  header: string[];
  /** Product field → column index in the file. */
  mapping: Record<string, number> | null;
  date_format: string | null;
  phone_format: string | null;
  rows_total: number | null;
  rows_checked: Generated<number>;
  rows_done: Generated<number>;
  created: Generated<number>;
  updated: Generated<number>;
  unchanged: Generated<number>;
  errors: Generated<number>;
  warnings: Generated<number>;
  runs: Generated<number>;
  error: string | null;
  created_by_user_id: number;
  created_at: Timestamp;
  checked_at: NullableTimestamp;
  applied_by_user_id: number | null;
  apply_started_at: NullableTimestamp;
  applied_at: NullableTimestamp;
  rolled_back_by_user_id: number | null;
  rolled_back_at: NullableTimestamp;
  claim_sent_by_user_id: number | null;
  claim_sent_at: NullableTimestamp;
  claim_sent_count: Generated<number>;
  claim_total: Generated<number>;
}

export interface ImportRowsTable {
  batch_id: number;
  /** The record's number in the file, header = 1. */
  row_number: number;
  natural_key: string | null;
  /** The cells as read (a full SSN already cut to its last four). */
  raw: string[];
  /** The row in the product's field names, parsed. */
  data: JsonObject | null;
  outcome: ImportOutcome;
  reason: string | null;
  warnings: string[] | null;
  applied_outcome: ImportOutcome | null;
  target_id: number | null;
  extra: JsonObject | null;
  before: JsonObject | null;
  stamp: NullableTimestamp;
  claim_sent_at: NullableTimestamp;
}

export interface ImportMappingsTable {
  kind: ImportKind;
  header_shape: string;
  columns: Record<string, number>;
  date_format: string;
  phone_format: string;
  updated_by_user_id: number | null;
  updated_at: Timestamp;
}

/** sql/0054: how long each kind of record is kept (decision 0091). */
export interface RetentionScheduleTable {
  kind: string;
  record: string;
  record_date: string;
  citation: string;
  action: "remove" | "anonymise";
  minimum_months: number;
  period_months: number;
  sort_order: number;
  updated_at: DefaultTimestamp;
  updated_by_user_id: number | null;
}

/** sql/0054: a member's or a company's records kept whatever their period, until the hold is lifted. */
export interface LegalHoldsTable {
  id: Generated<number>;
  user_id: number | null;
  business_id: number | null;
  reason: string;
  placed_at: Timestamp;
  placed_by_user_id: number | null;
  lifted_at: NullableTimestamp;
  lifted_by_user_id: number | null;
  lift_reason: string | null;
}

export interface DB {
  retention_schedule: RetentionScheduleTable;
  legal_holds: LegalHoldsTable;
  order_refunds: OrderRefundsTable;
  sandbox_refunds: SandboxRefundsTable;
  safety_concern_letters: SafetyConcernLettersTable;
  users: UsersTable;
  sessions: SessionsTable;
  user_second_factors: UserSecondFactorsTable;
  user_recovery_codes: UserRecoveryCodesTable;
  app_secrets: AppSecretsTable;
  password_reset_tokens: PasswordResetTokensTable;
  settings: SettingsTable;
  random_rates: RandomRatesTable;
  store_items: StoreItemsTable;
  businesses: BusinessesTable;
  business_activations: BusinessActivationsTable;
  business_users: BusinessUsersTable;
  vessels: VesselsTable;
  payment_methods: PaymentMethodsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  memberships: MembershipsTable;
  membership_pauses: MembershipPausesTable;
  drug_tests: DrugTestsTable;
  drug_test_panels: DrugTestPanelsTable;
  random_pools: RandomPoolsTable;
  random_candidates: RandomCandidatesTable;
  random_snapshots: RandomSnapshotsTable;
  notifications: NotificationsTable;
  employee_request_batches: EmployeeRequestBatchesTable;
  roster_confirmations: RosterConfirmationsTable;
  consents: ConsentsTable;
  registration_notifications: RegistrationNotificationsTable;
  new_business_requests: NewBusinessRequestsTable;
  employee_requests: EmployeeRequestsTable;
  documents: DocumentsTable;
  exports: ExportsTable;
  email_outbox: EmailOutboxTable;
  i3_sim_orders: I3SimOrdersTable;
  email_attachments: EmailAttachmentsTable;
  jobs: JobsTable;
  idempotency_keys: IdempotencyKeysTable;
  rate_limits: RateLimitsTable;
  stats_hourly: StatsHourlyTable;
  stats_daily: StatsDailyTable;
  stats_pool_outcomes: StatsPoolOutcomesTable;
  stats_misconfigured_users: StatsMisconfiguredUsersTable;
  stats_current_memberships: StatsCurrentMembershipsTable;
  stats_current_paused_or_gone: StatsCurrentPausedOrGoneTable;
  stats_live_totals: StatsLiveTotalsTable;
  audit_log: AuditLogTable;
  analytics_events: AnalyticsEventsTable;
  contact_messages: ContactMessagesTable;
  payment_customers: PaymentCustomersTable;
  sandbox_payment_methods: SandboxPaymentMethodsTable;
  sandbox_setup_intents: SandboxSetupIntentsTable;
  sandbox_charges: SandboxChargesTable;
  payment_webhook_events: PaymentWebhookEventsTable;
  stored_files: StoredFilesTable;
  stored_file_chunks: StoredFileChunksTable;
  import_batches: ImportBatchesTable;
  import_rows: ImportRowsTable;
  import_mappings: ImportMappingsTable;
}
