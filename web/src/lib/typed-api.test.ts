/**
 * The typed calls (decision 0047): they send exactly the request the hand-written `api()` call sent, and a
 * misspelled path, a method the route does not answer, or a wrong parameter or body field fails `deno check`.
 */
import assert from "node:assert/strict";
import { ApiError } from "./api.ts";
import { buildPath, call, callFile, noSuchRoute, prefetchCall } from "./typed-api.ts";

const sent: { url: string; method: string; body?: string; headers: Record<string, string> }[] = [];
let answer = () => new Response(JSON.stringify({ data: { id: 7 } }), { status: 200 });
globalThis.fetch = ((input: string | URL | Request, init: RequestInit = {}) => {
  sent.push({
    url: String(input),
    method: init.method ?? "GET",
    body: init.body === undefined ? undefined : String(init.body),
    headers: init.headers as Record<string, string>,
  });
  return Promise.resolve(answer());
}) as typeof fetch;

Deno.test("buildPath fills {name}s (URI-encoded) and keeps the query in the caller's order", () => {
  assert.equal(buildPath("/auth/items/{id}", { id: 3 }), "/auth/items/3");
  assert.equal(buildPath("/auth/x/{a}/y/{b}", { a: "a b", b: "c/d" }), "/auth/x/a%20b/y/c%2Fd");
  assert.equal(
    buildPath("/auth/items", undefined, { page: 2, per_page: 20, q: "Jo & co", skip: undefined }),
    "/auth/items?page=2&per_page=20&q=Jo%20%26%20co",
  );
  assert.equal(buildPath("/auth/items", undefined, {}), "/auth/items");
  assert.throws(() => buildPath("/auth/items/{id}", {}), /no value for \{id\}/);
});

Deno.test("a typed call sends the request api() sent and keeps its error model", async () => {
  sent.length = 0;
  const item = await call("/auth/items/{id}").PUT({
    params: { id: 3 },
    body: { name: "Kit", cost_cents: 1250 },
    headers: { "Idempotency-Key": "k-1" },
  });
  assert.equal(item.data.id, 7);
  assert.deepEqual(sent.map(({ url, method, body }) => ({ url, method, body })), [
    { url: "/api/auth/items/3", method: "PUT", body: JSON.stringify({ name: "Kit", cost_cents: 1250 }) },
  ]);
  assert.equal(sent[0].headers["Idempotency-Key"], "k-1");
  assert.equal(sent[0].headers["Content-Type"], "application/json");

  answer = () => new Response(JSON.stringify({ error: "No such item", code: "NOT_FOUND" }), { status: 404 });
  await assert.rejects(call("/auth/items/{id}").DELETE({ params: { id: 9 } }), (e) => {
    assert.ok(e instanceof ApiError);
    assert.deepEqual([e.message, e.status, e.code], ["No such item", 404, "NOT_FOUND"]);
    return true;
  });
  assert.equal(sent.at(-1)?.method, "DELETE");

  answer = () =>
    new Response("a,b\n", { status: 200, headers: { "Content-Disposition": 'filename="x.csv"' } });
  const file = await callFile("/auth/export/{id}/download").GET({ params: { id: 5 } });
  assert.equal(file.filename, "x.csv");
  assert.equal(sent.at(-1)?.url, "/api/auth/export/5/download");
});

Deno.test("a prefetch by path builds the URL the screen's call builds, which then takes its answer", async () => {
  sent.length = 0;
  answer = () => new Response(JSON.stringify({ data: [], meta: { total: 0 } }), { status: 200 });
  const query = { per_page: 5, sort_by: "date", sort_dir: "desc" } as const;
  await prefetchCall("/auth/account/tests").GET({ query });
  await call("/auth/account/tests").GET({ query });
  assert.deepEqual(sent.map(({ url }) => url), [
    "/api/auth/account/tests?per_page=5&sort_by=date&sort_dir=desc",
  ]);
});

Deno.test("noSuchRoute answers as the server answers a path it does not have, without sending", async () => {
  sent.length = 0;
  await assert.rejects(noSuchRoute("PUT", "/auth/business/3/payment-methods/4/default"), (e) => {
    assert.ok(e instanceof ApiError);
    assert.deepEqual([e.status, e.code], [404, "ROUTE_NOT_FOUND"]);
    assert.equal(e.message, "There is no endpoint PUT /api/auth/business/3/payment-methods/4/default.");
    return true;
  });
  assert.equal(sent.length, 0);
});

/** Runs `deno check` on `source` as a module in web/src/lib (so it sees the web's config); its diagnostics. */
async function check(source: string): Promise<{ ok: boolean; output: string }> {
  const dir = new URL("./", import.meta.url);
  const file = await Deno.makeTempFile({ dir: dir.pathname, prefix: ".typed-api-snippet-", suffix: ".ts" });
  try {
    await Deno.writeTextFile(file, source);
    const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["check", "--quiet", file],
      env: { NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const output = new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr);
    return { ok: code === 0, output };
  } finally {
    await Deno.remove(file);
  }
}

const IMPORT = `import { call } from "./typed-api.ts";\n`;
const GOOD =
  `await call("/auth/items/{id}").PUT({ params: { id: 3 }, body: { name: "x", cost_cents: 1 } });\n`;

Deno.test("deno check accepts a right call and rejects a wrong path, method or body field", async (t) => {
  await t.step("the right call type-checks", async () => {
    const { ok, output } = await check(IMPORT + GOOD);
    assert.ok(ok, output);
  });
  const bad: [string, string, RegExp][] = [
    ["a misspelled path", `await call("/auth/itemz/{id}").PUT({ params: { id: 3 } });`, /itemz/],
    [
      "a method the route does not answer",
      `await call("/auth/items/{id}").PATCH({ params: { id: 3 }, body: { name: "x", cost_cents: 1 } });`,
      /PATCH/,
    ],
    [
      "a misspelled body field",
      `await call("/auth/items/{id}").PUT({ params: { id: 3 }, body: { nam: "x", cost_cents: 1 } });`,
      /nam/,
    ],
    ["a missing path parameter", `await call("/auth/items/{id}").DELETE({});`, /params/],
    ["a misspelled query parameter", `await call("/auth/items").GET({ query: { pages: 1 } });`, /pages/],
    [
      "a path parameter named as another route's",
      `await call("/auth/business/{id}/employee/{userId}/compliance-letter").GET({ params: { id: 1, userId: 2 } });`,
      /userId/,
    ],
    [
      "a wrong body field of a converted call",
      `await call("/auth/randoms").POST({ body: { yeer: 2026, month: 1 } });`,
      /yeer/,
    ],
    [
      "a body where the route takes none",
      `await call("/auth/randoms/{id}/build").POST({ params: { id: 1 }, body: {} });`,
      /body|FormData/,
    ],
  ];
  for (const [what, line, mentions] of bad) {
    await t.step(`${what} fails`, async () => {
      const { ok, output } = await check(IMPORT + line + "\n");
      assert.ok(!ok, `${what} type-checked:\n${line}`);
      assert.match(output, /TS\d+/, output);
      assert.match(output, mentions, output);
    });
  }
});
