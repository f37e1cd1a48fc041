/**
 * The roll-ups kept by triggers against their direct counts (decision 0096): a seeded sequence of writes of
 * every kind the tables see (new and bulk memberships, pauses and resumes, cancellations, failures, new
 * expiries, merges that move memberships, soft and hard deletions of accounts and businesses), and after each
 * one the overview read from the roll-ups equals the same tiles counted from the tables, on every day that
 * matters (each expiry day, the day before and after), and each roll-up (the lists' live totals too) equals its
 * rebuild.
 */
import { assertEquals } from "../testing/assert.ts";
import { createTestDatabase } from "../testing/db.ts";
import { overviewCounts } from "./queries.ts";
import { OVERVIEW_DIRECT, ROLLUPS, wrongRollups } from "../testing/rollups.ts";

/** A small deterministic generator (mulberry32), so a failure replays. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

Deno.test("the roll-ups equal the direct counts after a seeded sequence of changes", async () => {
  const database = await createTestDatabase();
  const { query } = database;
  const random = prng(20261207);
  const pick = <T>(xs: T[]): T | undefined => xs[Math.floor(random() * xs.length)];
  const day = (offset: number) => new Date(Date.UTC(2026, 11, 7 + offset)).toISOString().slice(0, 10);
  const ids = async (text: string, params: unknown[] = []) =>
    (await query<{ id: number }>(text, params)).map((r) => r.id);
  try {
    const newUser = async () =>
      (await query<{ id: number }>(
        `insert into users (email, password_hash, first_name, last_name)
        values ('r' || gen_random_uuid() || '@t.local', 'x', 'R', 'Test') returning id`,
      ))[0].id;
    for (let i = 0; i < 8; i++) await newUser();
    const membershipValues = (userId: number) => {
      const annual = random() < 0.7;
      const expire = annual || random() < 0.3 ? `'${day(Math.floor(random() * 8) - 4)}'` : "null";
      return `(${userId}, '${annual ? "annual" : "one_time"}', ${expire}, ${expire !== "null"}, 10500)`;
    };
    const insertMemberships = (userIds: number[]) =>
      query(`insert into memberships (user_id, type, expire_at, has_expiration, price_cents)
        values ${userIds.map(membershipValues).join(", ")}`);
    const liveUsers = () => ids("select id from users where deleted_at is null order by id");
    const allUsers = () => ids("select id from users order by id");
    const memberships = () => ids("select id from memberships order by id");

    const steps: [string, () => Promise<unknown>][] = [
      ["a membership", async () => await insertMemberships([pick(await allUsers())!])],
      ["memberships in one statement", async () => {
        const users = await allUsers();
        await insertMemberships([pick(users)!, pick(users)!, pick(users)!]);
      }],
      [
        "a membership inserted already current (as seed:scale writes them), maybe a deleted account's",
        async () => {
          const id = pick(await allUsers())!;
          await query("update memberships set is_current = false where user_id = $1", [id]);
          await query(
            `insert into memberships (user_id, type, expire_at, has_expiration, price_cents, is_current)
          values ($1, 'annual', $2, true, 10500, true)`,
            [id, day(Math.floor(random() * 8) - 4)],
          );
        },
      ],
      ["a pause", async () => {
        // Mostly current memberships, the ones the tiles count.
        const open = await ids(
          `select id from memberships m where not exists (select 1 from membership_pauses p
          where p.membership_id = m.id and p.resumed_at is null) and (is_current or $1) order by id`,
          [
            random() < 0.2,
          ],
        );
        const id = pick(open);
        if (id) {
          await query(
            `insert into membership_pauses (membership_id, reason) values ($1, 'Currently out of season')`,
            [
              id,
            ],
          );
        }
      }],
      ["a resume", async () => {
        const id = pick(await ids("select id from membership_pauses where resumed_at is null order by id"));
        if (id) await query("update membership_pauses set resumed_at = paused_at where id = $1", [id]);
      }],
      ["a pause deleted", async () => {
        const id = pick(await ids("select id from membership_pauses order by id"));
        if (id) await query("delete from membership_pauses where id = $1", [id]);
      }],
      ["a cancellation", async () => {
        const id = pick(await memberships());
        if (id) await query("update memberships set cancelled_at = now() where id = $1", [id]);
      }],
      ["a failure or its undoing", async () => {
        const id = pick(await memberships());
        if (id) {
          await query("update memberships set failed = not failed, pending = false where id = $1", [id]);
        }
      }],
      ["awaiting payment", async () => {
        const id = pick(
          await ids(`select id from memberships m where not failed and not exists (select 1 from memberships x
          where x.user_id = m.user_id and x.pending and x.cancelled_at is null) order by id`),
        );
        if (id) await query("update memberships set pending = true where id = $1", [id]);
      }],
      ["new expiries, in bulk", async () => {
        await query(
          `update memberships set expire_at = expire_at + (id % 3 - 1) where expire_at is not null
          and id % 2 = $1`,
          [Math.floor(random() * 2)],
        );
      }],
      ["a membership deleted", async () => {
        const id = pick(await memberships());
        if (id) await query("delete from memberships where id = $1", [id]);
      }],
      ["an account deleted", async () => {
        const id = pick(await liveUsers());
        if (id) await query("update users set deleted_at = now() where id = $1", [id]);
      }],
      ["an account restored", async () => {
        const id = pick(await ids("select id from users where deleted_at is not null order by id"));
        if (id) await query("update users set deleted_at = null where id = $1", [id]);
      }],
      ["a merge: memberships moved, the account closed", async () => {
        const [keep, close] = [pick(await liveUsers()), pick(await liveUsers())];
        if (keep && close && keep !== close) {
          await query("update memberships set user_id = $1, pending = false where user_id = $2", [
            keep,
            close,
          ]);
          await query(
            `update memberships m set is_current = (m.id = (select max(id) from memberships x
            where x.user_id = $1)) where user_id = $1`,
            [keep],
          );
          await query("update users set deleted_at = now() where id = $1", [close]);
        }
      }],
      ["an account erased (its memberships and pauses cascade)", async () => {
        const id = pick(await allUsers());
        if (id) await query("delete from users where id = $1", [id]);
      }],
      ["a new account", newUser],
      [
        "accounts in one statement",
        () =>
          query(`insert into users (email, password_hash, first_name, last_name, deleted_at)
          select 'r' || gen_random_uuid() || '@t.local', 'x', 'R', 'Test', case when k = 2 then now() end
          from generate_series(1, 3) k`),
      ],
      [
        "a business, maybe deleted already",
        () =>
          query(`insert into businesses (name, is_individual, deleted_at) values ('R Marine', $1, $2)`, [
            random() < 0.3,
            random() < 0.2 ? new Date() : null,
          ]),
      ],
      ["a business deleted or restored", async () => {
        const id = pick(await ids("select id from businesses order by id"));
        if (id) {
          await query(
            "update businesses set deleted_at = case when deleted_at is null then now() end where id = $1",
            [
              id,
            ],
          );
        }
      }],
      ["every business renamed (no total changes)", () => query("update businesses set name = name || '.'")],
      ["a business erased", async () => {
        const id = pick(await ids("select id from businesses order by id"));
        if (id) await query("delete from businesses where id = $1", [id]);
      }],
    ];

    const seen = { paused: 0, gone: 0 };
    const check = async (after: string) => {
      const [r] = await query<Record<string, string>>(ROLLUPS);
      const [n] = await query<{ paused: number; gone: number }>(
        `select count(*) filter (where paused)::int as paused,
        count(*) filter (where gone)::int as gone from stats_current_paused_or_gone`,
      );
      if (n.paused) seen.paused++;
      if (n.gone) seen.gone++;
      assertEquals(wrongRollups(r), [], `the roll-ups after ${after}`);
      const days = await query<{ d: string }>(`select distinct (expire_at + k)::text as d from memberships
        cross join generate_series(-1, 1) k where expire_at is not null order by 1`);
      for (const today of [day(0), ...days.map((x) => x.d)]) {
        const [direct] = await query(OVERVIEW_DIRECT, [today]);
        assertEquals(
          await overviewCounts(database.db, today),
          direct,
          `the overview on ${today} after ${after}`,
        );
      }
    };

    for (let i = 0; i < 12; i++) await insertMemberships([pick(await allUsers())!]);
    await check("the first memberships");
    const done = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const [name, step] = pick(steps)!;
      await step();
      done.add(name);
      await check(`step ${i} (${name})`);
    }
    assertEquals(done.size, steps.length, "every kind of change was made");
    // Not vacuous: paused memberships, and deleted accounts' ones, were there to count for much of the way.
    assertEquals(
      seen.paused > 20 && seen.gone > 20,
      true,
      `checks with paused, gone: ${seen.paused}, ${seen.gone}`,
    );
  } finally {
    await database.drop();
  }
});
