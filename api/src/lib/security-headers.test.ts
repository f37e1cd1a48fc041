import { assertEquals, assertMatch, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { contentSecurityPolicy } from "./security-headers.ts";

Deno.test("security headers: every answer carries them; third parties only when configured", async () => {
  const ctx = await createTestContext();
  try {
    const res = await ctx.request("member", "GET", "/api/auth/session");
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    await res.body?.cancel();
    assertMatch(csp, /script-src 'self'(;|$)/);
    assertMatch(csp, /frame-ancestors 'none'/);
    assertEquals(res.headers.get("X-Content-Type-Options"), "nosniff");
    const docs = await ctx.app.request("/api/docs");
    await docs.body?.cancel();
    assertMatch(docs.headers.get("Content-Security-Policy") ?? "", /script-src 'self' 'unsafe-inline'/);
  } finally {
    await ctx.close();
  }
  const both = contentSecurityPolicy({ recaptcha: true, stripe: true });
  assertOk(both.includes("https://www.google.com") && both.includes("https://js.stripe.com"));
  assertOk(!contentSecurityPolicy({ recaptcha: false, stripe: false }).includes("google"));
});
