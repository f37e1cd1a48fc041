/**
 * The resource cache's promises, driven by hand-settled loads (no timers, no DOM): one request for concurrent
 * identical loads, newer loads win, invalidation by prefix reloads what is watched, the last subscriber
 * leaving aborts, and clearing forgets.
 */
import assert from "node:assert/strict";
import { hasPrefix, ResourceStore } from "./resource-store.ts";

/** A load the test settles itself, recording the signal it was given. */
function controlledLoader<T>() {
  const calls: { signal: AbortSignal; resolve(v: T): void; reject(e: unknown): void }[] = [];
  const loader = (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      calls.push({ signal, resolve, reject });
      signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
    });
  return { loader, calls };
}

const flush = () => new Promise((resolve) => queueMicrotask(() => resolve(undefined)));

Deno.test("concurrent identical loads share one request and both see its answer", async () => {
  const store = new ResourceStore();
  const { loader, calls } = controlledLoader<string>();
  const seen: string[] = [];
  store.subscribe(["membership", "self"], () => seen.push("a"));
  store.subscribe(["membership", "self"], () => seen.push("b"));
  const first = store.load(["membership", "self"], loader);
  const second = store.load(["membership", "self"], loader);
  assert.deepEqual(calls.length, 1);
  assert.deepEqual(store.state(["membership", "self"]).loading, true);
  calls[0].resolve("active");
  await Promise.all([first, second]);
  assert.deepEqual(store.state(["membership", "self"]), {
    data: "active",
    error: undefined,
    loading: false,
    settled: 1,
  });
  // Both subscribers were told of the start and of the answer.
  assert.deepEqual(seen.filter((s) => s === "a").length, 2);
  assert.deepEqual(seen.filter((s) => s === "b").length, 2);
});

Deno.test("a newer load aborts the older one, and the older answer never overwrites the newer", async () => {
  const store = new ResourceStore();
  const { loader, calls } = controlledLoader<string>();
  store.subscribe(["tests", 1], () => {});
  void store.load(["tests", 1], loader);
  const newer = store.load(["tests", 1], loader, { force: true });
  assert.deepEqual(calls.length, 2);
  assert.deepEqual(calls[0].signal.aborted, true);
  assert.deepEqual(calls[1].signal.aborted, false);
  calls[1].resolve("new");
  await newer;
  calls[0].resolve("old"); // a server that ignored the abort
  await flush();
  assert.deepEqual(store.state(["tests", 1]).data, "new");
});

Deno.test("a failure keeps the data held and shows the error; the next load clears the error", async () => {
  const store = new ResourceStore();
  const { loader, calls } = controlledLoader<string>();
  store.subscribe(["cards", "self"], () => {});
  const first = store.load(["cards", "self"], loader);
  calls[0].resolve("visa");
  await first;
  const second = store.load(["cards", "self"], loader, { force: true });
  assert.deepEqual(store.state(["cards", "self"]), {
    data: "visa",
    error: undefined,
    loading: true,
    settled: 1,
  });
  const refusal = new Error("down");
  calls[1].reject(refusal);
  await second;
  const failed = store.state(["cards", "self"]);
  assert.deepEqual(failed.data, "visa");
  assert.equal(failed.error, refusal);
  void store.load(["cards", "self"], loader);
  assert.deepEqual(store.state(["cards", "self"]).error, undefined);
});

Deno.test("invalidating a prefix reloads every watched key under it and no other", async () => {
  const store = new ResourceStore();
  const membership = controlledLoader<string>();
  const history = controlledLoader<string>();
  const otherUser = controlledLoader<string>();
  const cards = controlledLoader<string>();
  const watched: [readonly (string | number)[], ReturnType<typeof controlledLoader<string>>][] = [
    [["membership", "self"], membership],
    [["membership", "self", "history", 1], history],
    [["membership", "user:7"], otherUser],
    [["cards", "self"], cards],
  ];
  for (const [key, { loader }] of watched) {
    store.subscribe(key, () => {});
    void store.load(key, loader);
  }
  for (const [, { calls }] of watched) calls[0].resolve("first");
  await flush();

  const done = store.invalidate(["membership", "self"]);
  assert.deepEqual(membership.calls.length, 2);
  assert.deepEqual(history.calls.length, 2);
  assert.deepEqual(otherUser.calls.length, 1);
  assert.deepEqual(cards.calls.length, 1);
  // The data held stays shown while the reload runs.
  assert.deepEqual(store.state(["membership", "self"]), {
    data: "first",
    error: undefined,
    loading: true,
    settled: 1,
  });
  membership.calls[1].resolve("paused");
  history.calls[1].resolve("two rows");
  await done;
  assert.deepEqual(store.state(["membership", "self"]).data, "paused");
  assert.deepEqual(store.state(["membership", "self", "history", 1]).data, "two rows");
  assert.deepEqual(store.state(["membership", "user:7"]).data, "first");
});

Deno.test("invalidation drops the running load of a key nobody watches", async () => {
  const store = new ResourceStore();
  const { loader, calls } = controlledLoader<string>();
  void store.load(["membership", "self"], loader); // a prefetch: nobody subscribed
  await store.invalidate(["membership"]);
  assert.deepEqual(calls.length, 1);
  assert.deepEqual(calls[0].signal.aborted, true);
});

Deno.test("the last subscriber leaving aborts the running load; one of two leaving does not", () => {
  const store = new ResourceStore();
  const { loader, calls } = controlledLoader<string>();
  const leaveA = store.subscribe(["item", 3], () => {});
  const leaveB = store.subscribe(["item", 3], () => {});
  void store.load(["item", 3], loader);
  leaveA();
  assert.deepEqual(calls[0].signal.aborted, false);
  leaveB();
  assert.deepEqual(calls[0].signal.aborted, true);
  assert.deepEqual(store.state(["item", 3]).loading, false);
});

Deno.test("set puts a mutation's answer in place and drops the load running", async () => {
  const store = new ResourceStore();
  const { loader, calls } = controlledLoader<string[]>();
  store.subscribe(["cards", "self"], () => {});
  void store.load(["cards", "self"], loader);
  store.set(["cards", "self"], ["mastercard"]);
  calls[0].resolve(["visa", "mastercard"]);
  await flush();
  assert.deepEqual(store.state(["cards", "self"]), {
    data: ["mastercard"],
    error: undefined,
    loading: false,
    settled: 1,
  });
});

Deno.test("the settled count only grows, also across a clear, so a screen can tell answers older than itself", async () => {
  const store = new ResourceStore();
  const { loader, calls } = controlledLoader<string>();
  store.subscribe(["membership", "self"], () => {});
  const first = store.load(["membership", "self"], loader);
  calls[0].resolve("active");
  await first;
  const mounted = store.state(["membership", "self"]).settled; // a screen mounting now, with "active" held
  const second = store.load(["membership", "self"], loader); // its own load joins nothing: a new request
  assert.equal(calls.length, 2);
  assert.equal(store.state(["membership", "self"]).settled, mounted);
  calls[1].reject(new Error("down"));
  await second;
  assert.equal(store.state(["membership", "self"]).settled, mounted + 1);
  store.clear();
  assert.equal(store.state(["membership", "self"]).settled, mounted + 1);
});

Deno.test("clear forgets every answer (another user signed in) and aborts the loads running", () => {
  const store = new ResourceStore();
  const { loader, calls } = controlledLoader<string>();
  store.set(["membership", "self"], "active");
  store.subscribe(["tests", 1], () => {});
  void store.load(["tests", 1], loader);
  store.clear();
  assert.deepEqual(store.state(["membership", "self"]).data, undefined);
  assert.deepEqual(store.state(["tests", 1]).loading, false);
  assert.deepEqual(calls[0].signal.aborted, true);
});

Deno.test("keys match a prefix part by part, not by text", () => {
  assert.deepEqual(hasPrefix(["membership", "self", "history", 1], ["membership", "self"]), true);
  assert.deepEqual(hasPrefix(["membership", "self"], ["membership", "self"]), true);
  assert.deepEqual(hasPrefix(["membership", "selfish"], ["membership", "self"]), false);
  assert.deepEqual(hasPrefix(["tests", 1], ["tests", "1"]), false);
  assert.deepEqual(hasPrefix(["membership"], ["membership", "self"]), false);
});
