/**
 * The draw's properties an auditor relies on (46 CFR 16.230): the same snapshot and seed always give the
 * same selection; every member has the same chance (chi-square over 10,000 seeded draws); the commitment
 * binds the seed; and the monthly numbers reach the yearly rate with no empty month. Fixed seeds throughout,
 * so every run is the same.
 */
import { createHash, createHmac } from "node:crypto";
import { assertEquals, assertOk } from "../testing/assert.ts";
import {
  alternatesFor,
  commitmentOf,
  drawOrder,
  monthlyCount,
  newSeed,
  SeedStream,
  snapshotFingerprint,
  yearTarget,
} from "./draw.ts";

const fixedSeed = (label: string) => createHash("sha256").update(label).digest("hex");
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

Deno.test("draw: same snapshot and seed, same selection; a sample without replacement", () => {
  const ids = range(1000, 500);
  const seed = fixedSeed("pool-2026-11");
  const a = drawOrder(ids, seed, 60);
  assertEquals(drawOrder(ids, seed, 60), a);
  assertEquals(new Set(a).size, 60, "no member twice");
  assertOk(a.every((id) => ids.includes(id)));
  // Alternates continue the same order: a longer draw starts with the shorter one.
  assertEquals(drawOrder(ids, seed, 80).slice(0, 60), a);
  assertOk(JSON.stringify(drawOrder(ids, fixedSeed("other"), 60)) !== JSON.stringify(a), "another seed");
  const changed = ids.filter((id) => id !== a[0]);
  assertOk(drawOrder(changed, seed, 60)[0] !== a[0], "a changed snapshot gives another draw");
  assertEquals(drawOrder(ids, seed, 10_000).length, 500, "never more than the pool");
});

Deno.test("draw: the commitment and the fingerprint bind the seed and the snapshot", () => {
  const seed = newSeed();
  assertOk(/^[0-9a-f]{64}$/.test(seed));
  assertOk(newSeed() !== seed, "each seed fresh from the secure generator");
  const expected = createHash("sha256").update(Uint8Array.from(seed.match(/../g)!, (b) => parseInt(b, 16)))
    .digest("hex");
  assertEquals(commitmentOf(seed), expected);
  assertEquals(
    snapshotFingerprint([1, 2, 30]),
    createHash("sha256").update("1\n2\n30\n").digest("hex"),
  );
  assertOk(snapshotFingerprint([1, 2, 30]) !== snapshotFingerprint([1, 2, 31]));
});

Deno.test("draw: the stream's bounded numbers are uniform", () => {
  const stream = new SeedStream(fixedSeed("below"));
  const counts = new Array(7).fill(0);
  for (let i = 0; i < 70_000; i++) counts[stream.below(7)]++;
  // Chi-square with 6 degrees of freedom; 22.46 is the 0.001 critical value.
  const chi = counts.reduce((s, c) => s + (c - 10_000) ** 2 / 10_000, 0);
  assertOk(chi < 22.46, `chi-square ${chi}`);
});

Deno.test("draw: chi-square over 10,000 seeded draws from 1,000 members favours no one", () => {
  const ids = range(1, 1000);
  const picks = 50;
  const draws = 10_000;
  const counts = new Map<number, number>(ids.map((id) => [id, 0]));
  for (let d = 0; d < draws; d++) {
    for (const id of drawOrder(ids, fixedSeed(`chi-${d}`), picks)) counts.set(id, counts.get(id)! + 1);
  }
  const expected = (draws * picks) / ids.length; // 500
  let chi = 0;
  let worst = 0;
  for (const c of counts.values()) {
    chi += (c - expected) ** 2 / expected;
    worst = Math.max(worst, Math.abs(c - expected));
  }
  // 999 degrees of freedom: the 0.001 critical value is about 1143 (Wilson-Hilferty).
  assertOk(chi < 1143, `chi-square ${chi.toFixed(1)} over 999 degrees of freedom`);
  // And no single member away from its expectation by more than 5 standard deviations (about 21.8 each).
  assertOk(worst < 5 * Math.sqrt(expected * (1 - picks / ids.length)), `largest deviation ${worst}`);
});

/** A small deterministic generator for the simulated population (not the draw's). */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

for (const rate of [50, 25]) {
  Deno.test(`draw: a year month by month with joins, pauses and leaves ends at or above ${rate} %`, () => {
    const next = lcg(rate);
    let nextId = 1;
    const covered = new Set<number>(range(nextId, 400));
    nextId += 400;
    const paused = new Set<number>();
    const counts: number[] = [];
    let tested = 0;
    for (let month = 1; month <= 12; month++) {
      // Joins (a growing fleet in summer), leaves, pauses and resumes.
      const joins = month >= 5 && month <= 8 ? 60 : 10;
      for (let i = 0; i < joins; i++) covered.add(nextId++);
      for (const id of [...covered]) {
        const r = next();
        if (r < 0.03) covered.delete(id);
        else if (r < 0.06) {
          covered.delete(id);
          paused.add(id);
        }
      }
      for (const id of [...paused]) {
        if (next() < 0.3) {
          paused.delete(id);
          covered.add(id);
        }
      }
      const snapshot = [...covered].sort((a, b) => a - b);
      counts.push(snapshot.length);
      const n = monthlyCount({ ratePercent: rate, coveredCounts: counts, counted: tested, month });
      assertOk(n >= 1, `month ${month} selects someone`);
      const selected = drawOrder(
        snapshot,
        fixedSeed(`year-${rate}-${month}`),
        n + alternatesFor(n, snapshot.length),
      )
        .slice(0, n);
      assertEquals(selected.length, n);
      tested += n;
    }
    const target = yearTarget({ ratePercent: rate, coveredCounts: counts });
    const average = counts.reduce((a, b) => a + b, 0) / 12;
    assertOk(tested >= target, `tested ${tested}, target ${target}`);
    assertOk(tested >= (rate / 100) * average, `${tested} tests on an average of ${average}`);
    // Spread: no month carries more than a quarter of the year's tests.
    assertOk(tested <= target + 12, `no large overshoot (${tested} for ${target})`);
  });
}

Deno.test("draw: the worked example of decision 0033 (read from the record, every value re-computed)", async () => {
  const text = await Deno.readTextFile(
    new URL("../../../docs/decisions/0033-random-pools.md", import.meta.url),
  );
  const block = text.match(/```worked-example\n([\s\S]*?)\n```/);
  assertOk(block, "the record has a worked-example block");
  const lines = block[1].split("\n");
  const field = (name: string) => {
    const line = lines.find((l) => l.startsWith(`${name}: `));
    assertOk(line, `the worked example gives '${name}'`);
    return line.slice(name.length + 2).trim();
  };
  const numbers = (value: string) => value.split(/\s+/).map(Number);
  const seed = field("seed");
  const ids = numbers(field("snapshot"));
  assertEquals(commitmentOf(seed), field("commitment"));
  // The fingerprint's bytes: each id in decimal followed by one line feed, the last one included.
  const bytes = new TextEncoder().encode(ids.map((id) => `${id}\n`).join(""));
  assertEquals(createHash("sha256").update(bytes).digest("hex"), field("fingerprint"));
  assertEquals(snapshotFingerprint(ids), field("fingerprint"));
  const key = Uint8Array.from(seed.match(/../g)!, (b) => parseInt(b, 16));
  assertEquals(createHmac("sha256", key).update(new Uint8Array(8)).digest("hex"), field("block 0"));
  // Each step, re-computed independently of draw.ts from the record's rule (rejection, then the swap).
  const steps = lines.filter((l) => l.startsWith("step ")).map((l) => l.slice(l.indexOf("):") + 2).trim());
  assertEquals(steps.length, ids.length);
  const stream = new SeedStream(seed);
  const a = [...ids];
  steps.forEach((step, i) => {
    const [si, k, word, limit, mod, j, member] = step.split(/\s+/);
    const x = stream.next();
    assertEquals([Number(si), Number(k)], [i, ids.length - i]);
    assertEquals(x.toString(16).padStart(8, "0"), word);
    assertEquals(2 ** 32 - (2 ** 32 % Number(k)), Number(limit));
    assertOk(x < Number(limit), "no word of the example is rejected");
    assertEquals([x % Number(k), i + (x % Number(k))], [Number(mod), Number(j)]);
    [a[i], a[Number(j)]] = [a[Number(j)], a[i]];
    assertEquals(a[i], Number(member));
  });
  assertEquals(drawOrder(ids, seed, ids.length), numbers(field("positions")));
  assertEquals(a, numbers(field("positions")));
});
