-- Job de-duplication (see docs/decisions/0009-idempotency-and-jobs.md): a job enqueued with a unique key is
-- enqueued once per queue, however many processes try. Recurring schedules use '<queue>@<period start>' so
-- two servers never schedule the same period twice.
alter table jobs add column unique_key text check (unique_key is null or length(unique_key) between 1 and 255);
create unique index jobs_unique_key_idx on jobs (queue, unique_key) where unique_key is not null;

