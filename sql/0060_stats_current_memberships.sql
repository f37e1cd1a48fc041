-- The overview tiles at a million members (issue 39, decision 0096): the count of current, live memberships by
-- type read 936,000 index entries a request (750 ms at load 19). A roll-up of those memberships by type and
-- expiry day (a few thousand rows) answers it; statement triggers keep it in the same transaction as the
-- change, from the transition tables, as the roll-ups of sql/0021. A term without expiry counts as 'infinity'.
create table stats_current_memberships (
  type text not null,
  expire_on date not null,
  n integer not null,
  primary key (type, expire_on)
);

insert into stats_current_memberships (type, expire_on, n)
select type, coalesce(expire_at, 'infinity'::date), count(*) from memberships
where is_current and not failed and not pending and cancelled_at is null group by 1, 2;

create function stats_current_memberships_apply() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into stats_current_memberships as s (type, expire_on, n)
    select type, coalesce(expire_at, 'infinity'::date), -count(*) from old_rows
    where is_current and not failed and not pending and cancelled_at is null group by 1, 2
    on conflict (type, expire_on) do update set n = s.n + excluded.n;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    insert into stats_current_memberships as s (type, expire_on, n)
    select type, coalesce(expire_at, 'infinity'::date), count(*) from new_rows
    where is_current and not failed and not pending and cancelled_at is null group by 1, 2
    on conflict (type, expire_on) do update set n = s.n + excluded.n;
  end if;
  return null;
end
$$;
create trigger memberships_current_rollup_insert after insert on memberships referencing new table as new_rows
  for each statement execute function stats_current_memberships_apply();
create trigger memberships_current_rollup_update after update on memberships
  referencing old table as old_rows new table as new_rows
  for each statement execute function stats_current_memberships_apply();
create trigger memberships_current_rollup_delete after delete on memberships referencing old table as old_rows
  for each statement execute function stats_current_memberships_apply();

create function stats_current_memberships_clear() returns trigger language plpgsql as $$
begin
  delete from stats_current_memberships;
  return null;
end
$$;
create trigger memberships_current_rollup_truncate after truncate on memberships
  for each statement execute function stats_current_memberships_clear();

-- The overview's paused tile goes from each open pause to its membership by id (14,296 at a million members,
-- 480 ms of heap probes): the fields it checks are in this index, so each probe is index-only.
create index memberships_current_live_id_idx on memberships (id) include (type, user_id, expire_at)
  where is_current and not failed and not pending and cancelled_at is null;
