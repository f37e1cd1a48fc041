-- Analytics that answer fast at 250,000 members (decision 0031): the member's current membership is flagged,
-- and the charts read roll-ups kept up to date by statement triggers, in the same transaction as the change.
--
-- Roll-ups hold counts per UTC hour (instants) or per day (dates); the API sums them into office months at read
-- time, so the office time zone stays a setting (exact for zones whose offset is whole hours, as all US zones).
-- Each trigger subtracts the old rows' contribution and adds the new rows', from the transition tables.

-- The member's latest membership ("the term that counts", memberships/queries.ts currentMembership).
alter table memberships add column is_current boolean not null default false;
update memberships set is_current = true where id in (select max(id) from memberships group by user_id);

create function memberships_mark_current() returns trigger language plpgsql as $$
begin
  update memberships m set is_current = (m.id = l.max_id)
  from (select x.user_id, max(x.id) as max_id from memberships x
        where x.user_id in (select user_id from changed) group by x.user_id) l
  where m.user_id = l.user_id and m.is_current <> (m.id = l.max_id);
  return null;
end
$$;
create trigger memberships_current_insert after insert on memberships referencing new table as changed
  for each statement execute function memberships_mark_current();
create trigger memberships_current_delete after delete on memberships referencing old table as changed
  for each statement execute function memberships_mark_current();

-- The overview tiles: an index-only count of the current, live memberships by type and expiry.
create index memberships_current_live_idx on memberships (type, expire_at)
  where is_current and not failed and not pending and cancelled_at is null;
create index users_deleted_idx on users (id) where deleted_at is not null;
-- Members without a primary business (the "Users Improperly Configured" tile and its CSV): kept as a set of
-- user ids, refreshed for the users a statement touched (their memberships, business links or account).
create table stats_misconfigured_users (
  user_id integer primary key references users (id) on delete cascade
);

create function stats_refresh_misconfigured(ids integer[]) returns void language sql as $$
  delete from stats_misconfigured_users s using unnest(ids) i(id) where s.user_id = i.id;
  insert into stats_misconfigured_users (user_id)
  select u.id from unnest(ids) i(id) join users u on u.id = i.id
  where u.deleted_at is null and not u.is_admin
    and exists (select 1 from memberships m where m.user_id = u.id)
    and not exists (select 1 from business_users bu where bu.user_id = u.id and bu.is_primary
      and bu.removed_at is null);
$$;

create function stats_misconfigured_apply() returns trigger language plpgsql as $$
declare
  col text := case tg_table_name when 'users' then 'id' else 'user_id' end;
  ids integer[];
begin
  execute format(case tg_op
    when 'INSERT' then 'select array(select distinct %1$I from new_rows)'
    when 'DELETE' then 'select array(select distinct %1$I from old_rows)'
    else 'select array(select %1$I from new_rows union select %1$I from old_rows)' end, col) into ids;
  perform stats_refresh_misconfigured(ids);
  return null;
end
$$;
create trigger memberships_misconfigured_insert after insert on memberships referencing new table as new_rows
  for each statement execute function stats_misconfigured_apply();
create trigger memberships_misconfigured_delete after delete on memberships referencing old table as old_rows
  for each statement execute function stats_misconfigured_apply();
create trigger business_users_misconfigured_insert after insert on business_users
  referencing new table as new_rows for each statement execute function stats_misconfigured_apply();
create trigger business_users_misconfigured_update after update on business_users
  referencing old table as old_rows new table as new_rows
  for each statement execute function stats_misconfigured_apply();
create trigger business_users_misconfigured_delete after delete on business_users
  referencing old table as old_rows for each statement execute function stats_misconfigured_apply();
create trigger users_misconfigured_update after update on users
  referencing old table as old_rows new table as new_rows
  for each statement execute function stats_misconfigured_apply();
-- The Active Companies tile.
create index businesses_active_company_idx on businesses (id)
  where not is_individual and is_active and deleted_at is null;

create table stats_hourly (
  metric text not null,
  hour timestamptz not null,
  n integer not null,
  primary key (metric, hour)
);
create table stats_daily (
  metric text not null,
  day date not null,
  n integer not null,
  primary key (metric, day)
);
create table stats_pool_outcomes (
  pool_id integer not null references random_pools (id) on delete cascade,
  outcome text not null check (outcome in ('completed', 'incomplete', 'failed', 'exempt')),
  n integer not null,
  primary key (pool_id, outcome)
);

-- Memberships: new, renewal, one-time and cancellation instants; the consortium's in and out events (a term
-- counts from its start, a renewal from the day after the old expiry, until its cancellation or the day
-- after its expiry; a renewal cancelled before its year began never counts); lapses of current terms.
-- `source` yields membership rows with a sign column s.
create function stats_memberships_sql(source text) returns text[] language sql immutable as $$
  select array[
    format($q$
      insert into stats_hourly (metric, hour, n)
      select v.metric, date_trunc('hour', v.at), sum(m.s)::int
      from %1$s m
      cross join lateral (select case when m.business_id is null then 'individual' else 'company' end as kind,
        m.is_renewal and m.cancelled_at is not null
          and m.cancelled_at < (m.expire_at - interval '1 year')::date + 1 as early) k
      cross join lateral (values
        ('new', case when m.type = 'annual' and not m.is_renewal then m.starts_at end),
        ('renewal', case when m.type = 'annual' and m.is_renewal then m.starts_at end),
        ('one_time', case when m.type = 'one_time' then m.starts_at end),
        ('cancel', case when m.type = 'annual' then m.cancelled_at end),
        ('in_' || k.kind, case when m.type = 'annual' and not m.is_renewal then m.starts_at end),
        ('out_' || k.kind, case when m.type = 'annual' and not coalesce(k.early, false) then m.cancelled_at end)
      ) v(metric, at)
      where not m.failed and not m.pending and v.at is not null
      group by 1, 2 having sum(m.s) <> 0
      on conflict (metric, hour) do update set n = stats_hourly.n + excluded.n
    $q$, source),
    format($q$
      insert into stats_daily (metric, day, n)
      select v.metric, v.day, sum(m.s)::int
      from %1$s m
      cross join lateral (select case when m.business_id is null then 'individual' else 'company' end as kind,
        m.is_renewal and m.cancelled_at is not null
          and m.cancelled_at < (m.expire_at - interval '1 year')::date + 1 as early) k
      cross join lateral (values
        ('in_' || k.kind, case when m.is_renewal and not coalesce(k.early, false)
          then (m.expire_at - interval '1 year')::date + 1 end),
        ('out_' || k.kind, case when m.cancelled_at is null then m.expire_at + 1 end),
        ('lapse', case when m.cancelled_at is null and m.is_current then m.expire_at + 1 end)
      ) v(metric, day)
      where m.type = 'annual' and not m.failed and not m.pending and v.day is not null
      group by 1, 2 having sum(m.s) <> 0
      on conflict (metric, day) do update set n = stats_daily.n + excluded.n
    $q$, source)
  ]
$$;

create function stats_memberships_apply() returns trigger language plpgsql as $$
declare
  q text;
begin
  foreach q in array stats_memberships_sql(case tg_op
    when 'INSERT' then '(select n.*, 1 as s from new_rows n)'
    when 'DELETE' then '(select o.*, -1 as s from old_rows o)'
    else '(select n.*, 1 as s from new_rows n union all select o.*, -1 as s from old_rows o)' end)
  loop
    execute q;
  end loop;
  return null;
end
$$;
create trigger memberships_stats_insert after insert on memberships referencing new table as new_rows
  for each statement execute function stats_memberships_apply();
create trigger memberships_stats_update after update on memberships
  referencing old table as old_rows new table as new_rows
  for each statement execute function stats_memberships_apply();
create trigger memberships_stats_delete after delete on memberships referencing old table as old_rows
  for each statement execute function stats_memberships_apply();

-- Companies (not self-employed) exist from created_at to deleted_at; an employee link counts from its creation
-- until it is removed or its company is deleted. `source` yields (kind 'company' or 'employee', at_in, at_out, s).
create function stats_companies_sql(source text) returns text language sql immutable as $$
  select format($q$
    insert into stats_hourly (metric, hour, n)
    select v.metric, date_trunc('hour', v.at), sum(e.s)::int
    from %1$s e
    cross join lateral (values (e.kind || '_in', e.at_in), (e.kind || '_out', e.at_out)) v(metric, at)
    where v.at is not null
    group by 1, 2 having sum(e.s) <> 0
    on conflict (metric, hour) do update set n = stats_hourly.n + excluded.n
  $q$, source)
$$;

create function stats_businesses_apply() returns trigger language plpgsql as $$
declare
  src text;
begin
  -- The company's own events, then its employee links seen through the old and the new company row.
  src := case tg_op
    when 'INSERT' then $s$(select b.*, 1 as s from new_rows b)$s$
    when 'DELETE' then $s$(select b.*, -1 as s from old_rows b)$s$
    else $s$(select b.*, 1 as s from new_rows b union all select b.*, -1 as s from old_rows b)$s$ end;
  execute stats_companies_sql(format(
    $s$(select 'company' as kind, b.created_at as at_in, b.deleted_at as at_out, b.s from %s b
        where not b.is_individual
      union all
      select 'employee', bu.created_at, least(bu.removed_at, b.deleted_at), b.s from %s b
        join business_users bu on bu.business_id = b.id
        where not b.is_individual and bu.is_employee)$s$, src, src));
  return null;
end
$$;
create trigger businesses_stats_insert after insert on businesses referencing new table as new_rows
  for each statement execute function stats_businesses_apply();
create trigger businesses_stats_update after update on businesses
  referencing old table as old_rows new table as new_rows
  for each statement execute function stats_businesses_apply();
create trigger businesses_stats_delete after delete on businesses referencing old table as old_rows
  for each statement execute function stats_businesses_apply();

create function stats_business_users_apply() returns trigger language plpgsql as $$
declare
  src text;
begin
  src := case tg_op
    when 'INSERT' then $s$(select x.*, 1 as s from new_rows x)$s$
    when 'DELETE' then $s$(select x.*, -1 as s from old_rows x)$s$
    else $s$(select x.*, 1 as s from new_rows x union all select x.*, -1 as s from old_rows x)$s$ end;
  execute stats_companies_sql(format(
    $s$(select 'employee' as kind, bu.created_at as at_in, least(bu.removed_at, b.deleted_at) as at_out, bu.s
        from %s bu join businesses b on b.id = bu.business_id
        where not b.is_individual and bu.is_employee)$s$, src));
  return null;
end
$$;
create trigger business_users_stats_insert after insert on business_users referencing new table as new_rows
  for each statement execute function stats_business_users_apply();
create trigger business_users_stats_update after update on business_users
  referencing old table as old_rows new table as new_rows
  for each statement execute function stats_business_users_apply();
create trigger business_users_stats_delete after delete on business_users referencing old table as old_rows
  for each statement execute function stats_business_users_apply();

-- Random pools: each selected candidate's outcome, from its drug test (negative: completed; positive or
-- refusal: failed; anything else, or no test yet: incomplete), or exempt.
create function stats_pools_sql(source text) returns text language sql immutable as $$
  select format($q$
    insert into stats_pool_outcomes (pool_id, outcome, n)
    select c.pool_id, case when c.exempt then 'exempt'
        when c.status = 'resulted' and c.result in ('negative', 'negative_dilute') then 'completed'
        when c.status = 'resulted' and c.result in ('positive', 'refusal') then 'failed'
        else 'incomplete' end, sum(c.s)::int
    from %1$s c
    -- A pool being deleted takes its roll-up with it (cascade): nothing to subtract from.
    where c.selected and exists (select 1 from random_pools p where p.id = c.pool_id)
    group by 1, 2 having sum(c.s) <> 0
    on conflict (pool_id, outcome) do update set n = stats_pool_outcomes.n + excluded.n
  $q$, source)
$$;

create function stats_candidates_apply() returns trigger language plpgsql as $$
declare
  src text;
begin
  src := case tg_op
    when 'INSERT' then $s$(select x.*, 1 as s from new_rows x)$s$
    when 'DELETE' then $s$(select x.*, -1 as s from old_rows x)$s$
    else $s$(select x.*, 1 as s from new_rows x union all select x.*, -1 as s from old_rows x)$s$ end;
  execute stats_pools_sql(format(
    $s$(select c.pool_id, c.selected, c.exempt, t.status, t.result, c.s from %s c
        left join drug_tests t on t.id = c.drug_test_id)$s$, src));
  return null;
end
$$;
create trigger random_candidates_stats_insert after insert on random_candidates
  referencing new table as new_rows for each statement execute function stats_candidates_apply();
create trigger random_candidates_stats_update after update on random_candidates
  referencing old table as old_rows new table as new_rows
  for each statement execute function stats_candidates_apply();
create trigger random_candidates_stats_delete after delete on random_candidates
  referencing old table as old_rows for each statement execute function stats_candidates_apply();

-- A drug test's new status or result moves its candidate between outcomes.
create function stats_tests_apply() returns trigger language plpgsql as $$
begin
  execute stats_pools_sql($s$(select c.pool_id, c.selected, c.exempt, t.status, t.result, t.s
      from (select n.id, n.status, n.result, 1 as s from new_rows n
            union all select o.id, o.status, o.result, -1 as s from old_rows o) t
      join random_candidates c on c.drug_test_id = t.id)$s$);
  return null;
end
$$;
create trigger drug_tests_stats_update after update on drug_tests
  referencing old table as old_rows new table as new_rows
  for each statement execute function stats_tests_apply();

-- What is there already.
do $$
declare
  q text;
begin
  foreach q in array stats_memberships_sql('(select m.*, 1 as s from memberships m)') loop
    execute q;
  end loop;
  execute stats_companies_sql($s$(select 'company' as kind, created_at as at_in, deleted_at as at_out, 1 as s
      from businesses where not is_individual
    union all
    select 'employee', bu.created_at, least(bu.removed_at, b.deleted_at), 1 from business_users bu
      join businesses b on b.id = bu.business_id where not b.is_individual and bu.is_employee)$s$);
  execute stats_pools_sql($s$(select c.pool_id, c.selected, c.exempt, t.status, t.result, 1 as s
      from random_candidates c left join drug_tests t on t.id = c.drug_test_id)$s$);
  perform stats_refresh_misconfigured(array(select distinct user_id from memberships));
end
$$;
