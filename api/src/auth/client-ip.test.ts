import { createApp } from "../app.ts";
import { fixedWindow } from "../lib/rate-limit.ts";
import { assertEquals } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";

Deno.test("behind a trusted proxy, the address is the one the proxy appended, not one the client wrote", async () => {
  const ctx = await createTestContext();
  try {
    const app = createApp({
      ...ctx.deps,
      config: { ...ctx.deps.config, trustProxy: true },
      limits: { ...ctx.deps.limits, loginPerIp: fixedWindow(2, 600) },
    });
    const attempt = async (forwarded: string) => {
      const res = await app.request("/api/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": forwarded },
        body: JSON.stringify({ email: `nobody-${forwarded.length}@test.local`, password: "wrong" }),
      });
      await res.body?.cancel();
      return res.status;
    };
    // Each attempt claims a new address in front of the one the proxy saw: the limit still counts the proxy's.
    assertEquals(await attempt("198.51.100.1, 203.0.113.7"), 401);
    assertEquals(await attempt("198.51.100.22, 203.0.113.7"), 401);
    assertEquals(await attempt("198.51.100.333, 203.0.113.7"), 429);
    assertEquals(await attempt("203.0.113.8"), 401, "another client has its own count");
  } finally {
    await ctx.close();
  }
});
