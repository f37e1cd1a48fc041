-- When a stored file's writer last wrote to it (its start, each chunk, its end), by the server's clock: the
-- daily cleanup deletes an incomplete file (a failed upload, a crashed writer) once nothing was written to it for
-- the grace period (lib/storage.ts), so a write still in progress is never taken for an abandoned one.
alter table stored_files add column written_at timestamptz;
update stored_files set written_at = created_at;
alter table stored_files alter column written_at set not null;
create index stored_files_incomplete_idx on stored_files (written_at) where not complete;
