import assert from "node:assert/strict";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv, Deps } from "./context.ts";
import { describe, streamedBodyLimitOf } from "./route.ts";
import { AppError } from "./errors.ts";

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

/** A chunked body of `chunks` pieces of `size` bytes; `pulled()` says how many the server has taken so far. */
function chunkedBody(chunks: number, size: number) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (pulled === chunks) return c.close();
      pulled++;
      c.enqueue(new Uint8Array(size));
    },
  }, { highWaterMark: 0 });
  return { body, pulled: () => pulled };
}

function uploadApp(max: number, seen: number[]) {
  return new Hono<AppEnv>()
    .post("/up", streamedBodyLimitOf(max, "Too large."), async (c) => {
      let bytes = 0;
      for await (const chunk of c.req.raw.body!) {
        bytes += chunk.length;
        seen.push(bytes);
      }
      return c.json({ bytes }, 200);
    })
    .onError((error, c) =>
      c.json(
        { error: error.message },
        error instanceof AppError && error.code === "PAYLOAD_TOO_LARGE" ? 413 : 500,
      )
    );
}

Deno.test("streamedBodyLimitOf: a chunked body reaches the handler as it streams, and 413 once over", async () => {
  const seen: number[] = [];
  const source = chunkedBody(8, 1000);
  let pulledAtFirst = -1;
  const app = new Hono<AppEnv>()
    .post("/up", streamedBodyLimitOf(100_000, "Too large."), async (c) => {
      for await (const _ of c.req.raw.body!) {
        if (pulledAtFirst < 0) pulledAtFirst = source.pulled();
      }
      return c.json({}, 200);
    });
  const init = { method: "POST", body: source.body, duplex: "half" } as RequestInit;
  assert.equal((await app.request("/up", init)).status, 200);
  assert.ok(pulledAtFirst < 8, `the handler's first chunk came after ${pulledAtFirst} of 8 were read`);

  const over = chunkedBody(8, 1000);
  const res = await uploadApp(5000, seen).request("/up", {
    method: "POST",
    body: over.body,
    duplex: "half",
  } as RequestInit);
  assert.equal(res.status, 413);
  assert.deepEqual(seen, [1000, 2000, 3000, 4000, 5000]);

  const declared = await uploadApp(5000, []).request("/up", {
    method: "POST",
    headers: { "content-length": "5001" },
    body: new Uint8Array(5001),
  });
  assert.equal(declared.status, 413);
  assert.equal(
    (await uploadApp(5000, []).request("/up", { method: "POST", body: new Uint8Array(5000) })).status,
    200,
  );
});
