import assert from "node:assert/strict";
import { checkPrecache, PRECACHE_BUDGET_BYTES, precacheBudget, precacheBytes } from "./precache-budget.ts";

Deno.test("precache: the total is the sum of the entries' sizes", () => {
  assert.equal(precacheBytes([]), 0);
  assert.equal(precacheBytes([{ url: "index.html", size: 1000 }, { url: "assets/a.js", size: 2500 }]), 3500);
});

Deno.test("precache: at the budget passes with a one-line summary, one byte over fails naming the largest", () => {
  assert.equal(PRECACHE_BUDGET_BYTES, 2 * 1024 * 1024);
  const atBudget = [{ url: "a.js", size: PRECACHE_BUDGET_BYTES - 1024 }, { url: "index.html", size: 1024 }];
  assert.equal(checkPrecache(atBudget), "precache 2 files, 2048.0 KiB (budget 2048 KiB)");
  assert.throws(
    () => checkPrecache([...atBudget, { url: "icon.png", size: 1 }]),
    /over budget by 0\.0 KiB; largest: a\.js 2047\.0 KiB, index\.html 1\.0 KiB, icon\.png 0\.0 KiB/,
  );
});

Deno.test("precache: the Workbox transform passes the manifest through unchanged", async () => {
  const entries = [{ url: "index.html", size: 10, revision: "r1" }];
  const info = console.info;
  console.info = () => {};
  try {
    assert.deepEqual(await precacheBudget()(entries), { manifest: entries, warnings: [] });
    await assert.rejects(async () => await precacheBudget(5)(entries), /over budget/);
  } finally {
    console.info = info;
  }
});
