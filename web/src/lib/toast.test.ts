import assert from "node:assert/strict";
import {
  dismissToast,
  MAX_TOASTS,
  noticeOnNextPage,
  pageChanged,
  pageNotice,
  toast,
  toasts,
} from "./toast.ts";

const messages = () => toasts.value.map((t) => t.message);
const clear = () => toasts.value.forEach((t) => dismissToast(t.id));

/** A hand-driven clock: setTimeout's callbacks run when `tick` passes their delay (no real waiting). */
function fakeTimers() {
  const real = { set: globalThis.setTimeout, clear: globalThis.clearTimeout };
  let now = 0;
  let next = 1;
  const due = new Map<number, { at: number; run: () => void }>();
  // deno-lint-ignore no-explicit-any
  const g = globalThis as any;
  g.setTimeout = (run: () => void, ms = 0) => {
    due.set(next, { at: now + ms, run });
    return next++;
  };
  g.clearTimeout = (id: number) => due.delete(id);
  return {
    tick(ms: number) {
      now += ms;
      for (const [id, t] of [...due]) if (t.at <= now && due.delete(id)) t.run();
    },
    [Symbol.dispose]() {
      g.setTimeout = real.set;
      g.clearTimeout = real.clear;
    },
  };
}

Deno.test("toasts: successes leave by themselves, errors stay until dismissed", () => {
  using time = fakeTimers();
  clear();
  toast.success("Saved");
  toast.error("Could not save");
  time.tick(5_001);
  assert.deepEqual(messages(), ["Could not save"]);
  time.tick(60_000);
  assert.deepEqual(messages(), ["Could not save"]);
  dismissToast(toasts.value[0].id);
  assert.deepEqual(messages(), []);
});

Deno.test("toasts: never more than a few, the oldest goes first", () => {
  using _time = fakeTimers();
  clear();
  for (let i = 1; i <= MAX_TOASTS + 2; i++) toast.info(`Note ${i}`);
  assert.equal(toasts.value.length, MAX_TOASTS);
  assert.equal(messages()[MAX_TOASTS - 1], `Note ${MAX_TOASTS + 2}`);
  clear();
});

Deno.test("toasts: one survives the redirect after its action, not the next page", () => {
  using _time = fakeTimers();
  clear();
  toast.success("Successfully logged into your account");
  pageChanged(); // the redirect to the dashboard
  assert.deepEqual(messages(), ["Successfully logged into your account"]);
  pageChanged(); // the member moves on
  assert.deepEqual(messages(), []);
});

Deno.test("the page notice (signing in) lives through the redirect to its page, and leaves at the next", () => {
  noticeOnNextPage("Successfully logged into your account");
  assert.equal(pageNotice.value?.message, "Successfully logged into your account");
  pageChanged(); // the redirect to the dashboard
  assert.equal(pageNotice.value?.message, "Successfully logged into your account");
  pageChanged(); // the member moves on
  assert.equal(pageNotice.value, null);
});
