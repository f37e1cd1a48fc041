/**
 * `prefetch()` (app/preload.ts asks the dashboard's data early): the screen's own GET of the same path takes
 * the early answer once instead of asking again; any other call, and the next one, asks the server.
 */
import assert from "node:assert/strict";
import { api, prefetch } from "./api.ts";

const asked: string[] = [];
globalThis.fetch = ((input: string | URL | Request) => {
  asked.push(String(input));
  return Promise.resolve(new Response(JSON.stringify({ n: asked.length }), { status: 200 }));
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
