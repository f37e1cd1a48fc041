-- The overview's paused tile at a million members (issue 39, decision 0096): it joined each open pause (14,296)
-- to its membership and user per request (300-500 ms at load 8-19). The current, live memberships that the
-- active tiles set aside, those with an open pause and those of a deleted account, are kept here as a set,
-- with the type and expiry day the tiles split them by ('infinity' for none), so the overview reads only this
-- and stats_current_memberships (sql/0060), and compares the expiry days with today as sql/0060's reader does.
--
-- A set, not counts: the rule spans three tables (a pause, its membership, the member's account), and a count
-- kept by deltas goes wrong when a cascade reorders the statements (a hard-deleted account's memberships are
-- deleted, and their triggers run, before the account's own). As stats_misconfigured_users (sql/0021), each
-- statement refreshes the memberships it may have touched from the tables as they are now. A few rows per
-- paused member; the overview counts them (about 15,000 at a million members).
create table stats_current_paused_or_gone (
  membership_id integer primary key references memberships (id) on delete cascade,
  type text not null,
  expire_on date not null,
  paused boolean not null,
  gone boolean not null
);

create function stats_refresh_paused_or_gone(ids integer[]) returns void language sql as $$
  delete from stats_current_paused_or_gone s using unnest(ids) i(id) where s.membership_id = i.id;
  insert into stats_current_paused_or_gone (membership_id, type, expire_on, paused, gone)
  select m.id, m.type, coalesce(m.expire_at, 'infinity'::date), x.paused, x.gone
  from memberships m
  cross join lateral (select
    exists (select 1 from membership_pauses p where p.membership_id = m.id and p.resumed_at is null) as paused,
    exists (select 1 from users u where u.id = m.user_id and u.deleted_at is not null) as gone) x
  where m.id in (select distinct i.id from unnest(ids) i(id))
    and m.is_current and not m.failed and not m.pending and m.cancelled_at is null and (x.paused or x.gone);
$$;

-- A pause opened, resumed, moved or deleted: its membership.
create function stats_paused_or_gone_pauses() returns trigger language plpgsql as $$
declare
  ids integer[];
begin
  if tg_op = 'INSERT' then
    ids := array(select membership_id from new_rows);
  elsif tg_op = 'DELETE' then
    ids := array(select membership_id from old_rows);
  else
    ids := array(select membership_id from new_rows union select membership_id from old_rows);
  end if;
  perform stats_refresh_paused_or_gone(ids);
  return null;
end
$$;
create trigger membership_pauses_paused_or_gone_insert after insert on membership_pauses
  referencing new table as new_rows for each statement execute function stats_paused_or_gone_pauses();
create trigger membership_pauses_paused_or_gone_update after update on membership_pauses
  referencing old table as old_rows new table as new_rows
  for each statement execute function stats_paused_or_gone_pauses();
create trigger membership_pauses_paused_or_gone_delete after delete on membership_pauses
  referencing old table as old_rows for each statement execute function stats_paused_or_gone_pauses();

create function stats_paused_or_gone_pauses_clear() returns trigger language plpgsql as $$
begin
  perform stats_refresh_paused_or_gone(array(select membership_id from stats_current_paused_or_gone));
  return null;
end
$$;
create trigger membership_pauses_paused_or_gone_truncate after truncate on membership_pauses
  for each statement execute function stats_paused_or_gone_pauses_clear();

-- A membership written (a new one, the current flag moving, a cancellation, a failure, a new expiry): only one
-- already in the set, or with an open pause, or of a deleted account, can be in it now (a bulk insert of
-- millions, as seed:scale's, refreshes none). Its deletion takes its row with it (the foreign key).
create function stats_paused_or_gone_memberships() returns trigger language plpgsql as $$
begin
  perform stats_refresh_paused_or_gone(array(select n.id from new_rows n
    where exists (select 1 from stats_current_paused_or_gone s where s.membership_id = n.id)
      or exists (select 1 from membership_pauses p where p.membership_id = n.id and p.resumed_at is null)
      or exists (select 1 from users u where u.id = n.user_id and u.deleted_at is not null)));
  return null;
end
$$;
create trigger memberships_paused_or_gone_insert after insert on memberships referencing new table as new_rows
  for each statement execute function stats_paused_or_gone_memberships();
create trigger memberships_paused_or_gone_update after update on memberships
  referencing old table as old_rows new table as new_rows
  for each statement execute function stats_paused_or_gone_memberships();

-- An account deleted (decision 0024, a merge) or restored: its memberships. Its hard deletion cascades to them.
create function stats_paused_or_gone_users() returns trigger language plpgsql as $$
begin
  perform stats_refresh_paused_or_gone(array(select m.id from new_rows n join old_rows o on o.id = n.id
    join memberships m on m.user_id = n.id
    where (n.deleted_at is null) <> (o.deleted_at is null)));
  return null;
end
$$;
create trigger users_paused_or_gone_update after update on users
  referencing old table as old_rows new table as new_rows
  for each statement execute function stats_paused_or_gone_users();

-- What is there already.
select stats_refresh_paused_or_gone(array(
  select membership_id from membership_pauses where resumed_at is null
  union
  select m.id from memberships m join users u on u.id = m.user_id where u.deleted_at is not null));
