/** The scale data set at a tiny size on a fresh database: every table filled, the counts it promises, and the same seed giving the same data. */
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestDatabase } from "../testing/db.ts";
import { overviewCounts } from "../stats/queries.ts";
import { OVERVIEW_DIRECT, ROLLUPS, wrongRollups } from "../testing/rollups.ts";
import { seedScale } from "./scale.ts";

const FINGERPRINT = `select
  (select count(*) from users)::int as users,
  (select count(*) from businesses where not is_individual)::int as companies,
  (select count(*) from businesses where is_individual)::int as individuals,
  (select count(distinct user_id) from memberships)::int as members_with_membership,
  (select count(*) from random_pools)::int as pools,
  (select count(*) from memberships where is_renewal)::int as renewals,
  (select count(*) from memberships where cancelled_at is not null)::int as cancelled,
  (select count(*) from memberships where failed)::int as failed,
  (select count(*) from membership_pauses)::int as pauses,
  (select count(*) from memberships where type = 'one_time')::int as one_time,
  (select count(*) from orders)::int as orders,
  (select count(*) from memberships)::int as memberships,
  (select count(*) from random_candidates where exempt)::int as exempt,
  (select count(*) from drug_tests)::int as tests,
  (select count(*) from drug_tests where result is not null)::int as results,
  (select count(*) from random_candidates)::int as candidates,
  (select count(*) from notifications)::int as notifications,
  (select count(*) from audit_log)::int as audit_rows,
  (select coalesce(sum(hashtext(email)), 0)::bigint::text from users) as emails`;

Deno.test("seed:scale at a tiny size", async () => {
  const prints: Record<string, unknown>[] = [];
  for (let run = 0; run < 2; run++) {
    const database = await createTestDatabase();
    try {
      await seedScale(database, {
        members: 600,
        seed: "t1",
        anchor: "2026-11-24",
        timeZone: "America/New_York",
      });
      const [print] = await database.query<Record<string, unknown>>(FINGERPRINT);
      prints.push(print);
      // Its bulk inserts went through the roll-ups' triggers: they equal their rebuild, and the overview the
      // direct count, on the data set's day and the day after it.
      const [rollups] = await database.query<Record<string, string>>(ROLLUPS);
      assertEquals(wrongRollups(rollups), []);
      for (const today of ["2026-11-24", "2026-11-25"]) {
        const [direct] = await database.query<{ paused: number }>(OVERVIEW_DIRECT, [today]);
        assertEquals(await overviewCounts(database.db, today), direct);
        assertOk(direct.paused > 0, "paused members to count");
      }
      // Identity sequences were moved past the explicit ids: the next ordinary insert works.
      await database.query(
        "insert into users (email, password_hash, first_name, last_name) values ('after@t.local', 'x', 'A', 'B')",
      );
    } finally {
      await database.drop();
    }
  }
  const [p] = prints;
  assertEquals(prints[1], p, "the same seed gives the same data");
  assertEquals(p.users, 600 + 48);
  assertEquals(p.companies, 48);
  assertEquals(p.members_with_membership, 600);
  assertEquals(p.pools, 60);
  assertEquals(p.orders, p.memberships, "one order per membership");
  for (
    const k of [
      "individuals",
      "renewals",
      "cancelled",
      "failed",
      "pauses",
      "one_time",
      "results",
      "candidates",
    ]
  ) {
    assertOk((p[k] as number) > 0, `${k} present`);
  }
  // A pre-employment test per member, and one per selected, not exempt, random candidate.
  assertEquals(p.tests, 600 + (p.candidates as number) - (p.exempt as number));
  assertEquals(p.notifications, 600 + (p.cancelled as number));
  assertEquals(p.audit_rows, 4 * 600, "four audit rows a member (a History at volume)");
});
