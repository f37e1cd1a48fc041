-- Rate-limit counters shared by every API process (lib/rate-limit.ts): one fixed-window row per limit and key,
-- counted with an atomic upsert, so N replicas enforce one limit rather than N. Rows whose window has ended
-- are pruned by the daily maintenance job.
create table rate_limits (
  bucket text not null,
  key text not null,
  window_start timestamptz not null,
  hits integer not null,
  expires_at timestamptz not null,
  primary key (bucket, key)
);

create index rate_limits_expires_at on rate_limits (expires_at);
