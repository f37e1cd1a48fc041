import assert from "node:assert/strict";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv, Deps } from "./context.ts";
import { describe } from "./route.ts";

/** One route documented as `{ a: number }` that answers `body`, with the answer check on or off. */
function appAnswering(body: unknown, checkAnswers: boolean) {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set("deps", { checkAnswers } as Deps);
      await next();
    })
    .get("/x", describe({ summary: "x", response: z.object({ a: z.number() }) }), (c) => c.json(body, 200))
    .onError((error, c) => c.json({ error: error.message }, 500));
}

Deno.test("describe: in tests an answer outside its documented schema fails, naming the field", async () => {
  const res = await appAnswering({ b: 1 }, true).request("/x");
  assert.equal(res.status, 500);
  assert.match((await res.json()).error, /GET \/x answered outside its documented schema \(a: /);
});

Deno.test("describe: a matching answer passes, and outside tests nothing is checked", async () => {
  assert.equal((await appAnswering({ a: 1 }, true).request("/x")).status, 200);
  assert.equal((await appAnswering({ b: 1 }, false).request("/x")).status, 200);
});
