/**
 * The benches' one percentile rule (nearest rank), the latency recorder that uses it, the window-agreement rule,
 * and the wait for a bench server to answer.
 */
import { assertEquals, assertRejects } from "../src/testing/assert.ts";
import {
  figureOf,
  freePort,
  nearestRank,
  needsAnotherWindow,
  Recorder,
  spread,
  waitForAnswer,
} from "./lib.ts";

Deno.test("bench percentiles: nearest rank, the value at rank ceil(q·n)", () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
  assertEquals(nearestRank(hundred, 0.5), 50);
  assertEquals(nearestRank(hundred, 0.99), 99);
  assertEquals(nearestRank(hundred, 1), 100);
  assertEquals(nearestRank(hundred, 0.001), 1);
  // 200 runs (the desk's): p50 is the 100th value, not the 101st a floor-based index gave.
  const twoHundred = Array.from({ length: 200 }, (_, i) => i + 1);
  assertEquals(nearestRank(twoHundred, 0.5), 100);
  assertEquals(nearestRank([7], 0.99), 7);
});

Deno.test("bench recorder: percentiles of what was added, in any order, past its first buffer", () => {
  const recorder = new Recorder();
  assertEquals(recorder.summary(), { p50: null, p90: null, p99: null, max: null });
  const n = 70_000;
  for (let i = n; i >= 1; i--) recorder.add(i / 10);
  assertEquals(recorder.count, n);
  assertEquals(recorder.summary(), { p50: 3500, p90: 6300, p99: 6930, max: 7000 });
});

Deno.test("bench windows: spread is the largest over the smallest, minus one", () => {
  assertEquals(spread([]), 0);
  assertEquals(spread([5]), 0);
  assertEquals(spread([4, 4, 4]), 0);
  assertEquals(spread([100, 125]), 0.25);
  assertEquals(spread([125, 100]), 0.25);
  assertEquals(spread([0, 3]), Infinity);
  assertEquals(spread([0, 0]), 0);
});

Deno.test("bench windows: a figure gets another window while its last two disagree by more than 20 %", () => {
  const rule = { tolerance: 0.2, least: 2, most: 5 };
  assertEquals(needsAnotherWindow([], rule), true);
  assertEquals(needsAnotherWindow([100], rule), true);
  assertEquals(needsAnotherWindow([100, 120], rule), false); // 20 % apart: agree
  assertEquals(needsAnotherWindow([100, 121], rule), true);
  assertEquals(needsAnotherWindow([121, 100], rule), true);
  // A disturbed first window is outvoted by the two after it.
  assertEquals(needsAnotherWindow([60, 100, 110], rule), false);
  assertEquals(needsAnotherWindow([100, 60, 110], rule), true);
  // At most `most` windows, even if they still disagree.
  assertEquals(needsAnotherWindow([100, 60, 110, 50, 100], rule), false);
  assertEquals(needsAnotherWindow([100, 60, 110, 50], rule), true);
});

Deno.test("bench windows: the figure is the middle of the last windows", () => {
  const rule = { tolerance: 0.2, least: 2, most: 5 };
  assertEquals(figureOf([100, 110], rule), 105);
  assertEquals(figureOf([60, 100, 110], rule), 105);
  assertEquals(figureOf([3, 1, 2], { ...rule, least: 3 }), 2);
});

Deno.test("bench start: the wait ends at the first 2xx answer, and fails once the server's process is gone", async () => {
  let asked = 0;
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () => new Response(null, { status: ++asked < 3 ? 503 : 200 }),
  );
  try {
    await waitForAnswer(`http://127.0.0.1:${server.addr.port}/api/health`);
    assertEquals(asked, 3);
  } finally {
    await server.shutdown();
  }
  const gone = new Deno.Command(Deno.execPath(), { args: ["eval", ""], stdout: "null", stderr: "null" })
    .spawn();
  await gone.status;
  await assertRejects(
    () => waitForAnswer(`http://127.0.0.1:${freePort()}/api/health`, gone),
    /exited before/,
  );
});
