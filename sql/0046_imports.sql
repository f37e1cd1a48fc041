-- Imports (issue 36, decision 0084): one batch per uploaded CSV file, its rows staged with the dry run's
-- verdict and then what the apply did, and the column mapping last used per header shape.

create table import_batches (
  id integer generated always as identity primary key,
  kind text not null check (kind in ('companies', 'members', 'memberships', 'drug_tests')),
  status text not null default 'uploaded'
    check (status in ('uploaded', 'checking', 'checked', 'applying', 'applied', 'rolled_back', 'failed')),
  file_name text not null,
  file_sha256 text not null check (file_sha256 ~ '^[0-9a-f]{64}$'),
  byte_size bigint not null check (byte_size >= 0),
  storage_key text not null,
  encoding text not null check (encoding in ('utf-8', 'windows-1252')),
  separator text not null check (separator in (',', ';', E'\t')),
  header jsonb not null,
  mapping jsonb,
  date_format text,
  phone_format text,
  rows_total integer,
  rows_checked integer not null default 0,
  rows_done integer not null default 0,
  created integer not null default 0,
  updated integer not null default 0,
  unchanged integer not null default 0,
  errors integer not null default 0,
  warnings integer not null default 0,
  runs integer not null default 0,
  error text,
  created_by_user_id integer not null references users (id),
  created_at timestamptz not null,
  checked_at timestamptz,
  applied_by_user_id integer references users (id),
  apply_started_at timestamptz,
  applied_at timestamptz,
  rolled_back_by_user_id integer references users (id),
  rolled_back_at timestamptz,
  claim_sent_by_user_id integer references users (id),
  claim_sent_at timestamptz,
  claim_sent_count integer not null default 0
);
create index import_batches_created on import_batches (created_at desc, id desc);

create table import_rows (
  batch_id integer not null references import_batches (id) on delete cascade,
  -- The record's number in the file, the header being 1: the row a spreadsheet shows.
  row_number integer not null check (row_number >= 2),
  natural_key text,
  raw jsonb not null,
  data jsonb,
  outcome text not null check (outcome in ('create', 'update', 'unchanged', 'error')),
  reason text,
  warnings jsonb,
  applied_outcome text check (applied_outcome in ('create', 'update', 'unchanged', 'error')),
  target_id integer,
  extra jsonb,
  before jsonb,
  stamp timestamptz,
  claim_sent_at timestamptz,
  primary key (batch_id, row_number)
);
create index import_rows_pending on import_rows (batch_id, row_number) where applied_outcome is null;
create index import_rows_target on import_rows (target_id) where target_id is not null;

create table import_mappings (
  kind text not null,
  header_shape text not null check (header_shape ~ '^[0-9a-f]{64}$'),
  columns jsonb not null,
  date_format text not null,
  phone_format text not null,
  updated_by_user_id integer references users (id),
  updated_at timestamptz not null,
  primary key (kind, header_shape)
);
