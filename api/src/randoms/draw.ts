/**
 * The selection an auditor can re-run (docs/decisions/0033-random-pools.md, 46 CFR 16.230(c)): pure functions
 * of the snapshot and the seed, with no database and no clock.
 *
 * - The seed is 32 bytes from a cryptographically secure generator (crypto.getRandomValues); its commitment is
 *   SHA-256 of the seed's bytes, published before the draw.
 * - The snapshot is the covered members' neutral identifiers (user ids, never names) sorted ascending; its
 *   fingerprint is SHA-256 of the identifiers written in decimal, one per line.
 * - The random stream is HMAC-SHA-256(seed, counter as 8 bytes big-endian) for counter 0, 1, 2, ..., read as
 *   big-endian 32-bit words; a number below k comes from rejection sampling (no modulo bias).
 * - The draw is a Fisher-Yates shuffle of the sorted snapshot from its first position: position i takes the
 *   member at a uniform index in [i, N). The first n positions are the selection (uniform sampling without
 *   replacement: every member has the same chance n/N), the next positions the alternates, in order.
 */
import { createHash, createHmac } from "node:crypto";

export const ALGORITHM = "apca-fisher-yates-hmac-sha256-v1";

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** A fresh seed (64 hex characters) from the platform's cryptographically secure generator. */
export function newSeed(): string {
  return hex(crypto.getRandomValues(new Uint8Array(32)));
}

const seedBytes = (seed: string): Uint8Array => {
  if (!/^[0-9a-f]{64}$/.test(seed)) throw new Error("A seed is 64 lowercase hex characters.");
  return Uint8Array.from(seed.match(/../g)!, (b) => parseInt(b, 16));
};

/** The commitment published before the draw: SHA-256 of the seed's 32 bytes, in hex. */
export function commitmentOf(seed: string): string {
  return createHash("sha256").update(seedBytes(seed)).digest("hex");
}

/** The snapshot's fingerprint: SHA-256 of the sorted identifiers in decimal, one per line. */
export function snapshotFingerprint(sortedIds: readonly number[]): string {
  const hash = createHash("sha256");
  // In chunks, so 250,000 identifiers never make one huge string.
  for (let i = 0; i < sortedIds.length; i += 10_000) {
    hash.update(sortedIds.slice(i, i + 10_000).map((id) => `${id}\n`).join(""));
  }
  return hash.digest("hex");
}

/** The deterministic stream of 32-bit words of a seed. */
export class SeedStream {
  #key: Uint8Array;
  #counter = 0;
  #words: number[] = [];

  constructor(seed: string) {
    this.#key = seedBytes(seed);
  }

  next(): number {
    if (!this.#words.length) {
      const counter = new Uint8Array(8);
      new DataView(counter.buffer).setBigUint64(0, BigInt(this.#counter++));
      const block = createHmac("sha256", this.#key).update(counter).digest();
      // Read back to front with pop(), so push them reversed.
      for (let i = 28; i >= 0; i -= 4) this.#words.push(block.readUInt32BE(i));
    }
    return this.#words.pop()!;
  }

  /** A uniform whole number in [0, k), 1 <= k <= 2^32, by rejection sampling. */
  below(k: number): number {
    const limit = 2 ** 32 - (2 ** 32 % k);
    for (;;) {
      const x = this.next();
      if (x < limit) return x % k;
    }
  }
}

/**
 * The first `count` positions of the seeded shuffle of a sorted snapshot of `n` members: the snapshot indices
 * in draw order. Only the swapped entries are tracked, so drawing a few thousand from 250,000 costs a few
 * thousand steps.
 */
export function drawIndices(n: number, seed: string, count: number): number[] {
  const take = Math.min(count, n);
  const stream = new SeedStream(seed);
  const moved = new Map<number, number>();
  const at = (i: number) => moved.get(i) ?? i;
  const order: number[] = [];
  for (let i = 0; i < take; i++) {
    const j = i + stream.below(n - i);
    const picked = at(j);
    moved.set(j, at(i));
    order.push(picked);
  }
  return order;
}

/** The same draw as member ids. */
export const drawOrder = (sortedIds: readonly number[], seed: string, count: number): number[] =>
  drawIndices(sortedIds.length, seed, count).map((i) => sortedIds[i]);

/** Alternates drawn with each pool: a tenth of the selection, at least two (fewer if the pool runs out). */
export const alternatesFor = (selected: number, covered: number) =>
  Math.max(0, Math.min(covered - selected, Math.max(2, Math.ceil(selected / 10))));

export interface YearPace {
  /** The year's rate in percent (16.230(e)). */
  ratePercent: number;
  /** Covered counts of this year's pools so far, this month's included. */
  coveredCounts: number[];
  /** Random tests that count toward the rate from earlier pools this year (completed or still pending). */
  counted: number;
  /** This pool's month (1..12). */
  month: number;
}

/** The year's target: the rate applied to the average covered population (rounded up). */
export function yearTarget(p: Pick<YearPace, "ratePercent" | "coveredCounts">): number {
  if (!p.coveredCounts.length) return 0;
  const average = p.coveredCounts.reduce((a, b) => a + b, 0) / p.coveredCounts.length;
  return Math.ceil((p.ratePercent * average) / 100 - 1e-9);
}

/**
 * How many this month's pool selects: what the year still needs spread over the months left (this one
 * included), rounded up, so the year ends at or above the rate; never zero while anyone is covered (no month
 * without a selection, 16.230(h)), never more than the covered population.
 */
export function monthlyCount(p: YearPace): number {
  const covered = p.coveredCounts.at(-1) ?? 0;
  if (covered === 0) return 0;
  const needed = Math.max(0, yearTarget(p) - p.counted);
  const monthsLeft = 12 - p.month + 1;
  return Math.min(covered, Math.max(1, Math.ceil(needed / monthsLeft)));
}
