/**
 * The SQL of the scale data set (`deno task seed:scale`): one set-based statement per table, every value a
 * function of the seed and the row's number through `hashtext`, so the same seed, size and anchor day always
 * give the same consortium. Ids are explicit (offsets past the existing rows) so that rows can name each other
 * by arithmetic instead of by lookups; the identity sequences are moved past them at the end.
 */

export interface ScalePlan {
  /** Members (mariners) to create. */
  members: number;
  /** Companies: about one for every 12.5 members. */
  companies: number;
  /** Letters and digits only: it is written into the SQL text. */
  seed: string;
  /** 'YYYY-MM-DD': the day the data set ends on ("today" for the data); five years of history end here. */
  anchor: string;
  /** The office's time zone, for the dates of memberships. */
  timeZone: string;
  /** First free ids, per table. */
  base: Record<BaseTable, number>;
}

export const BASE_TABLES = [
  "users",
  "businesses",
  "memberships",
  "orders",
  "order_items",
  "drug_tests",
  "random_pools",
  "random_candidates",
  "notifications",
  "membership_pauses",
  "business_users",
] as const;
export type BaseTable = typeof BASE_TABLES[number];

/** The highest id of each table, in one row. */
export const BASE_SQL = `select ${
  BASE_TABLES.map((t) => `coalesce((select max(id) from ${t}), 0) as ${t}`).join(", ")
}`;

/** Months of history (five years), and the slots per member for membership ids. */
const MONTHS = 60;
const SLOTS = 8;

const FIRST = [
  "James",
  "Maria",
  "John",
  "Linda",
  "Robert",
  "Ana",
  "Michael",
  "Susan",
  "David",
  "Karen",
  "Luis",
  "Grace",
  "Tom",
  "Nina",
  "Paul",
  "Rosa",
  "Mark",
  "Joy",
  "Sam",
  "Eve",
];
const LAST = [
  "Boudreaux",
  "Smith",
  "Nguyen",
  "Garcia",
  "Johnson",
  "Thibodeaux",
  "Brown",
  "Lee",
  "Miller",
  "Davis",
  "Martin",
  "Lopez",
  "Clark",
  "Hebert",
  "Young",
  "King",
  "Wright",
  "Scott",
  "Green",
  "Baker",
];
const PAUSE_REASONS = [
  "No longer working on the water",
  "Currently out of season",
  "Joining a different consortium",
];
const textArray = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(",")}]`;

/** The statements, in order. Each is one statement (PGlite and postgres.js both take them one by one). */
export function scaleStatements(p: ScalePlan): { name: string; sql: string }[] {
  const A = `'${p.anchor} 12:00:00+00'::timestamptz`;
  const tz = `'${p.timeZone}'`;
  const b = p.base;
  /** A pseudo-random number in [0, 1) from the seed, a salt and a row expression. */
  const r = (salt: string, expr: string) =>
    `((hashtext('${p.seed}:${salt}:' || (${expr})::text)::bigint + 2147483648) / 4294967296.0)`;
  const pick = (xs: string[], salt: string, expr: string) =>
    `(${textArray(xs)})[1 + floor(${r(salt, expr)} * ${xs.length})::int]`;
  const N = p.members, C = p.companies;
  const S = Math.max(1, Math.floor(N / 24)); // randoms drawn per month: about 50 % a year
  const result = (salt: string, expr: string) =>
    `(case when ${r(salt, expr)} < 0.96 then 'negative' when ${r(salt, expr)} < 0.975 then 'negative_dilute'
      when ${r(salt, expr)} < 0.99 then 'positive' when ${
      r(salt, expr)
    } < 0.995 then 'refusal' else 'cancelled' end)`;
  return [
    {
      name: "clean",
      sql: "drop table if exists _scale_companies, _scale_members, _scale_terms, _scale_draws",
    },
    {
      // Most companies have 1 to 10 employees, some 11 to 50, one in a hundred has hundreds; scaled so that
      // about two members in three work for a company and the rest are independents.
      name: "companies plan",
      sql: `create table _scale_companies as
        with raw as (
          select j, case when ${r("size", "j")} < 0.01 then 100 + floor(${r("big", "j")} * 400)
                         when ${r("size", "j")} < 0.08 then 11 + floor(${r("big", "j")} * 40)
                         else 1 + floor(${r("big", "j")} * 10) end::int as raw
          from generate_series(1, ${C}) j
        ), scaled as (
          select j, greatest(1, floor(raw * least(1.0, ${N} * 0.65 / (sum(raw) over ())))::int) as size from raw
        )
        select j, size, (sum(size) over (order by j) - size + 1)::int as lo from scaled`,
    },
    {
      name: "members plan",
      sql: `create table _scale_members as
        with emp as (select c.j, c.lo + k as i from _scale_companies c, generate_series(0, c.size - 1) k)
        select g.i, emp.j,
          ${A} - ${r("join", "g.i")} * interval '1826 days' as joined,
          ${r("type", "g.i")} < 0.8 as annual,
          ${r("fate", "g.i")} as fate,
          ${r("paid", "g.i")} < 0.6 and emp.j is not null as company_paid
        from generate_series(1, ${N}) g(i) left join emp on emp.i = g.i`,
    },
    {
      // Annual members renew each year with a probability of 85 %; one-time members buy once, some twice.
      name: "terms plan",
      sql: `create table _scale_terms as
        select m.i, m.j, k, ${b.memberships} + (m.i - 1) * ${SLOTS} + k + 1 as n, m.annual, m.company_paid,
          m.joined + k * interval '1 year' as starts_at,
          k = terms - 1 as last, m.fate
        from (
          select *, case when annual then least(
              floor(extract(epoch from ${A} - joined) / 31557600)::int + 1,
              1 + floor(ln(1 - ${r("ret", "i")}) / ln(0.85))::int)
            else case when ${r("again", "i")} < 0.2 and joined < ${A} - interval '1 year' then 2 else 1 end
          end as terms from _scale_members
        ) m, generate_series(0, m.terms - 1) k`,
    },
    {
      name: "users",
      // Phones and credentials for the header search (decision 0070): ten-digit numbers and MMC numbers.
      sql:
        `insert into users (id, email, password_hash, first_name, last_name, member_number, phone, uscg_cred,
          city, state, country, is_der, created_at, updated_at)
        select ${b.users} + i, 'scale' || i || '@scale.apca.invalid', 'scale-no-sign-in',
          ${pick(FIRST, "first", "i")}, ${pick(LAST, "last", "i")}, 'S-' || i,
          '(985) ' || lpad((200 + i / 10000 % 800)::text, 3, '0') || '-' || lpad((i % 10000)::text, 4, '0'),
          'MMC-' || lpad((3000000 + i)::text, 7, '0'), 'Houma', 'LA',
          'United States of America', false, joined, joined from _scale_members
        union all
        select ${b.users} + ${N} + j, 'scale-der' || j || '@scale.apca.invalid', 'scale-no-sign-in',
          ${pick(FIRST, "first", "-j")}, ${pick(LAST, "last", "-j")}, null,
          '(504) ' || lpad((200 + j / 10000 % 800)::text, 3, '0') || '-' || lpad((j % 10000)::text, 4, '0'), null,
          'New Orleans', 'LA',
          'United States of America', true, ${A} - interval '1900 days', ${A} - interval '1900 days'
        from generate_series(1, ${C}) j`,
    },
    {
      name: "businesses",
      sql:
        `insert into businesses (id, name, dba_name, tax_id, email, is_individual, is_active, deactivation_reason,
          is_i3_setup, i3_location_code, der_user_id, created_at, updated_at, deleted_at)
        select ${b.businesses} + c.j, 'Scale Marine ' || c.j || ' LLC',
          case when c.j % 5 = 0 then 'Bayou Crew ' || c.j end,
          lpad((72 + c.j % 20)::text, 2, '0') || '-' || lpad((1000000 + c.j)::text, 7, '0'),
          'office' || c.j || '@scale.apca.invalid',
          false, ${r("active", "c.j")} >= 0.03, case when ${
          r("active", "c.j")
        } < 0.03 then 'Out of business' end,
          ${r("i3", "c.j")} < 0.9, case when ${r("i3", "c.j")} < 0.9 then 'SC-${p.seed}-' || c.j end,
          ${b.users} + ${N} + c.j, coalesce(e.first, ${A} - interval '1830 days') - interval '1 day',
          coalesce(e.first, ${A} - interval '1830 days'),
          case when ${r("gone", "c.j")} < 0.01 then ${A} - ${r("gone2", "c.j")} * interval '200 days' end
        from _scale_companies c
        left join (select j, min(joined) as first from _scale_members where j is not null group by j) e on e.j = c.j
        union all
        select ${b.businesses} + ${C} + m.i, u.first_name || ' ' || u.last_name, null, null, null, true, true, null,
          false, null,
          null, m.joined, m.joined, null
        from _scale_members m join users u on u.id = ${b.users} + m.i where m.j is null`,
    },
    {
      // One member in 250 has no primary business: the "Users Improperly Configured" tile.
      name: "business users",
      sql:
        `insert into business_users (id, business_id, user_id, is_owner, is_employee, is_primary, created_at)
        select ${b.business_users} + j, ${b.businesses} + j, ${b.users} + ${N} + j, true, false, false,
          ${A} - interval '1900 days' from generate_series(1, ${C}) j
        union all
        select ${b.business_users} + ${C} + i, ${b.businesses} + coalesce(j, ${C} + i), ${b.users} + i, j is null, true,
          ${r("primary", "i")} >= 0.004, joined from _scale_members`,
    },
    {
      name: "orders",
      sql:
        `insert into orders (id, kind, user_id, business_id, total_cents, status, payment_type, failure_reason,
          created_at, updated_at, completed_at)
        select ${b.orders} + (n - ${b.memberships}), 'membership', ${b.users} + i,
          case when company_paid then ${b.businesses} + j end,
          case when not annual then 7500 when k = 0 then 10500 else 9500 end,
          case when last and fate < 0.06 and fate >= 0.04 then 'failed' else 'completed' end, 'card',
          case when last and fate < 0.06 and fate >= 0.04 then 'Your card was declined.' end,
          starts_at, starts_at, case when not (last and fate < 0.06 and fate >= 0.04) then starts_at end
        from _scale_terms`,
    },
    {
      name: "order items",
      sql: `insert into order_items (id, order_id, name, cost_cents, quantity)
        select ${b.order_items} + (n - ${b.memberships}), ${b.orders} + (n - ${b.memberships}),
          case when annual then 'APCA annual membership' else 'APCA one-time drug test membership' end,
          case when not annual then 7500 when k = 0 then 10500 else 9500 end, 1
        from _scale_terms`,
    },
    {
      // Annual terms follow on from each other (old expiry + 1 year); 4 % of last terms are cancelled, 2 % failed.
      name: "memberships",
      sql:
        `insert into memberships (id, user_id, business_id, type, is_renewal, created_at, updated_at, starts_at,
          expire_at, has_expiration, failed, failure_reason, cancelled_at, autorenew, price_cents, order_id,
          is_current)
        select n, ${b.users} + i, case when company_paid then ${b.businesses} + j end,
          case when annual then 'annual' else 'one_time' end, k > 0, starts_at, starts_at, starts_at,
          case when annual then (((starts_at - k * interval '1 year') at time zone ${tz})::date
            + (k + 1) * interval '1 year')::date end,
          annual, last and fate >= 0.04 and fate < 0.06,
          case when last and fate >= 0.04 and fate < 0.06 then 'Your card was declined.' end,
          case when last and fate < 0.04 then starts_at + (least(${A}, starts_at + interval '1 year') - starts_at)
            * ${r("cancel", "n")} end,
          annual and ${r("auto", "i")} < 0.6,
          case when not annual then 7500 when k = 0 then 10500 else 9500 end,
          ${b.orders} + (n - ${b.memberships}),
          -- Set here as the trigger would (sql/0021), so that its catch-up update finds nothing to change.
          last
        from _scale_terms`,
    },
    {
      name: "pauses",
      sql: `insert into membership_pauses (id, membership_id, paused_at, resumed_at, reason)
        select ${b.membership_pauses} + n - ${b.memberships}, n, paused_at,
          case when ${
        r("resume", "n")
      } < 0.5 and paused_at + interval '45 days' < ${A} then paused_at + interval '45 days' end,
          ${pick(PAUSE_REASONS, "why", "n")}
        from (select n, starts_at + (least(${A}, starts_at + interval '1 year') - starts_at) * 0.8 * ${
        r("pause", "n")
      }
          as paused_at from _scale_terms where last and annual and fate >= 0.06 and fate < 0.09) t`,
    },
    {
      name: "pre-employment tests",
      sql:
        `insert into drug_tests (id, user_id, business_id, reason, status, result, i3_location_code, ordered_at,
          collected_at, resulted_at, retention_until, created_at, updated_at)
        select ${b.drug_tests} + i, ${b.users} + i, ${b.businesses} + coalesce(j, ${C} + i), 'pre_employment',
          case when done then 'resulted' else 'ordered' end, case when done then ${result("pre", "i")} end,
          'SC-${p.seed}-' || coalesce(j, 0), joined + interval '1 day', case when done then joined + interval '3 days' end,
          case when done then joined + interval '5 days' end,
          case when done then (joined + interval '5 days' + interval '5 years')::date end, joined, joined
        from (select *, joined < ${A} - interval '10 days' as done from _scale_members) m`,
    },
    {
      // One pool a month; members are drawn by a stride (distinct within a pool) among those who had joined.
      name: "random draws plan",
      sql: `create table _scale_draws as
        select p, k, m.i, m.j, ${b.random_pools} + p + 1 as pool_id, ${b.random_candidates} + p * ${S} + k + 1 as cid,
          ${b.drug_tests} + ${N} + p * ${S} + k + 1 as test_id, ${
        r("exempt", "p * 1000003 + k")
      } < 0.02 as exempt,
          pm + interval '2 days' + ${r("day", "p * 1000003 + k")} * interval '20 days' as ordered_at,
          ${r("outcome", "p * 1000003 + k")} as outcome, p = ${MONTHS - 1} as current
        from (select p, date_trunc('month', ${A} at time zone ${tz}) at time zone ${tz}
          - (${MONTHS - 1} - p) * interval '1 month' as pm from generate_series(0, ${MONTHS - 1}) p) pools
        cross join generate_series(0, ${S - 1}) k
        join _scale_members m on m.i = 1 + ((p * 7919 + k * 24) % ${N})
        where m.joined < pm`,
    },
    {
      name: "random pools",
      sql:
        `insert into random_pools (id, year, month, period, status, rate_percent, seed, commitment, algorithm,
          covered_count,
          selected_count, created_at, updated_at, built_at, ordered_at, completed_at)
        select ${b.random_pools} + p + 1, extract(year from pm)::int, extract(month from pm)::int, 'monthly',
          case when p = ${MONTHS - 1} then 'built' else 'complete' end, 50, '${p.seed}',
          encode(sha256(convert_to('${p.seed}', 'UTF8')), 'hex'), 'scale-stride',
          ${N}, 0, pm, pm, pm + interval '1 day', pm + interval '2 days',
          case when p < ${MONTHS - 1} then pm + interval '1 month' end
        from (select p, (date_trunc('month', ${A} at time zone ${tz}) - (${
          MONTHS - 1
        } - p) * interval '1 month')
          as pm from generate_series(0, ${MONTHS - 1}) p) pools
        where not exists (select 1 from random_pools x where x.year = extract(year from pm)::int
          and x.month = extract(month from pm)::int and x.period = 'monthly')`,
    },
    {
      name: "random tests",
      sql:
        `insert into drug_tests (id, user_id, business_id, reason, status, result, i3_location_code, ordered_at,
          collected_at, resulted_at, retention_until, created_at, updated_at)
        select test_id, ${b.users} + i, ${b.businesses} + coalesce(j, ${C} + i), 'random', st,
          case when st = 'resulted' then ${result("rnd", "test_id")} end, 'SC', ordered_at,
          case when st = 'resulted' then ordered_at + interval '1 day' end,
          case when st = 'resulted' then ordered_at + interval '3 days' end,
          case when st = 'resulted' then (ordered_at + interval '5 years')::date end, ordered_at, ordered_at
        from (select *, case when current and outcome < 0.7 or outcome < 0.04 then 'ordered'
            when outcome < 0.07 then 'cancelled' else 'resulted' end as st
          from _scale_draws d where not exempt and exists (select 1 from random_pools x where x.id = d.pool_id)) t`,
    },
    {
      name: "random candidates",
      sql: `insert into random_candidates (id, pool_id, user_id, business_id, draw_position, selected, exempt,
          exempt_reason, drug_test_id, created_at)
        select cid, pool_id, ${b.users} + i, ${b.businesses} + coalesce(j, ${C} + i), k, true, exempt,
          case when exempt then 'Not working on the water this month' end, case when not exempt then test_id end,
          ordered_at
        from _scale_draws d where exists (select 1 from random_pools x where x.id = d.pool_id)`,
    },
    {
      name: "pool counts",
      sql: `update random_pools p set selected_count = c.n from (select pool_id, count(*)::int as n
        from _scale_draws group by pool_id) c where c.pool_id = p.id and p.algorithm = 'scale-stride'`,
    },
    {
      name: "notifications",
      sql: `insert into notifications (id, type, meta, user_id, trigger_user_id, business_id, membership_id,
          archived_at, created_at)
        select ${b.notifications} + i, 'REGISTRATION', jsonb_build_object('member_number', 'S-' || i),
          ${b.users} + i, ${b.users} + i, ${b.businesses} + coalesce(j, ${C} + i), null,
          case when joined + interval '7 days' < ${A} then joined + interval '7 days' end, joined
        from _scale_members
        union all
        select ${b.notifications} + ${N} + n - ${b.memberships}, 'MEMBERSHIP_CANCELLED',
          jsonb_build_object('cancelled_at', m.cancelled_at), m.user_id, m.user_id, m.business_id, m.id,
          case when m.cancelled_at + interval '7 days' < ${A} then m.cancelled_at + interval '7 days' end, m.cancelled_at
        from _scale_terms t join memberships m on m.id = t.n where m.cancelled_at is not null`,
    },
    {
      // The audit record at volume (issue 24: a user's History over 1,000,000 rows): four rows a member, in time
      // order, most about a user (their History), the rest about memberships, orders and administrator reads.
      name: "audit log",
      sql: `insert into audit_log (actor_user_id, action, entity, entity_id, detail, ip, created_at)
        select case when i % 7 = 0 then null else ${b.users} + ${N} + 1 + i % ${C} end,
          (${
        textArray(["user_updated", "membership_paused", "user_updated", "order_created", "admin.request"])
      })[
            1 + i % 5],
          (${textArray(["user", "membership", "user", "order", "route"])})[1 + i % 5],
          case when i % 5 = 4 then 'GET /api/auth/users/:id'
            else (${b.users} + 1 + floor(${r("audit", "i")} * ${N})::int)::text end,
          jsonb_build_object('changes', jsonb_build_object('phone', jsonb_build_array('(985) 555-0100',
            '(985) 555-0199'))),
          '203.0.113.' || (i % 250), ${A} - (${4 * N} - i) * interval '157 seconds'
        from generate_series(1, ${4 * N}) i`,
    },
    ...BASE_TABLES.map((t) => ({
      name: `sequence of ${t}`,
      sql: `select setval(pg_get_serial_sequence('${t}', 'id'), greatest(1, (select max(id) from ${t})))`,
    })),
    { name: "drop plan", sql: "drop table _scale_companies, _scale_members, _scale_terms, _scale_draws" },
    // As autovacuum would, so that index-only scans see an all-visible table.
    { name: "vacuum", sql: "vacuum analyze" },
  ];
}
