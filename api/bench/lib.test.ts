/** The benches' one percentile rule (nearest rank), and the latency recorder that uses it. */
import { assertEquals } from "../src/testing/assert.ts";
import { nearestRank, Recorder } from "./lib.ts";

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
