/**
 * `deno run -A api/bench/profile-layers.ts <file.cpuprofile>`: a V8 CPU profile's self time by layer of the
 * request pipeline (Deno's HTTP server, Hono, the app's middleware, access and session, Kysely, postgres.js,
 * the route and service, JSON, GC, other), as shares of the busy (non-idle) time, then the top functions. A
 * native function's time counts for the layer of the script that called it (a socket write for postgres.js).
 * An optional second argument (server µs per request) turns the shares into µs; TOP=n lists n functions (40).
 */
interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const file = Deno.args[0];
if (!file) throw new Error("usage: profile-layers.ts <file.cpuprofile> [server µs per request]");
/** With the run's server CPU per request, each layer's share is also given in µs per request. */
const perRequest = Number(Deno.args[1] ?? NaN);
const STARTUP = "start-up and background work (seed, captcha, PDFs; not per request)";
const profile = JSON.parse(await Deno.readTextFile(file)) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
/** The first frame up the stack with a script URL: a native function's cost belongs to its caller's layer. */
function urlOf(id: number): string {
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const { url } = byId.get(cur)!.callFrame;
    if (url) return url;
  }
  return "";
}
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

const LAYERS: [string, RegExp][] = [
  [
    "request log line (logging.ts, console.log, JSON.stringify of it)",
    /lib\/logging\.ts|ext:deno_console|ext:core\/.*console/,
  ],
  ["metrics (metrics.ts)", /lib\/metrics\.ts/],
  ["site address (site-url.ts)", /lib\/site-url\.ts/],
  ["security headers (security-headers.ts)", /lib\/security-headers\.ts/],
  ["guards, safe input (guards.ts, safe-input.ts)", /lib\/guards\.ts|lib\/safe-input\.ts/],
  ["access, session, token (access.ts, auth/)", /lib\/access\.ts|\/auth\//],
  ["memberships service and queries", /\/memberships\//],
  ["other app code (api/src)", /\/api\/src\//],
  ["Hono (routing, context, body limit, cookies)", /\/hono@|\/hono\//],
  ["Kysely (build, compile, executor, driver)", /\/kysely@|\/kysely\/|kysely-postgres-js/],
  ["postgres.js (protocol, parsing)", /vendor\/postgres|\/postgres@/],
  ["Deno HTTP server and fetch types", /ext:deno_http|ext:deno_fetch|ext:deno_web|ext:deno_url|ext:deno_net/],
  ["Node compatibility (streams, Buffer, net)", /ext:deno_node|node:/],
  ["Deno core, promises, timers", /ext:core|ext:deno_/],
];

const totals = new Map<string, number>();
const functions = new Map<string, number>();
let busy = 0;
for (const [id, us] of self) {
  const { functionName, lineNumber } = byId.get(id)!.callFrame;
  const url = urlOf(id);
  const name = functionName || "(anonymous)";
  if (name === "(idle)") continue;
  busy += us;
  const layer = name === "(garbage collector)"
    ? "garbage collector"
    : name === "(program)"
    ? "(program): native, outside JavaScript"
    : /^wasm:|\/(index\.umd|deflate|inflate|trees|adler32|qrcode|pdf-lib)|PDF|Font\.js|UPNG/.test(url)
    ? STARTUP
    : LAYERS.find(([, re]) => re.test(url))?.[0] ??
      (url ? `other: ${url.replace(/.*\//, "")}` : "native, no caller");
  totals.set(layer, (totals.get(layer) ?? 0) + us);
  const key = `${name} ${url.replace(/.*\/(node_modules|api|vendor)\//, "$1/")}:${lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + us);
}
console.log(`busy ${(busy / 1000).toFixed(0)} ms of samples`);
const requestTime = busy - (totals.get(STARTUP) ?? 0);
for (const [layer, us] of [...totals].sort((a, b) => b[1] - a[1])) {
  const micros = layer === STARTUP || Number.isNaN(perRequest)
    ? ""
    : `  ${(perRequest * us / requestTime).toFixed(1).padStart(6)} µs/req`;
  console.log(`${(100 * us / busy).toFixed(1).padStart(5)} %${micros}  ${layer}`);
}
console.log("\ntop functions (self time):");
for (
  const [fn, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, Number(Deno.env.get("TOP") || 40))
) {
  console.log(`${(100 * us / busy).toFixed(1).padStart(5)} %  ${fn}`);
}
