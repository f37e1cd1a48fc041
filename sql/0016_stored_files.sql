-- Files behind the one storage interface (api/src/lib/storage.ts): safety concern letters, CSV exports and other
-- large or uploaded files. Kept in chunks so a file is written and read as a stream, never whole in memory.
-- STORAGE_DIR moves the bytes to a directory instead; these rows then stay empty.
create table stored_files (
  key text primary key check (key ~ '^[A-Za-z0-9][A-Za-z0-9/_.-]{0,199}$' and key !~ '\.\.'),
  content_type text not null,
  byte_size bigint not null default 0 check (byte_size >= 0),
  -- False while a writer is still streaming it in; readers never see an incomplete file.
  complete boolean not null default false,
  created_at timestamptz not null default now()
);

create table stored_file_chunks (
  key text not null references stored_files (key) on delete cascade,
  seq integer not null check (seq >= 0),
  bytes bytea not null,
  primary key (key, seq)
);
