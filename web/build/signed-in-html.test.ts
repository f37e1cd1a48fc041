import assert from "node:assert/strict";
import { chunkClosure, type ChunkLike } from "./chunk-closure.ts";
import { signedInHtml } from "./signed-in-html.ts";

const chunk = (fileName: string, imports: string[], css: string[] = [], isEntry = false): ChunkLike => ({
  fileName,
  imports,
  isEntry,
  viteMetadata: { importedCss: new Set(css) },
});

// The entry imports a runtime; the shell and the dashboard share a helper that imports the runtime back.
const chunks = [
  chunk("assets/index.js", ["assets/runtime.js"], [], true),
  chunk("assets/runtime.js", []),
  chunk("assets/shell.js", ["assets/helper.js", "assets/index.js"], ["assets/shell.css"]),
  chunk("assets/dashboard.js", ["assets/helper.js"], ["assets/dashboard.css"]),
  chunk("assets/helper.js", ["assets/runtime.js"]),
  chunk("assets/pages.js", ["assets/form.js"], ["assets/pages.css"]),
  chunk("assets/form.js", []),
];

Deno.test("signed-in area: its chunks and their imports once each, the entry left out, with their styles", () => {
  assert.deepEqual(chunkClosure(chunks, ["assets/shell.js", "assets/dashboard.js"]), {
    scripts: ["assets/shell.js", "assets/helper.js", "assets/runtime.js", "assets/dashboard.js"],
    styles: ["assets/shell.css", "assets/dashboard.css"],
  });
});

const INDEX = `<html><head>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime.js">
    <link rel="stylesheet" crossorigin href="/assets/index.css">
    <link rel="preload" as="style" crossorigin href="/assets/pages.css">
    <link rel="modulepreload" crossorigin href="/assets/pages.js">
    <link rel="modulepreload" crossorigin href="/assets/form.js">
  <link rel="manifest" href="/manifest.webmanifest"></head><body></body></html>`;

Deno.test("app.html: the public pages' preloads go, the entry's stay, the signed-in area's come once each", () => {
  const html = signedInHtml(INDEX, ["assets/runtime.js"], chunkClosure(chunks, ["assets/shell.js"]));
  for (const gone of ["/assets/pages.js", "/assets/form.js", "/assets/pages.css"]) {
    assert.ok(!html.includes(gone), `${gone} is still preloaded`);
  }
  for (const kept of ['src="/assets/index.js"', 'rel="stylesheet" crossorigin href="/assets/index.css"']) {
    assert.ok(html.includes(kept), `${kept} went`);
  }
  assert.ok(html.includes('<link rel="preload" as="style" crossorigin href="/assets/shell.css">'));
  assert.ok(html.includes('<link rel="modulepreload" crossorigin href="/assets/shell.js">'));
  assert.ok(html.includes('<link rel="modulepreload" crossorigin href="/assets/helper.js">'));
  assert.equal(html.split('href="/assets/runtime.js"').length - 1, 1, "the runtime is preloaded once");
  assert.ok(html.includes('<link rel="manifest" href="/manifest.webmanifest">'));
  assert.ok(html.indexOf("shell.js") < html.indexOf("</head>"));
});

Deno.test("app.html: the session probe starts with the page, and a loading line is drawn before any script runs", () => {
  const html = signedInHtml(INDEX.replace("<body></body>", '<body><div id="root"></div></body>'), [], {
    scripts: [],
    styles: [],
  });
  assert.ok(html.includes('<link rel="preload" as="fetch" crossorigin href="/api/auth/session/probe">'));
  assert.match(
    html,
    /<div id="root"><main id="main" class="container main"><p class="loading" role="status"[^>]*>Loading…<\/p><\/main><\/div>/,
  );
});
