/**
 * The MIS report's counts (49 CFR 40 Appendix H; 46 CFR 16.500), per employer and for the consortium, for one
 * calendar year given as instants [start, end) in the office's zone. A test counts in the year its verified
 * result arrived (resulted_at); a positive counts once for each drug its panel names positive.
 */
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/types.ts";

export interface MisCounts {
  covered_employees: number;
  pre_employment: number;
  random: number;
  post_accident: number;
  reasonable_suspicion: number;
  return_to_duty: number;
  follow_up: number;
  periodic: number;
  total_results: number;
  verified_negatives: number;
  verified_positives: number;
  marijuana: number;
  cocaine: number;
  pcp: number;
  opiates: number;
  amphetamines: number;
  refusals: number;
  cancelled: number;
}

export interface MisEmployerRow extends MisCounts {
  business_id: number;
  business_name: string;
}

/** The counts over a CTE `t` (id, reason, result) and `d` (test id and drug of each positive analyte). */
const TEST_COUNTS = sql.raw(`
  count(*) filter (where t.reason = 'pre_employment')::int as pre_employment,
  count(*) filter (where t.reason = 'random')::int as random,
  count(*) filter (where t.reason = 'post_accident')::int as post_accident,
  count(*) filter (where t.reason = 'reasonable_suspicion')::int as reasonable_suspicion,
  count(*) filter (where t.reason = 'return_to_duty')::int as return_to_duty,
  count(*) filter (where t.reason = 'follow_up')::int as follow_up,
  count(*) filter (where t.reason = 'periodic')::int as periodic,
  count(*)::int as total_results,
  count(*) filter (where t.result in ('negative', 'negative_dilute'))::int as verified_negatives,
  count(*) filter (where t.result = 'positive')::int as verified_positives,
  count(*) filter (where t.result = 'refusal')::int as refusals,
  count(*) filter (where t.result = 'cancelled')::int as cancelled`);

const DRUG_COUNTS = sql.raw(`
  count(distinct d.id) filter (where d.drug = 'marijuana')::int as marijuana,
  count(distinct d.id) filter (where d.drug = 'cocaine')::int as cocaine,
  count(distinct d.id) filter (where d.drug = 'pcp')::int as pcp,
  count(distinct d.id) filter (where d.drug = 'opiates')::int as opiates,
  count(distinct d.id) filter (where d.drug = 'amphetamines')::int as amphetamines`);

/** The drug an analyte's name stands for, as Appendix H groups them (the 5-panel). */
const DRUG_OF = sql.raw(`case
  when a->>'name' ~* 'marijuana|thc' then 'marijuana'
  when a->>'name' ~* 'cocaine|benzoylecgonine' then 'cocaine'
  when a->>'name' ~* 'pcp|phencyclidine' then 'pcp'
  when a->>'name' ~* 'opiate|morphine|codeine|heroin|6-am|oxycodone' then 'opiates'
  when a->>'name' ~* 'amphetamine|mdma' then 'amphetamines'
end`);

const ANALYTES = sql.raw(`jsonb_array_elements(case when jsonb_typeof(p.detail->'analytes') = 'array'
  then p.detail->'analytes' else '[]'::jsonb end) a`);

const ZERO_DRUGS = { marijuana: 0, cocaine: 0, pcp: 0, opiates: 0, amphetamines: 0 };

/** One page of employers (ids after `after`, or just `businessId`), every one with its counts, zero or not. */
export async function misEmployerBatch(
  db: Kysely<DB>,
  year: { start: Date; end: Date },
  after: number,
  limit: number,
  businessId: number | null,
): Promise<MisEmployerRow[]> {
  const only = businessId === null ? sql`` : sql`and id = ${businessId}`;
  const { rows } = await sql<MisEmployerRow & { agg_b?: number; drug_b?: number }>`
    with b as (
      select id, name from businesses where id > ${after} ${only} order by id limit ${limit}
    ), cov as (
      select bu.business_id, count(distinct bu.user_id)::int as n
      from business_users bu join b on b.id = bu.business_id
      where bu.is_employee and bu.created_at < ${year.end}
        and (bu.removed_at is null or bu.removed_at >= ${year.start})
      group by bu.business_id
    ), t as (
      select dt.id, dt.business_id, dt.reason, dt.result
      from drug_tests dt join b on b.id = dt.business_id
      where dt.result is not null and dt.resulted_at >= ${year.start} and dt.resulted_at < ${year.end}
    ), agg as (
      select t.business_id as agg_b, ${TEST_COUNTS} from t group by t.business_id
    ), d as (
      select t.id, t.business_id, ${DRUG_OF} as drug
      from t join drug_test_panels p on p.drug_test_id = t.id, ${ANALYTES}
      where t.result = 'positive' and a->>'result' = 'positive'
    ), drugs as (
      select d.business_id as drug_b, ${DRUG_COUNTS} from d group by d.business_id
    )
    select b.id as business_id, b.name as business_name, coalesce(cov.n, 0) as covered_employees,
      agg.*, drugs.*
    from b left join cov on cov.business_id = b.id left join agg on agg.agg_b = b.id
      left join drugs on drugs.drug_b = b.id
    order by b.id`.execute(db);
  return rows.map((
    { agg_b: _a, drug_b: _d, ...r }: MisEmployerRow & { agg_b?: number; drug_b?: number },
  ) => ({
    ...zeroCounts(),
    ...stripNulls(r),
    business_id: r.business_id,
    business_name: r.business_name,
  }));
}

/** The consortium's totals: every result of the year (with or without an employer), every covered employee. */
export async function misConsortium(db: Kysely<DB>, year: { start: Date; end: Date }): Promise<MisCounts> {
  const { rows } = await sql<MisCounts>`
    with t as (
      select dt.id, dt.reason, dt.result from drug_tests dt
      where dt.result is not null and dt.resulted_at >= ${year.start} and dt.resulted_at < ${year.end}
    ), agg as (
      select ${TEST_COUNTS} from t
    ), d as (
      select t.id, ${DRUG_OF} as drug
      from t join drug_test_panels p on p.drug_test_id = t.id, ${ANALYTES}
      where t.result = 'positive' and a->>'result' = 'positive'
    ), drugs as (
      select ${DRUG_COUNTS} from d
    ), cov as (
      select count(distinct bu.user_id)::int as covered_employees from business_users bu
      where bu.is_employee and bu.created_at < ${year.end}
        and (bu.removed_at is null or bu.removed_at >= ${year.start})
    )
    select * from cov, agg, drugs`.execute(db);
  return { ...zeroCounts(), ...stripNulls(rows[0]) };
}

export async function countBusinesses(db: Kysely<DB>, businessId: number | null) {
  let q = db.selectFrom("businesses").select(sql<number>`count(*)::int`.as("n"));
  if (businessId !== null) q = q.where("id", "=", businessId);
  return (await q.executeTakeFirstOrThrow()).n;
}

export async function businessName(db: Kysely<DB>, id: number) {
  return (await db.selectFrom("businesses").select("name").where("id", "=", id).executeTakeFirst())?.name;
}

function zeroCounts(): MisCounts {
  return {
    covered_employees: 0,
    pre_employment: 0,
    random: 0,
    post_accident: 0,
    reasonable_suspicion: 0,
    return_to_duty: 0,
    follow_up: 0,
    periodic: 0,
    total_results: 0,
    verified_negatives: 0,
    verified_positives: 0,
    ...ZERO_DRUGS,
    refusals: 0,
    cancelled: 0,
  };
}

/** Drops the nulls of the left joins (an employer without tests), so the zeros stay. */
function stripNulls<T extends object>(row: T): Partial<T> {
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null)) as Partial<T>;
}
