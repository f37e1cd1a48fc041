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

/** Where the member's latest membership is ("the term that counts", memberships/queries.ts). */
export async function overviewCounts(db: Kysely<DB>, today: DateString) {
  const { rows } = await sql<{
    annual: number;
    one_time: number;
    paused: number;
    expired: number;
  }>`with cur as (
      select distinct on (m.user_id) m.id, m.user_id, m.type, m.expire_at, m.pending, m.failed, m.cancelled_at
      from memberships m order by m.user_id, m.id desc
    ), live as (
      select cur.type, cur.expire_at, exists (select 1 from membership_pauses p where p.membership_id = cur.id
        and p.resumed_at is null) as paused
      from cur join users u on u.id = cur.user_id
      where u.deleted_at is null and not cur.pending and not cur.failed and cur.cancelled_at is null
    )
    select
      count(*) filter (where type = 'annual' and (expire_at is null or expire_at >= ${today}::date)
        and not paused)::int as annual,
      count(*) filter (where type = 'one_time' and (expire_at is null or expire_at >= ${today}::date)
        and not paused)::int as one_time,
      count(*) filter (where (expire_at is null or expire_at >= ${today}::date) and paused)::int as paused,
      count(*) filter (where expire_at < ${today}::date)::int as expired
    from live`.execute(db);
  return rows[0];
}

export async function activeCompanyCount(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from businesses
    where not is_individual and is_active and deleted_at is null`.execute(db);
  return rows[0].n;
}

/**
 * Members set up wrongly: an account that is not deleted, not an administrator, holds a membership (so its
 * tests go through a business's i3 set-up) and has no primary business to govern it.
 */
const withoutPrimary = (db: Kysely<DB>) =>
  db.selectFrom("users as u")
    .where("u.deleted_at", "is", null).where("u.is_admin", "=", false)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom("memberships as m").select("m.id").whereRef("m.user_id", "=", "u.id"))
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(
        selectFrom("business_users as bu").select("bu.id").whereRef("bu.user_id", "=", "u.id")
          .where("bu.is_primary", "=", true).where("bu.removed_at", "is", null),
      ))
    );

export async function usersWithoutPrimaryCount(db: Kysely<DB>): Promise<number> {
  const row = await withoutPrimary(db).select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of those users after `afterId`, by id (the CSV is written page by page, never whole in memory). */
export function usersWithoutPrimaryPage(db: Kysely<DB>, afterId: number, limit: number) {
  return withoutPrimary(db)
    .select(["u.id", "u.email", "u.first_name", "u.last_name", "u.member_number", "u.phone", "u.created_at"])
    .where("u.id", ">", afterId).orderBy("u.id").limit(limit).execute();
}

/** Companies existing at each month's end, and their employees per company then. */
export async function companyBreakdown(db: Kysely<DB>, r: MonthRange) {
  const { rows } = await sql<{ m: string; companies: number; employees: number }>`
    with ev as (
      select greatest(to_char(created_at at time zone ${r.timeZone}, 'YYYY-MM'), ${r.start}) as m, 1 as c, 0 as e
        from businesses where not is_individual
      union all
      select greatest(to_char(deleted_at at time zone ${r.timeZone}, 'YYYY-MM'), ${r.start}), -1, 0
        from businesses where not is_individual and deleted_at is not null
      union all
      select greatest(to_char(bu.created_at at time zone ${r.timeZone}, 'YYYY-MM'), ${r.start}), 0, 1
        from business_users bu join businesses b on b.id = bu.business_id
        where bu.is_employee and not b.is_individual
      union all
      select greatest(to_char(least(bu.removed_at, b.deleted_at) at time zone ${r.timeZone}, 'YYYY-MM'), ${r.start}),
        0, -1
        from business_users bu join businesses b on b.id = bu.business_id
        where bu.is_employee and not b.is_individual and (bu.removed_at is not null or b.deleted_at is not null)
    ), per as (select m, sum(c) as c, sum(e) as e from ev where m <= ${r.end} group by m)
    select months.m, (sum(coalesce(per.c, 0)) over w)::int as companies,
      (sum(coalesce(per.e, 0)) over w)::int as employees
    from (${months(r)}) months left join per using (m)
    window w as (order by months.m) order by months.m`.execute(db);
  return rows;
}

/**
 * Annual terms in force at each month's end, paid by a company or by the member. A term counts from the first
 * day of its year of cover (an early renewal's year starts the day after the old expiry, so a member is not
 * counted twice) until its expiry date or its cancellation.
 */
export async function consortiumMembership(db: Kysely<DB>, r: MonthRange) {
  const { rows } = await sql<{ m: string; company: number; individual: number }>`
    with terms as (
      select business_id is not null as company,
        to_char(case when is_renewal then greatest((starts_at at time zone ${r.timeZone})::date,
          (expire_at - interval '1 year' + interval '1 day')::date) else (starts_at at time zone ${r.timeZone})::date
          end, 'YYYY-MM') as m_in,
        coalesce(least(to_char(expire_at + 1, 'YYYY-MM'), to_char(cancelled_at at time zone ${r.timeZone}, 'YYYY-MM')),
          '9999-12') as m_out
      from memberships where type = 'annual' and not failed and not pending
    ), ev as (
      select greatest(m_in, ${r.start}) as m, company, 1 as d from terms where m_in < m_out
      union all
      select greatest(m_out, ${r.start}), company, -1 from terms where m_in < m_out
    ), per as (
      select m, sum(d) filter (where company) as c, sum(d) filter (where not company) as i
      from ev where m <= ${r.end} group by m
    )
    select months.m, (sum(coalesce(per.c, 0)) over w)::int as company,
      (sum(coalesce(per.i, 0)) over w)::int as individual
    from (${months(r)}) months left join per using (m)
    window w as (order by months.m) order by months.m`.execute(db);
  return rows;
}

/**
 * Per month: new annual memberships, renewals, and churn (annual terms cancelled that month, or whose cover
 * ended that month, by `today`, with no later membership of the member).
 */
export async function membershipDecomposition(
  db: Kysely<DB>,
  r: MonthRange & { from: Date; to: Date; today: DateString },
) {
  const { rows } = await sql<{ m: string; new: number; renewal: number; churn: number }>`
    with started as (
      select to_char(starts_at at time zone ${r.timeZone}, 'YYYY-MM') as m,
        count(*) filter (where not is_renewal) as n, count(*) filter (where is_renewal) as rn
      from memberships where type = 'annual' and not failed and not pending
        and starts_at >= ${r.from} and starts_at < ${r.to}
      group by 1
    ), cancelled as (
      select to_char(cancelled_at at time zone ${r.timeZone}, 'YYYY-MM') as m, count(*) as n
      from memberships where type = 'annual' and not failed and not pending
        and cancelled_at >= ${r.from} and cancelled_at < ${r.to}
      group by 1
    ), lapsed as (
      select to_char(expire_at + 1, 'YYYY-MM') as m, count(*) as n
      from memberships m where type = 'annual' and not failed and not pending and cancelled_at is null
        and expire_at >= ${r.start + "-01"}::date - 1
        and expire_at < (${r.end + "-01"}::date + interval '1 month')::date - 1
        and expire_at < ${r.today}::date
        and not exists (select 1 from memberships x where x.user_id = m.user_id and x.id > m.id
          and not x.failed and not x.pending)
      group by 1
    )
    select months.m, coalesce(started.n, 0)::int as new, coalesce(started.rn, 0)::int as renewal,
      (coalesce(cancelled.n, 0) + coalesce(lapsed.n, 0))::int as churn
    from (${
    months(r)
  }) months left join started using (m) left join cancelled using (m) left join lapsed using (m)
    order by months.m`.execute(db);
  return rows;
}

/** One-time drug test memberships bought per month. */
export async function oneTimeMemberships(db: Kysely<DB>, r: MonthRange & { from: Date; to: Date }) {
  const { rows } = await sql<{ m: string; count: number }>`
    with per as (
      select to_char(starts_at at time zone ${r.timeZone}, 'YYYY-MM') as m, count(*) as n
      from memberships where type = 'one_time' and not failed and not pending
        and starts_at >= ${r.from} and starts_at < ${r.to}
      group by 1
    )
    select months.m, coalesce(per.n, 0)::int as count
    from (${months(r)}) months left join per using (m) order by months.m`.execute(db);
  return rows;
}

/** Each random pool of the range (by its year and month) with its selected members' outcomes. */
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
      count(c.id) filter (where not c.exempt and t.status = 'resulted'
        and t.result in ('negative', 'negative_dilute'))::int as test_completed,
      count(c.id) filter (where not c.exempt and (t.id is null or t.status <> 'resulted'
        or t.result = 'cancelled'))::int as incomplete,
      count(c.id) filter (where not c.exempt and t.status = 'resulted'
        and t.result in ('positive', 'refusal'))::int as failed,
      count(c.id) filter (where c.exempt)::int as exempt,
      count(c.id)::int as total
    from random_pools p
    left join random_candidates c on c.pool_id = p.id and c.selected
    left join drug_tests t on t.id = c.drug_test_id
    where p.year * 100 + p.month between ${sy * 100 + sm} and ${ey * 100 + em}
      and p.status not in ('draft', 'building')
    group by p.id order by p.year, p.month, p.id`.execute(db);
  return rows;
}
