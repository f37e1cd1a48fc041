/**
 * WORKERS (decision 0094): the number of cores on PostgreSQL unless set, always 1 on embedded PGlite; and
 * DATABASE_POOL_MAX, the connections of one process, shared among its workers.
 */
import { assertEquals, assertThrows } from "./testing/assert.ts";
import { loadConfig } from "./config.ts";

function withEnv<T>(vars: Record<string, string | undefined>, run: () => T): T {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, Deno.env.get(k)]));
  const set = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values)) v === undefined ? Deno.env.delete(k) : Deno.env.set(k, v);
  };
  set(vars);
  try {
    return run();
  } finally {
    set(saved);
  }
}

Deno.test("WORKERS: the cores by default on PostgreSQL, as set when set, 1 on PGlite whatever it says", () => {
  const pg = "postgres://postgres@127.0.0.1:5432/none";
  const workers = (url: string | undefined, value: string | undefined) =>
    withEnv({ DATABASE_URL: url, WORKERS: value }, () => {
      const c = loadConfig();
      return [c.workers, c.workersRequested];
    });
  assertEquals(workers(pg, undefined), [navigator.hardwareConcurrency, undefined]);
  assertEquals(workers(pg, "3"), [3, undefined]);
  assertEquals(workers(undefined, undefined), [1, undefined]);
  assertEquals(workers(undefined, "4"), [1, 4]);
  for (const wrong of ["0", "1.5", "two", "-2"]) {
    assertThrows(() => workers(pg, wrong), Error, "WORKERS must be a whole number");
  }
});

Deno.test("DATABASE_POOL_MAX: shared among the workers, one LISTEN each, a pool of at least 2, refused when not a whole number of at least 3", () => {
  const pg = "postgres://postgres@127.0.0.1:5432/none";
  const pools = (workers: string, max: string | undefined) =>
    withEnv({ DATABASE_URL: pg, WORKERS: workers, DATABASE_POOL_MAX: max }, () => {
      const c = loadConfig();
      return [c.databasePoolMax, c.databasePool];
    });
  // 20 unless set: one worker keeps 19 for its pool and 1 for its LISTEN; two keep 9 + 1 each.
  assertEquals(pools("1", undefined), [20, 19]);
  assertEquals(pools("2", undefined), [20, 9]);
  // Shares are whole: 3 workers of 20 get 6 each (5 + 1), 18 in all, never more than asked.
  assertEquals(pools("3", undefined), [20, 5]);
  // Unset with more than 6 workers: each worker's smallest share (3), so the defaults never open more than asked.
  assertEquals(pools("8", undefined), [24, 2]);
  assertEquals(pools("7", undefined), [21, 2]);
  assertEquals(pools("4", "40"), [40, 9]);
  assertEquals(pools("1", "3"), [3, 2]);
  // Too few for the workers: each still gets a pool of 2 (the start warns that the process opens more).
  assertEquals(pools("8", "20"), [20, 2]);
  assertEquals(pools("4", "3"), [3, 2]);
  for (const wrong of ["0", "2", "-5", "7.5", "many"]) {
    assertThrows(
      () => pools("1", wrong),
      Error,
      `DATABASE_POOL_MAX must be a whole number of at least 3 (it is "${wrong}")`,
    );
  }
});
