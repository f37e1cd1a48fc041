-- The administrators' users and businesses lists at a million members (issue 39, decision 0096): their total
-- without a filter counted every live row per request (a million index entries for users, 240-350 ms at load
-- 8-19; 430,000 businesses). The count of live rows (not soft-deleted) of each is kept here by statement
-- triggers in the writer's transaction, from the transition tables, as the roll-ups of sql/0021 and 0060; a
-- list reads it only when no filter is applied. One row per list: a statement that changes no live count (most
-- updates) does not write it, so only creations and deletions queue on it, as they already do on their hour's
-- row of stats_hourly.
create table stats_live_totals (
  list text primary key check (list in ('users', 'businesses')),
  n integer not null
);

insert into stats_live_totals (list, n)
values ('users', (select count(*) from users where deleted_at is null)),
  ('businesses', (select count(*) from businesses where deleted_at is null));

-- The table's name is the list's.
create function stats_live_totals_apply() returns trigger language plpgsql as $$
declare
  d integer := 0;
begin
  if tg_op in ('UPDATE', 'INSERT') then
    d := d + (select count(*) from new_rows where deleted_at is null);
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    d := d - (select count(*) from old_rows where deleted_at is null);
  end if;
  if d <> 0 then
    update stats_live_totals set n = n + d where list = tg_table_name;
  end if;
  return null;
end
$$;

create function stats_live_totals_clear() returns trigger language plpgsql as $$
begin
  update stats_live_totals set n = 0 where list = tg_table_name;
  return null;
end
$$;

create trigger users_live_total_insert after insert on users referencing new table as new_rows
  for each statement execute function stats_live_totals_apply();
create trigger users_live_total_update after update on users referencing old table as old_rows new table as new_rows
  for each statement execute function stats_live_totals_apply();
create trigger users_live_total_delete after delete on users referencing old table as old_rows
  for each statement execute function stats_live_totals_apply();
create trigger users_live_total_truncate after truncate on users
  for each statement execute function stats_live_totals_clear();

create trigger businesses_live_total_insert after insert on businesses referencing new table as new_rows
  for each statement execute function stats_live_totals_apply();
create trigger businesses_live_total_update after update on businesses
  referencing old table as old_rows new table as new_rows
  for each statement execute function stats_live_totals_apply();
create trigger businesses_live_total_delete after delete on businesses referencing old table as old_rows
  for each statement execute function stats_live_totals_apply();
create trigger businesses_live_total_truncate after truncate on businesses
  for each statement execute function stats_live_totals_clear();
