/**
 * A DER's view of its own company's random selections (docs/decisions/0033-random-pools.md; 46 CFR 16.230(g),
 * 49 CFR 40.321): only pools an administrator has released, only candidates drawn through this company who are
 * (or were) its business users, and of their tests only what the company's Business Tests list shows (status and
 * outcome, never the laboratory detail), with where to go and by when, as on the candidate's notice.
 */
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/types.ts";
import { isPassing } from "../integrations/i3/i3.ts";
import { addDays, officeDay } from "../lib/dates.ts";
import { type ListParams, paginate } from "../lib/list.ts";
import type { DerSelection } from "./schemas.ts";

/**
 * Whether the drug test `testId` (a column reference) is not a random test of a pool still unreleased: members'
 * and DERs' lists of tests leave those out until the administrator releases the pool (unannounced).
 */
export const notUnreleasedRandom = (testId: string) =>
  sql<boolean>`not exists (select 1 from random_candidates rc join random_pools rp on rp.id = rc.pool_id
    where rc.drug_test_id = ${sql.ref(testId)} and rp.released_at is null)`;

function selections(db: Kysely<DB>, businessId: number) {
  return db.selectFrom("random_candidates as c").innerJoin("random_pools as p", "p.id", "c.pool_id")
    .innerJoin("users as u", "u.id", "c.user_id").leftJoin("drug_tests as t", "t.id", "c.drug_test_id")
    .where("c.business_id", "=", businessId).where("c.selected", "=", true)
    .where("p.released_at", "is not", null)
    .where((eb) =>
      eb.exists(
        eb.selectFrom("business_users as bu").select("bu.id").whereRef("bu.user_id", "=", "c.user_id")
          .where("bu.business_id", "=", businessId),
      )
    );
}

const COLUMNS = [
  "c.id",
  "c.pool_id",
  "c.user_id",
  "c.exempt",
  "c.pdf_document_id",
  "p.year",
  "p.month",
  "p.released_at",
  "u.first_name",
  "u.last_name",
  "u.member_number",
  "t.status as test_status",
  "t.result as test_result",
  "t.i3_order_ref",
  "t.i3_location_code",
  "t.ordered_at",
] as const;

/** One page of the company's released selections, newest pool first. */
export async function listDerSelections(
  db: Kysely<DB>,
  businessId: number,
  params: ListParams,
  timeZone: string,
) {
  const query = selections(db, businessId).select(COLUMNS)
    .select(sql<number>`p.year * 100 + p.month`.as("period"));
  const { rows, meta } = await paginate(query, params, { id: "c.id", month: "period" });
  return { data: rows.map((r) => selectionRecord(r, timeZone)), meta };
}

/** One released selection of the company (for its notice PDF), or undefined. */
export function findDerSelection(db: Kysely<DB>, businessId: number, candidateId: number) {
  return selections(db, businessId).select(COLUMNS).where("c.id", "=", candidateId).executeTakeFirst();
}

type Row = NonNullable<Awaited<ReturnType<typeof findDerSelection>>>;

function selectionRecord(r: Row, timeZone: string): DerSelection {
  const orderedOn = r.ordered_at ? officeDay(new Date(r.ordered_at), timeZone) : null;
  return {
    id: r.id,
    pool_id: r.pool_id,
    year: r.year,
    month: r.month,
    released_at: new Date(r.released_at!).toISOString(),
    user_id: r.user_id,
    name: `${r.first_name} ${r.last_name}`,
    member_number: r.member_number,
    exempt: r.exempt,
    test: r.exempt || !r.test_status ? null : {
      status: r.test_status,
      result: r.test_result,
      passed: isPassing(r.test_result),
      i3_order_ref: r.i3_order_ref,
      collection_site: r.i3_location_code,
      ordered_on: orderedOn,
      // As the notice says: immediately, and no later than the day after the order.
      report_by: orderedOn ? addDays(orderedOn, 1) : null,
    },
    pdf_ready: !r.exempt && r.pdf_document_id !== null,
  };
}
