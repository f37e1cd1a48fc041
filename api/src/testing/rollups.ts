/**
 * The roll-ups kept by triggers (decision 0096) next to what they stand for, counted from the tables: for the
 * seeded-sequence test (stats/rollups.test.ts) and the scale data set's test (its bulk inserts go through the
 * same triggers).
 */

/** The tiles of decision 0031 counted from the tables: the current, live memberships of live accounts. */
export const OVERVIEW_DIRECT = `with live as (
    select m.type, m.expire_at,
      exists (select 1 from membership_pauses p where p.membership_id = m.id and p.resumed_at is null) as paused
    from memberships m join users u on u.id = m.user_id
    where m.is_current and u.deleted_at is null and not m.failed and not m.pending and m.cancelled_at is null
  )
  select
    count(*) filter (where type = 'annual' and (expire_at is null or expire_at >= $1::date) and not paused)::int
      as annual,
    count(*) filter (where type = 'one_time' and (expire_at is null or expire_at >= $1::date) and not paused)::int
      as one_time,
    count(*) filter (where (expire_at is null or expire_at >= $1::date) and paused)::int as paused,
    count(*) filter (where expire_at < $1::date)::int as expired
  from live`;

/**
 * Each roll-up's rows next to a rebuild from the tables, as text: `<name>_kept` equals `<name>_rebuilt` when
 * the roll-up is right.
 */
export const ROLLUPS = `select
  (select coalesce(string_agg(type || expire_on || ':' || n, ' ' order by type, expire_on), '')
    from stats_current_memberships where n <> 0) as current_kept,
  (select coalesce(string_agg(type || e || ':' || n, ' ' order by type, e), '') from (
    select type, coalesce(expire_at, 'infinity'::date) as e, count(*) as n from memberships
    where is_current and not failed and not pending and cancelled_at is null group by 1, 2) x) as current_rebuilt,
  (select coalesce(string_agg(concat_ws(',', membership_id, type, expire_on, paused, gone), ' '
    order by membership_id), '') from stats_current_paused_or_gone) as aside_kept,
  (select coalesce(string_agg(concat_ws(',', id, type, e, paused, gone), ' ' order by id), '') from (
    select m.id, m.type, coalesce(m.expire_at, 'infinity'::date) as e,
      exists (select 1 from membership_pauses p where p.membership_id = m.id and p.resumed_at is null) as paused,
      exists (select 1 from users u where u.id = m.user_id and u.deleted_at is not null) as gone
    from memberships m where m.is_current and not m.failed and not m.pending and m.cancelled_at is null) x
    where paused or gone) as aside_rebuilt,
  (select coalesce(string_agg(list || ':' || n, ' ' order by list), '') from stats_live_totals) as live_totals_kept,
  (select 'businesses:' || (select count(*) from businesses where deleted_at is null)
    || ' users:' || (select count(*) from users where deleted_at is null)) as live_totals_rebuilt`;

/** The names of the roll-ups whose kept rows differ from their rebuild (none when all are right). */
export function wrongRollups(row: Record<string, string>): string[] {
  return Object.keys(row).filter((k) => k.endsWith("_kept"))
    .map((k) => k.slice(0, -"_kept".length)).filter((name) => row[`${name}_kept`] !== row[`${name}_rebuilt`]);
}
