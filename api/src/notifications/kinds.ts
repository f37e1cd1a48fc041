/**
 * Every notification the administrators' center shows, as one typed union: its type, the rows it points at and
 * its meta (admin spec §3 "Entities and their fields", public spec §3 "Notification" and §4 "Business and
 * requests"). The table stores meta as untyped jsonb (sql/0006); this file is where its shape is decided, and
 * `notify()` (notify.ts) is the only code that writes it. A notification type the database accepts but this
 * union lacks fails the type check (see `Covered` below).
 *
 * Timestamps in meta are ISO strings: meta is display data copied at the moment of the event (the member's name
 * as it was then), while the columns (user_id, order_id, ...) link to the live rows.
 */
import type { NotificationType, RegistrationKind, UsersTable } from "../db/types.ts";
import type { RequestedPersonFields } from "../employees/schemas.ts";

/** The member a notification is about, as the lists show them. */
export interface MemberMeta {
  member_user_id: number;
  member_first_name: string;
  member_last_name: string;
  member_number: string | null;
}

/**
 * A registration (DER, independent, company employee); its progress lives in registration_notifications, which
 * registration writes beside this notification (registration/service.ts `notifyRegistration`).
 */
export interface RegistrationMeta extends MemberMeta {
  kind: RegistrationKind;
  /** Null for a company employee until an administrator approves or links the company. */
  business_id: number | null;
  business_name: string;
}

/** A company a member asked for; the request's fields live in new_business_requests. */
export interface NewBusinessRequestMeta extends MemberMeta {
  /** The provisional business (a DER's company); null when the request creates it on approval. */
  business_id: number | null;
  business_name: string;
}

/** The employee an owner asked to add (admin spec §3 "Employee request notice"). */
export interface EmployeeRequestMeta {
  company_id: number;
  company_name: string;
  owner_id: number | null;
  owner_name: string | null;
  /** The person as the request names them (employees/schemas.ts), without their USCG credential. */
  user: Omit<RequestedPersonFields, "uscg_cred">;
  /** A user with the same e-mail or name seems to exist already. */
  possible_exists: boolean;
}

/**
 * A DER's crew list upload: the employee requests it filed, shown as one card ("Gulf Coast Towing LLC: 38
 * employee requests", decision 0086); the requests themselves live in employee_requests (batch_id).
 */
export interface EmployeeRequestBatchMeta {
  company_id: number;
  company_name: string;
  owner_id: number | null;
  owner_name: string | null;
  batch_id: number;
  request_count: number;
  file_name: string | null;
}

/** A change a member asks an administrator to approve (admin spec §3 "Change notification"). */
export interface ChangeMeta {
  business_id: number | null;
  business_name: string | null;
  vessel_name: string | null;
  member_user_id: number | null;
  member_first_name: string | null;
  member_last_name: string | null;
}

/**
 * The user form's fields (public spec §3) a member may propose to change, each with how a change of it applies
 * (decision 0027): an "identity" field identifies the donor (custody form, Letter of Compliance, sign-in) and
 * waits for APCA; a "contact" field only says how to reach the member and applies at once. The one list:
 * `UserChange`, the profile's split (users/changes.ts) and the approval (service.ts) derive from it.
 */
export const USER_CHANGE_FIELDS = {
  first_name: "identity",
  middle_name: "identity",
  last_name: "identity",
  email: "identity",
  phone: "contact",
  address_one: "contact",
  address_two: "contact",
  city: "contact",
  state: "contact",
  postal_code: "contact",
  country: "contact",
  uscg_cred: "identity",
  ssn_last4: "identity",
} as const satisfies Partial<Record<keyof UsersTable, "identity" | "contact">>;
export type UserChangeField = keyof typeof USER_CHANGE_FIELDS;

/** Proposed (or previous) values of user fields, typed as the users table has them. */
export type UserChange = Partial<Pick<UsersTable, UserChangeField>>;

/** The business fields (admin spec §3 "Company/business") a member may propose to change. */
export interface BusinessChange {
  name?: string;
  dba_name?: string | null;
  email?: string | null;
  phone?: string | null;
  tax_id?: string | null;
  address_one?: string | null;
  address_two?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  postal_code?: string | null;
  po_box?: string | null;
}

/** The vessel fields (name, USCG official number, type, in service) a member sets (decision 0021). */
export interface VesselChange {
  name?: string;
  official_number?: string | null;
  vessel_type?: string | null;
  is_active?: boolean;
}

/**
 * Before and after of a change (decision 0021): `changes` holds only the fields that change, `previous` their
 * values before. `awaiting_approval` is true when the change waits for an administrator (the business's
 * name, DBA or tax id) and false when it was applied at once and the notification only reports it.
 */
export interface ChangeSet<T> {
  changes: T;
  previous: T;
  awaiting_approval: boolean;
}

/** A store order (admin spec §3 "Order notification"): the Store Notifications list links to it. */
export interface OrderMeta extends Omit<MemberMeta, "member_number"> {
  order_id: number;
  order_number: string;
  order_completed: boolean;
  order_cancelled: boolean;
  total_cents: number;
}

/** A paused membership (admin spec §3 "Paused notification"); resumed_at is set when the pause ends. */
export interface PausedMeta extends MemberMeta {
  reason: string;
  paused_at: string;
  resumed_at: string | null;
}

/** A cancelled membership (admin spec §3 "Cancelled-membership notification"). */
export interface CancelledMeta extends MemberMeta {
  cancelled_at: string;
}

/** Who caused it and when; every kind has these. `at` defaults to the database's now(). */
interface Common {
  /** The user whose action caused it (the member, or an administrator acting for them). */
  triggerUserId: number | null;
  at?: Date;
}

/** One notification to write, by type: the rows it links to and its meta. */
export type Notification =
  | Common & {
    type: "REGISTRATION";
    userId: number;
    businessId: number | null;
    meta: RegistrationMeta;
  }
  | Common & {
    type: "NEW_BUSINESS_REQUEST";
    userId: number;
    businessId: number | null;
    meta: NewBusinessRequestMeta;
  }
  | Common & { type: "NEW_EMPLOYEE_REQUEST"; businessId: number; meta: EmployeeRequestMeta }
  | Common & { type: "EMPLOYEE_REQUEST_BATCH"; businessId: number; meta: EmployeeRequestBatchMeta }
  | Common & {
    type: "UPDATE_USER";
    userId: number;
    businessId: number | null;
    meta: ChangeMeta & ChangeSet<UserChange>;
  }
  | Common & {
    type: "NEW_VESSEL";
    userId: number | null;
    businessId: number;
    vesselId?: number;
    meta: ChangeMeta & { vessel_name: string; vessel: VesselChange };
  }
  | Common & {
    type: "UPDATE_VESSEL";
    userId: number | null;
    businessId: number;
    vesselId: number;
    /** vessel_name is the proposed name; previous_vessel_name the one it replaces. */
    meta: ChangeMeta & { vessel_name: string; previous_vessel_name: string } & ChangeSet<VesselChange>;
  }
  | Common & {
    type: "UPDATE_BUSINESS";
    userId: number | null;
    businessId: number;
    meta: ChangeMeta & ChangeSet<BusinessChange>;
  }
  | Common & { type: "NEW_ORDER"; userId: number | null; orderId: number; meta: OrderMeta }
  | Common & {
    type: "MEMBERSHIP_PAUSED";
    userId: number;
    membershipId: number;
    membershipPauseId: number;
    meta: PausedMeta;
  }
  | Common & { type: "MEMBERSHIP_CANCELLED"; userId: number; membershipId: number; meta: CancelledMeta };

/** The meta stored with a notification of type T. */
export type MetaOf<T extends NotificationType> = Extract<Notification, { type: T }>["meta"];

/** Fails to compile when the database accepts a notification type the union above does not describe. */
type Covered = Exclude<NotificationType, Notification["type"]> extends never ? true : never;
export const EVERY_TYPE_IS_DESCRIBED: Covered = true;
