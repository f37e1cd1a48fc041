/**
 * A dependency-free OpenAPI viewer: endpoints grouped by tag, each with access, inputs and answers. Its one
 * script and one stylesheet carry the request's nonce, so the page's policy needs no 'unsafe-inline'.
 */
export const viewerHtml = (nonce: string): string =>
  `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · APCA portal</title>
<style nonce="${nonce}">
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #f7f7f5; }
  header, main { max-width: 960px; margin: 0 auto; padding: 16px; }
  h1 { font-size: 1.5rem; } h2 { margin-top: 2rem; border-bottom: 1px solid #ccc; }
  details { background: #fff; border: 1px solid #ddd; border-radius: 6px; margin: 8px 0; }
  summary { cursor: pointer; padding: 8px 12px; }
  summary:focus-visible { outline: 3px solid #1d4ed8; }
  .m { display: inline-block; min-width: 4.5em; font-weight: 700; font-family: monospace; }
  .get { color: #065f46; } .post { color: #1e3a8a; } .put, .patch { color: #7c2d12; } .delete { color: #991b1b; }
  code, pre { font-family: ui-monospace, monospace; font-size: 13px; }
  pre { background: #f3f4f6; padding: 8px; overflow: auto; margin: 4px 0 12px; }
  .body { padding: 0 12px 12px; }
</style>
</head>
<body>
<header><h1>APCA portal API</h1><p id="intro">Loading <a href="/api/openapi.json">openapi.json</a>…</p></header>
<main id="list" aria-live="polite"></main>
<script type="module" nonce="${nonce}">
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  const pre = (v) => "<pre>" + esc(JSON.stringify(v, null, 2)) + "</pre>";
  const res = await fetch("/api/openapi.json");
  const doc = await res.json();
  document.getElementById("intro").innerHTML = esc(doc.info.description) +
    ' The raw document: <a href="/api/openapi.json">openapi.json</a>.';
  const groups = {};
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) (groups[op.tags[0]] ??= []).push({ path, method, op });
  }
  let html = "";
  for (const tag of Object.keys(groups).sort()) {
    html += "<h2>" + esc(tag) + "</h2>";
    for (const { path, method, op } of groups[tag]) {
      html += '<details><summary><span class="m ' + method + '">' + method.toUpperCase() + "</span> <code>" +
        esc(path) + "</code> · " + esc(op.summary) + '</summary><div class="body"><p>' +
        esc(op.description).replaceAll("\\n", "<br>") + "</p>";
      if (op.parameters) html += "<h3>Parameters</h3>" + pre(op.parameters);
      if (op.requestBody) html += "<h3>Body</h3>" + pre(op.requestBody.content["application/json"].schema);
      html += "<h3>Answers</h3>" + pre(Object.fromEntries(Object.entries(op.responses).map(([k, v]) =>
        [k, v.content?.["application/json"]?.schema?.$ref ? v.description + " (Error)" :
          v.content ? { description: v.description, schema: Object.values(v.content)[0].schema } : v.description])));
      html += "</div></details>";
    }
  }
  document.getElementById("list").innerHTML = html;
</script>
</body>
</html>`;
