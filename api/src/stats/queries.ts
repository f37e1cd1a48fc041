/**
 * The SQL of the administrators' analytics (admin spec §2 "Overview analytics", §3 payloads). Every monthly
 * figure is bucketed by the office month (`to_char(t at time zone tz, 'YYYY-MM')`, decision 0015). Figures
 * that are "as of a month end" (companies, members in force) are running sums of +1/-1 events, so a five-year
 * range costs one pass over the table, not one per month (decision 0031, docs/benchmarks.md).
 */
import { type Kysely, sql } from "kysely";
import type { DateString, DB } from "../db/types.ts";

/** A range of office months: 'YYYY-MM' first and last, inclusive. */
export interface MonthRange {
  start: string;
  end: string;
  timeZone: string;
}

const months = (r: MonthRange) =>
  sql`select to_char(d, 'YYYY-MM') as m
    from generate_series(${r.start + "-01"}::date, ${r.end + "-01"}::date, interval '1 month') d`;

/**
 * The members' current memberships (the latest row, flagged `is_current` by a trigger) by state, from two roll-ups
 * kept by triggers: the current, live ones by type and expiry day (sql/0060), less those set aside, with an open
 * pause or of a deleted account (sql/0063). Deleted accounts count nowhere; paused ones only while not expired.
 */
export async function overviewCounts(db: Kysely<DB>, today: DateString) {
  const { rows } = await sql<{
    annual: number;
    one_time: number;
    paused: number;
    expired: number;
  }>`with base as (
      -- 'infinity' stands for no expiry (sql/0060): always on or after today.
      select type, sum(n) filter (where expire_on >= ${today}::date) as live,
        sum(n) filter (where expire_on < ${today}::date) as expired
      from stats_current_memberships group by type
    ), aside as (
      select type, expire_on >= ${today}::date as live, paused, gone, count(*) as n
      from stats_current_paused_or_gone group by 1, 2, 3, 4
    )
    select
      (coalesce((select live from base where type = 'annual'), 0)
        - coalesce((select sum(n) from aside where type = 'annual' and live), 0))::int as annual,
      (coalesce((select live from base where type = 'one_time'), 0)
        - coalesce((select sum(n) from aside where type = 'one_time' and live), 0))::int as one_time,
      coalesce((select sum(n) from aside where live and paused and not gone), 0)::int as paused,
      (coalesce((select sum(expired) from base), 0)
        - coalesce((select sum(n) from aside where not live and gone), 0))::int as expired`.execute(db);
  return rows[0];
}

export async function activeCompanyCount(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from businesses
    where not is_individual and is_active and deleted_at is null`.execute(db);
  return rows[0].n;
}

/**
 * Members set up wrongly: an account that is not deleted, not an administrator, holds a membership (so its
 * tests go through a business's i3 set-up) and has no primary business to govern it. Kept by triggers in
 * `stats_misconfigured_users` (sql/0021).
 */
export async function usersWithoutPrimaryCount(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom("stats_misconfigured_users").select((eb) =>
    eb.fn.countAll<number>().as("n")
  )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of those users after `afterId`, by id (the CSV is written page by page, never whole in memory). */
export function usersWithoutPrimaryPage(db: Kysely<DB>, afterId: number, limit: number) {
  return db.selectFrom("stats_misconfigured_users as s").innerJoin("users as u", "u.id", "s.user_id")
    .select(["u.id", "u.email", "u.first_name", "u.last_name", "u.member_number", "u.phone", "u.created_at"])
    .where("s.user_id", ">", afterId).orderBy("s.user_id").limit(limit).execute();
}

/** Companies existing at each month's end, and their employees then (roll-up `stats_hourly`, sql/0021). */
export async function companyBreakdown(db: Kysely<DB>, r: MonthRange & { to: Date }) {
  const { rows } = await sql<{ m: string; companies: number; employees: number }>`
    with raw as (
      -- Grouped by date_trunc first and written as text after: to_char on every row costs more.
      select date_trunc('month', hour at time zone ${r.timeZone}) as mt,
        sum(case metric when 'company_in' then n when 'company_out' then -n else 0 end) as c,
        sum(case metric when 'employee_in' then n when 'employee_out' then -n else 0 end) as e
      from stats_hourly
      where metric in ('company_in', 'company_out', 'employee_in', 'employee_out') and hour < ${r.to}
      group by 1
    ), per as (
      select greatest(to_char(mt, 'YYYY-MM'), ${r.start}) as m, sum(c) as c, sum(e) as e from raw group by 1
    )
    select months.m, (sum(coalesce(per.c, 0)) over w)::int as companies,
      (sum(coalesce(per.e, 0)) over w)::int as employees
    from (${months(r)}) months left join per using (m)
    window w as (order by months.m) order by months.m`.execute(db);
  return rows;
}

/**
 * Annual terms in force at each month's end, paid by a company or by the member: the running sum of the
 * terms' in and out events (roll-ups, sql/0021). A term counts from its start (a renewal from the day after
 * the old expiry, so a member is not counted twice) until its cancellation or the day after its expiry.
 */
export async function consortiumMembership(db: Kysely<DB>, r: MonthRange & { to: Date }) {
  const endDay = nextMonthFirst(r.end);
  const { rows } = await sql<{ m: string; company: number; individual: number }>`
    with ev as (
      select to_char(mt, 'YYYY-MM') as m, metric, n from (
        select date_trunc('month', hour at time zone ${r.timeZone}) as mt, metric, sum(n) as n from stats_hourly
        where metric in ('in_company', 'in_individual', 'out_company', 'out_individual') and hour < ${r.to}
        group by 1, 2
      ) h
      union all
      select to_char(day, 'YYYY-MM'), metric, n from stats_daily
        where metric in ('in_company', 'in_individual', 'out_company', 'out_individual') and day < ${endDay}::date
    ), per as (
      select greatest(m, ${r.start}) as m,
        sum(case metric when 'in_company' then n when 'out_company' then -n else 0 end) as c,
        sum(case metric when 'in_individual' then n when 'out_individual' then -n else 0 end) as i
      from ev group by 1
    )
    select months.m, (sum(coalesce(per.c, 0)) over w)::int as company,
      (sum(coalesce(per.i, 0)) over w)::int as individual
    from (${months(r)}) months left join per using (m)
    window w as (order by months.m) order by months.m`.execute(db);
  return rows;
}

/** 'YYYY-MM-DD' of the first day after the month 'YYYY-MM'. */
function nextMonthFirst(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

/**
 * Per month: new annual memberships, renewals, and churn: annual terms cancelled that month, plus members'
 * current terms whose cover ended that month (by `today`), i.e. that were not followed by another membership.
 */
export async function membershipDecomposition(
  db: Kysely<DB>,
  r: MonthRange & { from: Date; to: Date; today: DateString },
) {
  const { rows } = await sql<{ m: string; new: number; renewal: number; churn: number }>`
    with per as (
      select to_char(mt, 'YYYY-MM') as m, n, rn, churn from (
        select date_trunc('month', hour at time zone ${r.timeZone}) as mt,
          sum(n) filter (where metric = 'new') as n, sum(n) filter (where metric = 'renewal') as rn,
          sum(n) filter (where metric = 'cancel') as churn
        from stats_hourly where metric in ('new', 'renewal', 'cancel') and hour >= ${r.from} and hour < ${r.to}
        group by 1
      ) h
      union all
      select to_char(day, 'YYYY-MM'), 0, 0, sum(n) from stats_daily
      where metric = 'lapse' and day >= ${r.start + "-01"}::date and day < ${nextMonthFirst(r.end)}::date
        and day <= ${r.today}::date
      group by 1
    ), months_per as (
      select m, sum(coalesce(n, 0)) as n, sum(coalesce(rn, 0)) as rn, sum(coalesce(churn, 0)) as churn
      from per group by m
    )
    select months.m, coalesce(p.n, 0)::int as new, coalesce(p.rn, 0)::int as renewal,
      coalesce(p.churn, 0)::int as churn
    from (${months(r)}) months left join months_per p using (m)
    order by months.m`.execute(db);
  return rows;
}

/** One-time drug test memberships bought per month. */
export async function oneTimeMemberships(db: Kysely<DB>, r: MonthRange & { from: Date; to: Date }) {
  const { rows } = await sql<{ m: string; count: number }>`
    with per as (
      select to_char(mt, 'YYYY-MM') as m, n from (
        select date_trunc('month', hour at time zone ${r.timeZone}) as mt, sum(n) as n
        from stats_hourly where metric = 'one_time' and hour >= ${r.from} and hour < ${r.to}
        group by 1
      ) h
    )
    select months.m, coalesce(per.n, 0)::int as count
    from (${months(r)}) months left join per using (m) order by months.m`.execute(db);
  return rows;
}

/** Each random pool of the range (by its year and month) with its selected members' outcomes (roll-up). */
export async function randomsOutcomes(db: Kysely<DB>, r: MonthRange) {
  const [sy, sm] = r.start.split("-").map(Number);
  const [ey, em] = r.end.split("-").map(Number);
  const { rows } = await sql<{
    order_date: string;
    test_completed: number;
    incomplete: number;
    failed: number;
    exempt: number;
    total: number;
  }>`
    select to_char(coalesce((p.ordered_at at time zone ${r.timeZone})::date, make_date(p.year, p.month, 1)),
        'YYYY-MM-DD') as order_date,
      coalesce(sum(o.n) filter (where o.outcome = 'completed'), 0)::int as test_completed,
      coalesce(sum(o.n) filter (where o.outcome = 'incomplete'), 0)::int as incomplete,
      coalesce(sum(o.n) filter (where o.outcome = 'failed'), 0)::int as failed,
      coalesce(sum(o.n) filter (where o.outcome = 'exempt'), 0)::int as exempt,
      coalesce(sum(o.n), 0)::int as total
    from random_pools p left join stats_pool_outcomes o on o.pool_id = p.id
    where p.year * 100 + p.month between ${sy * 100 + sm} and ${ey * 100 + em}
      and p.status not in ('draft', 'building')
    group by p.id order by p.year, p.month, p.id`.execute(db);
  return rows;
}
