import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { type ChunkLike, gzipBytes, initialChunks } from "./initial-js-budget.ts";

const chunk = (
  fileName: string,
  imports: string[],
  code = `export const x = "${fileName}";`,
  isEntry = false,
) => ({ type: "chunk", fileName, isEntry, imports, code }) satisfies ChunkLike;

// An entry importing a vendor chunk (which imports a shared one) statically, and a lazily loaded page whose own
// static import is not reachable from the entry.
const bundle = {
  "assets/index.js": chunk("assets/index.js", ["assets/vendor.js"], "import './vendor.js';", true),
  "assets/vendor.js": chunk("assets/vendor.js", ["assets/shared.js"]),
  "assets/shared.js": chunk("assets/shared.js", ["assets/vendor.js"]),
  "assets/page.js": chunk("assets/page.js", ["assets/page-only.js", "assets/shared.js"]),
  "assets/page-only.js": chunk("assets/page-only.js", []),
  "assets/index.css": { type: "asset", fileName: "assets/index.css" },
};

Deno.test("initial JS: the entries and their static imports, transitively, once each; not lazy chunks", () => {
  assert.deepEqual(
    initialChunks(bundle).map((c) => c.fileName),
    ["assets/index.js", "assets/vendor.js", "assets/shared.js"],
  );
});

Deno.test("initial JS: an import missing from the bundle (an external) is skipped", () => {
  assert.deepEqual(
    initialChunks({ "a.js": chunk("a.js", ["https://cdn/x.js"], "", true) }).map((c) => c.fileName),
    [
      "a.js",
    ],
  );
});

Deno.test("initial JS: no entry, nothing counted", () => {
  assert.deepEqual(initialChunks({ "p.js": chunk("p.js", []) }), []);
});

Deno.test("initial JS: the size is the sum of each file gzipped on its own", () => {
  const chunks = initialChunks(bundle);
  const expected = chunks.reduce((sum, c) => sum + gzipSync(c.code, { level: 9 }).byteLength, 0);
  assert.equal(gzipBytes(chunks), expected);
  assert.ok(gzipBytes([chunk("big.js", [], "x".repeat(100_000))]) < 1_000, "gzipped, not raw");
  assert.equal(gzipBytes([]), 0);
});
