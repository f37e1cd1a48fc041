/** The baseline: a bare Deno.serve answering a small JSON, the same body as /api/health. */
const port = Number(Deno.env.get("PORT") ?? 8001);
Deno.serve(
  { port, hostname: "127.0.0.1", onListen: () => console.log(`raw server on ${port}`) },
  () => Response.json({ status: "ok" }),
);
