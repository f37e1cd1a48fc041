import { assertEquals, assertMatch, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { contentSecurityPolicy } from "./security-headers.ts";

const BASELINE = ["X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options"];

Deno.test("security headers: every answer carries them; third parties only when configured", async (t) => {
  const ctx = await createTestContext();
  try {
    await t.step("the app's own answers get the full policy", async () => {
      const res = await ctx.request("member", "GET", "/api/auth/session");
      const csp = res.headers.get("Content-Security-Policy") ?? "";
      await res.body?.cancel();
      assertMatch(csp, /script-src 'self'(;|$)/);
      assertMatch(csp, /frame-ancestors 'none'/);
      assertEquals(res.headers.get("X-Content-Type-Options"), "nosniff");
    });

    await t.step(
      "each header of the policy once, with its value, on an API answer and on a page",
      async () => {
        const policy = {
          "content-security-policy": contentSecurityPolicy({ recaptcha: false, stripe: false }),
          "cross-origin-opener-policy": "same-origin",
          "cross-origin-resource-policy": "same-origin",
          "referrer-policy": "strict-origin-when-cross-origin",
          "strict-transport-security": "max-age=31536000; includeSubDomains",
          "x-content-type-options": "nosniff",
          "x-frame-options": "DENY",
          "permissions-policy": "camera=(), microphone=(), geolocation=(self), payment=(self)",
        };
        for (
          const [who, path, cache] of [["member", "/api/auth/session", "no-store"], [
            null,
            "/",
            null,
          ]] as const
        ) {
          const res = await ctx.request(who, "GET", path);
          await res.body?.cancel();
          // A header set twice would read back as both values joined by ", ".
          for (const [name, value] of Object.entries(policy)) {
            assertEquals(res.headers.get(name), value, path);
          }
          if (cache) {
            assertEquals(res.headers.get("Cache-Control"), cache, path);
          }
          assertOk(res.headers.get("X-Request-Id"), path);
        }
      },
    );

    await t.step(
      "liveness, errors and unknown routes get nosniff, a referrer policy and no framing",
      async () => {
        for (
          const [who, path] of [[null, "/api/health"], [null, "/api/nowhere"], [
            null,
            "/api/auth/session",
          ]] as const
        ) {
          const res = await ctx.request(who, "GET", path);
          await res.body?.cancel();
          for (const name of BASELINE) assertOk(res.headers.get(name), `${path}: ${name}`);
          assertEquals(res.headers.get("X-Frame-Options"), "DENY", path);
        }
      },
    );

    await t.step("personal JSON is never stored by a cache; public keys keep their own max-age", async () => {
      for (
        const path of ["/api/auth/session", "/api/auth/account/businesses", "/api/auth/account/membership"]
      ) {
        const res = await ctx.request("member", "GET", path);
        await res.body?.cancel();
        assertEquals([res.status, res.headers.get("Cache-Control")], [200, "no-store"], path);
      }
      const login = await ctx.request(null, "POST", "/api/login", {
        email: "member@test.local",
        password: "x",
      });
      await login.body?.cancel();
      assertEquals(login.headers.get("Cache-Control"), "no-store");
      const key = await ctx.request(null, "GET", "/api/compliance/public-key");
      await key.body?.cancel();
      assertEquals(key.headers.get("Cache-Control"), "public, max-age=3600");
    });

    await t.step("the API docs page runs its script by a fresh nonce, not 'unsafe-inline'", async () => {
      const pages = [await ctx.app.request("/api/docs"), await ctx.app.request("/api/docs")];
      const nonces = [];
      for (const page of pages) {
        const csp = page.headers.get("Content-Security-Policy") ?? "";
        const html = await page.text();
        assertOk(!csp.includes("unsafe-inline"), csp);
        const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
        assertOk(nonce, csp);
        assertOk(html.includes(`<script type="module" nonce="${nonce}">`), "the script carries the nonce");
        assertOk(html.includes(`<style nonce="${nonce}">`), "the styles carry the nonce");
        nonces.push(nonce);
      }
      assertOk(nonces[0] !== nonces[1], "a new nonce per answer");
    });
  } finally {
    await ctx.close();
  }
  const both = contentSecurityPolicy({ recaptcha: true, stripe: true });
  assertOk(both.includes("https://www.google.com") && both.includes("https://js.stripe.com"));
  assertOk(!contentSecurityPolicy({ recaptcha: false, stripe: false }).includes("google"));
});
