/** WORKERS (decision 0094): the number of cores on PostgreSQL unless set, always 1 on embedded PGlite. */
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
