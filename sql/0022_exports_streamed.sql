-- Exports streamed into the storage interface (lib/storage.ts) instead of one bytea, with progress, expiry,
-- re-runs and the MIS report as a type (issue 14, decision 0032). `content` stays for old rows, unused.
alter table exports drop constraint exports_type_check;
alter table exports add constraint exports_type_check
  check (type in ('users', 'transactions', 'i3_tests', 'expired_memberships', 'mis'));
-- A BUILT export has its file in storage now, not in `content`.
alter table exports drop constraint exports_check;

alter table exports add column storage_key text;
-- Rows written so far and the rows the export will hold (counted when it starts): the progress shown.
alter table exports add column rows_written integer not null default 0 check (rows_written >= 0);
alter table exports add column rows_total integer check (rows_total >= 0);
alter table exports add column byte_size bigint check (byte_size >= 0);
-- Runs so far (a failed export can be run again); a job key per run keeps each run's job unique.
alter table exports add column runs integer not null default 1 check (runs >= 1);
-- The file is deleted by the cleanup job after this (EXPORT_RETENTION_DAYS); expired_at once it was.
alter table exports add column expires_at timestamptz;
alter table exports add column expired_at timestamptz;
alter table exports add constraint exports_built_has_file
  check (status <> 'BUILT' or (storage_key is not null and expires_at is not null));

create index exports_expiry_idx on exports (expires_at) where expired_at is null and status = 'BUILT';

-- CSV cells rendered by PostgreSQL, so an export batch arrives as one text instead of thousands of parsed rows
-- (the driver's row parsing was most of a Users export's time). The same rules as api/src/exports/csv.ts
-- (a test holds them equal): every text cell quoted with its quotes doubled (RFC 4180), and a leading
-- apostrophe before = + - @ tab CR. Plain string functions, no regular expression: this runs for every cell.
create function export_csv_cell(v text) returns text language sql immutable parallel safe
return case
  when v is null then ''
  when left(v, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '"''' || replace(v, '"', '""') || '"'
  else '"' || replace(v, '"', '""') || '"'
end;

-- An instant as JavaScript's toISOString writes it (UTC, milliseconds), or an empty cell.
create function export_csv_time(v timestamptz) returns text language sql stable parallel safe
return coalesce(to_char(v at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '');
