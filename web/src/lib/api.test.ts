/**
 * `prefetch()` (app/preload.ts asks the dashboard's data early): the screen's own GET of the same path takes
 * the early answer once instead of asking again; any other call, and the next one, asks the server. And a
 * step-up answer confirmed in place sends the same request once more.
 */
import assert from "node:assert/strict";
import { api, ApiError, confirmStepUpsWith, prefetch } from "./api.ts";

const asked: string[] = [];
const bodies: (string | null)[] = [];
/** The server's answer to the n-th request (1-based); by default a counter. */
let answer = (n: number) => new Response(JSON.stringify({ n }), { status: 200 });
globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) => {
  asked.push(String(input));
  bodies.push(typeof init?.body === "string" ? init.body : null);
  return Promise.resolve(answer(asked.length));
}) as typeof fetch;

Deno.test({
  name: "a prefetched GET is answered once from the early request, then asked again",
  // The early answer is forgotten after a while by a timer; the test does not wait for it.
  sanitizeOps: false,
  async fn() {
    asked.length = 0;
    prefetch("/auth/account/membership");
    assert.deepEqual(asked, ["/api/auth/account/membership"]);
    assert.deepEqual(await api("/auth/account/membership"), { n: 1 });
    assert.equal(asked.length, 1, "the screen took the early answer");
    assert.deepEqual(await api("/auth/account/membership"), { n: 2 });
    assert.equal(asked.length, 2, "a second call asks the server");
  },
});

Deno.test({
  name: "a prefetched answer is not taken by another path, a POST or a screen that already left",
  sanitizeOps: false,
  async fn() {
    asked.length = 0;
    prefetch("/auth/account/tests?per_page=5");
    await api("/auth/account/tests?per_page=10");
    await api("/auth/account/tests?per_page=5", { method: "POST", body: {} });
    assert.equal(asked.length, 3);
    const gone = new AbortController();
    gone.abort();
    await assert.rejects(api("/auth/account/tests?per_page=5", { signal: gone.signal }));
    assert.equal(asked.length, 3, "the aborted screen took it without asking again");
  },
});

const STEP_UP = () =>
  new Response(
    JSON.stringify({
      error: "This action needs a fresh confirmation of your second factor.",
      code: "STEP_UP_REQUIRED",
    }),
    { status: 403 },
  );

Deno.test("a step-up confirmed in place sends the same request once more; cancelled, it fails", async () => {
  try {
    asked.length = bodies.length = 0;
    answer = (n) => n === 1 ? STEP_UP() : new Response(JSON.stringify({ done: n }), { status: 200 });
    let confirmations = 0;
    confirmStepUpsWith(() => Promise.resolve(++confirmations > 0));
    const body = { password: "typed once", password_confirmation: "typed once" };
    assert.deepEqual(await api("/auth/user/7/password", { method: "PUT", body }), { done: 2 });
    assert.equal(confirmations, 1);
    assert.deepEqual(asked, ["/api/auth/user/7/password", "/api/auth/user/7/password"]);
    assert.equal(bodies[1], bodies[0], "the same body, nothing retyped");

    // Cancelled: the server's words, and no second request.
    asked.length = bodies.length = 0;
    answer = () => STEP_UP();
    confirmStepUpsWith(() => Promise.resolve(false));
    const refused = await api("/auth/user/7", { method: "DELETE" }).catch((e) => e);
    assert.ok(refused instanceof ApiError);
    assert.equal(refused.code, "STEP_UP_REQUIRED");
    assert.equal(asked.length, 1);

    // Confirmed but refused again (the clock moved on): asked once, never in a loop.
    asked.length = 0;
    confirmations = 0;
    confirmStepUpsWith(() => Promise.resolve(++confirmations > 0));
    await assert.rejects(api("/auth/user/7", { method: "DELETE" }), ApiError);
    assert.deepEqual([asked.length, confirmations], [2, 1]);
  } finally {
    confirmStepUpsWith(null);
    answer = (n) => new Response(JSON.stringify({ n }), { status: 200 });
  }
});
