/** The job queue: claims, retries, races, crashed runners and schedules, ticked by hand on a fake clock. */
import { connectPostgres, type Database } from "../db/client.ts";
import { assertEquals, assertMatch, assertOk } from "../testing/assert.ts";
import { createTestDatabase, testDatabaseUrl } from "../testing/db.ts";
import {
  claimNext,
  createJobRunner,
  enqueue,
  HOUR,
  type JobHandler,
  MINUTE,
  releaseLeases,
  schedule,
} from "./jobs.ts";

Deno.test("jobs", async (t) => {
  const database = await createTestDatabase();
  const db = database.db;
  // Any instant: every job is enqueued at the injected clock's time, whatever the database's clock says.
  let clock = new Date("2026-11-23T12:00:00Z");
  const deps = { database, now: () => clock };
  const later = (ms: number) => clock = new Date(clock.getTime() + ms);
  const job = (id: number) =>
    db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  try {
    await t.step("enqueue, claim, run once and finish", async () => {
      const seen: unknown[] = [];
      const runner = createJobRunner(deps, { "mail.send": (payload) => void seen.push(payload) });
      const id = (await enqueue(db, "mail.send", { to: "a@b.c" }, { runAt: clock }))!;
      assertEquals(await runner.tick(), 1);
      assertEquals(await runner.tick(), 0);
      assertEquals(seen, [{ to: "a@b.c" }]);
      const row = await job(id);
      assertEquals([row.attempts, row.failed, row.locked_at, row.locked_by], [1, false, null, null]);
      assertEquals(row.finished_at?.getTime(), clock.getTime());
    });

    await t.step("a job waits for its run_at, and a runner only claims queues it handles", async () => {
      const seen: number[] = [];
      const runner = createJobRunner(deps, { "later.q": (p) => void seen.push(p.n as number) });
      await enqueue(db, "later.q", { n: 1 }, { runAt: new Date(clock.getTime() + HOUR) });
      const other = (await enqueue(db, "someone.else", {}, { runAt: clock }))!;
      assertEquals(await runner.tick(), 0);
      later(HOUR);
      assertEquals(await runner.tick(), 1);
      assertEquals(seen, [1]);
      assertEquals((await job(other)).attempts, 0);
    });

    await t.step("a unique key enqueues once", async () => {
      const first = await enqueue(db, "renew", { m: 1 }, { runAt: clock, uniqueKey: "renew-1-2027" });
      const second = await enqueue(db, "renew", { m: 1 }, { runAt: clock, uniqueKey: "renew-1-2027" });
      const otherQueue = await enqueue(db, "renew.other", { m: 1 }, {
        runAt: clock,
        uniqueKey: "renew-1-2027",
      });
      assertOk(first && otherQueue);
      assertEquals(second, null);
    });

    await t.step("a failure retries with growing backoff and gives up at max_attempts", async () => {
      let runs = 0;
      const runner = createJobRunner(deps, {
        "flaky.q": () => {
          throw new Error(`down ${++runs}`);
        },
      }, { backoffMs: (attempt) => MINUTE * 2 ** (attempt - 1) });
      const id = (await enqueue(db, "flaky.q", {}, { runAt: clock, maxAttempts: 3 }))!;
      assertEquals(await runner.tick(), 1);
      let row = await job(id);
      assertEquals([row.attempts, row.finished_at, row.locked_by], [1, null, null]);
      assertEquals(row.run_at.getTime(), clock.getTime() + MINUTE);
      assertMatch(row.last_error ?? "", /down 1/);

      later(MINUTE - 1);
      assertEquals(await runner.tick(), 0, "not before the backoff");
      later(1);
      assertEquals(await runner.tick(), 1);
      row = await job(id);
      assertEquals(row.run_at.getTime(), clock.getTime() + 2 * MINUTE);

      later(2 * MINUTE);
      assertEquals(await runner.tick(), 1);
      row = await job(id);
      assertEquals([row.attempts, row.failed, runs], [3, true, 3]);
      assertOk(row.finished_at);
      assertMatch(row.last_error ?? "", /down 3/);
      later(HOUR);
      assertEquals(await runner.tick(), 0, "a failed job is never run again");
    });

    await t.step("a job locked by a crashed runner is claimed again after the lease", async () => {
      let runs = 0;
      const handlers = { "crash.q": () => void runs++ };
      const runner = createJobRunner(deps, handlers, { leaseMs: 5 * MINUTE });
      const id = (await enqueue(db, "crash.q", {}, { runAt: clock, maxAttempts: 2 }))!;
      // A runner that claimed it and died: attempts counted, lock held, never finished.
      await db.updateTable("jobs").set({ attempts: 1, locked_at: clock, locked_by: "dead-runner" })
        .where("id", "=", id).execute();
      assertEquals(await runner.tick(), 0, "the lease still holds");
      later(5 * MINUTE + 1);
      assertEquals(await runner.tick(), 1);
      const row = await job(id);
      assertEquals([runs, row.attempts, row.failed, row.locked_by], [1, 2, false, null]);
      assertOk(row.finished_at);

      // Dead during its last attempt: given up, not run a third time.
      const last = (await enqueue(db, "crash.q", {}, { runAt: clock, maxAttempts: 1 }))!;
      await db.updateTable("jobs").set({ attempts: 1, locked_at: clock, locked_by: "dead-runner" })
        .where("id", "=", last).execute();
      later(5 * MINUTE + 1);
      assertEquals(await runner.tick(), 0);
      const given = await job(last);
      assertEquals([runs, given.failed, given.locked_by], [1, true, null]);
      assertMatch(given.last_error ?? "", /lease expired/);
    });

    await t.step("a runner that lost its lease does not overwrite the new owner's row", async () => {
      let release!: () => void;
      const gate = new Promise<void>((r) => release = r);
      let entered!: () => void;
      const started = new Promise<void>((r) => entered = r);
      const slow = createJobRunner(deps, {
        "lease.q": async () => {
          entered();
          await gate;
          throw new Error("too late");
        },
      }, { id: "slow" });
      const id = (await enqueue(db, "lease.q", {}, { runAt: clock }))!;
      const slowTick = slow.tick();
      await started;
      later(10 * MINUTE);
      const fast = createJobRunner(deps, { "lease.q": async () => {} }, { id: "fast" });
      assertEquals(await fast.tick(), 1);
      release();
      await slowTick;
      const row = await job(id);
      assertEquals([row.attempts, row.failed, row.last_error], [2, false, null]);
      assertOk(row.finished_at);
    });

    await t.step("two runners racing on one database never run a job twice", async () => {
      const second: Database = database.engine === "postgres" ? await secondConnection(database) : database;
      try {
        const runs: number[] = [];
        const handler: JobHandler = async (_p, { job }) => {
          runs.push(job.id);
          await Promise.resolve();
        };
        const a = createJobRunner(deps, { "race.q": handler }, { id: "a" });
        const b = createJobRunner({ database: second, now: deps.now }, { "race.q": handler }, { id: "b" });
        const ids: number[] = [];
        for (let i = 0; i < 30; i++) ids.push((await enqueue(db, "race.q", { i }, { runAt: clock }))!);
        const ran = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
        assertEquals(runs.slice().sort((x, y) => x - y), ids);
        assertEquals(ran.reduce((x, y) => x + y), 30);
        const left = await db.selectFrom("jobs").select("id").where("queue", "=", "race.q")
          .where((eb) => eb.or([eb("finished_at", "is", null), eb("attempts", "!=", 1)])).execute();
        assertEquals(left, []);

        // Bare claims, ten at once over both connections for five jobs: five distinct winners.
        const five: number[] = [];
        for (let i = 0; i < 5; i++) five.push((await enqueue(db, "claim.q", { i }, { runAt: clock }))!);
        const claims = await Promise.all(
          Array.from(
            { length: 10 },
            (_, i) => claimNext((i % 2 ? second : database).db, ["claim.q"], `r${i}`, clock, 5 * MINUTE),
          ),
        );
        const won = claims.filter((c) => c !== undefined).map((c) => c.id).sort((x, y) => x - y);
        assertEquals(won, five);
      } finally {
        if (second !== database) await second.close();
      }
    });

    await t.step("a runner that cannot wait at shutdown hands its job back at once", async () => {
      const id = (await enqueue(db, "lease.q", {}, { runAt: clock }))!;
      assertEquals((await claimNext(db, ["lease.q"], "leaving", clock, 5 * MINUTE))?.id, id);
      assertEquals(await claimNext(db, ["lease.q"], "staying", clock, 5 * MINUTE), undefined, "leased");
      assertEquals(await releaseLeases(db, "staying"), 0, "only the runner's own leases");
      assertEquals(await releaseLeases(db, "leaving"), 1);
      assertEquals((await claimNext(db, ["lease.q"], "staying", clock, 5 * MINUTE))?.id, id);
    });

    await t.step("a schedule enqueues once per period, across runners", async () => {
      let runs = 0;
      const handlers = { "hourly.q": () => void runs++ };
      const every = schedule("hourly.q", HOUR);
      const a = createJobRunner(deps, handlers, { schedules: [every] });
      const b = createJobRunner(deps, handlers, { schedules: [every] });
      const count = async () =>
        (await db.selectFrom("jobs").select("id").where("queue", "=", "hourly.q").execute()).length;
      await a.tick();
      await b.tick();
      await a.tick();
      assertEquals([await count(), runs], [1, 1]);
      later(HOUR);
      await b.tick();
      await a.tick();
      assertEquals([await count(), runs], [2, 2]);
      const rows = await db.selectFrom("jobs").select(["unique_key", "run_at"]).where(
        "queue",
        "=",
        "hourly.q",
      )
        .orderBy("id").execute();
      assertEquals(rows[1].run_at.getTime() - rows[0].run_at.getTime(), HOUR);
      assertMatch(rows[1].unique_key ?? "", /^hourly\.q@/);
    });

    await t.step("start polls and stop waits for the running job", async () => {
      let finished = false;
      let entered!: () => void;
      const started = new Promise<void>((r) => entered = r);
      const runner = createJobRunner(deps, {
        "poll.q": async () => {
          entered();
          await Promise.resolve();
          finished = true;
        },
      }, { pollMs: 10 });
      await enqueue(db, "poll.q", {}, { runAt: clock });
      runner.start();
      await started;
      await runner.stop();
      assertOk(finished);
    });
  } finally {
    await database.drop();
  }
});

/** Another connection pool to the same PostgreSQL test database, as a second server process would have. */
async function secondConnection(database: Database): Promise<Database> {
  const [{ name }] = await database.query<{ name: string }>("select current_database() as name");
  const url = new URL(testDatabaseUrl()!);
  url.pathname = `/${name}`;
  return connectPostgres(url.toString(), { max: 3 });
}
