/**
 * What the random programme (randoms/, a higher layer) asks of drug tests (decision 0051): the one rule for the
 * business a member's tests go through (testBusiness, also as an SQL expression for the pool snapshot), and the
 * random tests' rows, which only drug-tests writes (decision 0046). Randoms calls these; drug-tests never
 * imports randoms.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import { currentTestBusiness, testBusinessFacts } from "./queries.ts";

export {
  blockTest,
  insertRandomTest,
  moveUnplacedTest,
  setTestStatus,
  testBusiness,
  testBusinessFacts,
} from "./queries.ts";

/**
 * The business a test recorded under `business_id` goes through, as it is now: the recorded one while it is
 * live, else the member's current one by the one rule (testBusiness; a pool built before migration 0027
 * recorded none for a member paying for themselves). Undefined when the member has no live business.
 */
export async function liveTestBusiness(db: Kysely<DB>, c: { user_id: number; business_id: number | null }) {
  const recorded = await testBusinessFacts(db, c.business_id);
  if (recorded && !recorded.deleted_at) return recorded;
  const now = await testBusinessFacts(db, await currentTestBusiness(db, c.user_id));
  return now && !now.deleted_at ? now : undefined;
}
