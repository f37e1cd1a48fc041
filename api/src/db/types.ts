/**
 * Kysely table types, written by hand to mirror sql/. PROVISIONAL: the core tables the foundation code uses.
 * The full-domain schema extends this file; keep these shapes.
 */
import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

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
  ssn_last4: string | null;
  is_admin: Generated<boolean>;
  is_der: Generated<boolean>;
  member_number: string | null;
  opt_in: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: number;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Generated<Date>;
}

export interface BusinessesTable {
  id: Generated<number>;
  name: string;
  is_individual: Generated<boolean>;
  is_active: Generated<boolean>;
  der_user_id: number | null;
}

export interface BusinessUsersTable {
  id: Generated<number>;
  business_id: number;
  user_id: number;
  is_owner: Generated<boolean>;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  app_secrets: AppSecretsTable;
  businesses: BusinessesTable;
  business_users: BusinessUsersTable;
}
