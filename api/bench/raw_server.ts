/**
 * The baseline of GET /api/health (decision 0095): a bare Deno.serve writing the same answer, the same JSON with
 * the same headers (the liveness answer's Content-Type and baseline security headers: the policy is the
 * product's, not the framework's, and Deno spends about a microsecond on each header). `/bare` answers the same
 * JSON with its Content-Type only, for information: the headers' own cost.
 */
import { BASELINE_HEADERS } from "../src/lib/security-headers.ts";

const port = Number(Deno.env.get("PORT") ?? 8001);
const BODY = JSON.stringify({ status: "ok" });
const HEADERS: [string, string][] = [
  ["Content-Type", "application/json"],
  ...Object.entries(BASELINE_HEADERS),
];
Deno.serve(
  { port, hostname: "127.0.0.1", onListen: () => console.log(`raw server on ${port}`) },
  (req) =>
    req.url.endsWith("/bare") ? Response.json({ status: "ok" }) : new Response(BODY, { headers: HEADERS }),
);
