/** The promises every route keeps: the error model, declared access, and a matching OpenAPI document. */
import { createApp } from "./app.ts";
import { describeRoutes } from "./lib/openapi.ts";
import { assertEquals, assertMatch, assertOk } from "./testing/assert.ts";
import { createTestContext } from "./testing/app.ts";

Deno.test("app: error model, guards and OpenAPI", async (t) => {
  const ctx = await createTestContext();
  const post = (path: string, body: BodyInit, headers: HeadersInit) =>
    ctx.app.request(path, { method: "POST", body, headers });
  try {
    await t.step("malformed JSON is a 400 in the error model", async () => {
      const res = await post("/api/login", "{not json", { "Content-Type": "application/json" });
      assertEquals(res.status, 400);
      assertEquals(await res.json(), {
        error: "The request body is not valid JSON.",
        code: "MALFORMED_JSON",
      });
    });

    await t.step("a body that is not JSON is a 415", async () => {
      const res = await post("/api/login", "email=a@b.c", {
        "Content-Type": "application/x-www-form-urlencoded",
      });
      assertEquals(res.status, 415);
      assertEquals((await res.json()).code, "UNSUPPORTED_MEDIA_TYPE");
    });

    await t.step(
      "over real HTTP, a bodiless DELETE passes the guard and a text body is refused",
      async () => {
        const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, ctx.app.fetch);
        try {
          const base = `http://127.0.0.1:${server.addr.port}`;
          const token = await ctx.tokenFor("member");
          const del = await fetch(`${base}/api/logout`, {
            method: "DELETE",
            headers: { Authorization: `Bearer ${token}` },
          });
          assertEquals(del.status, 404, "no DELETE /api/logout route: the guard let it through to routing");
          await del.body?.cancel();
          const text = await fetch(`${base}/api/login`, { method: "POST", body: "hello" });
          assertEquals(text.status, 415);
          await text.body?.cancel();
        } finally {
          await server.shutdown();
        }
      },
    );

    await t.step("an oversized body is a 413", async () => {
      const big = JSON.stringify({ email: "a@b.co", password: "x".repeat(ctx.deps.config.bodyLimit) });
      const res = await post("/api/login", big, { "Content-Type": "application/json" });
      assertEquals(res.status, 413);
      assertEquals((await res.json()).code, "PAYLOAD_TOO_LARGE");
    });

    await t.step("an unknown route is a 404 naming it", async () => {
      const res = await ctx.app.request("/api/nothing-here", { method: "DELETE" });
      assertEquals(res.status, 404);
      assertEquals(await res.json(), {
        error: "There is no endpoint DELETE /api/nothing-here.",
        code: "ROUTE_NOT_FOUND",
      });
    });

    await t.step("a path parameter that is not an id is a 422, not a database error", async () => {
      const res = await ctx.request("admin", "GET", "/api/auth/user/abc");
      assertEquals(res.status, 422);
      assertEquals((await res.json()).issues[0].path, "id");
    });

    await t.step("every /api route declares who may call it", () => {
      const undeclared = describeRoutes(ctx.app).filter((r) => r.path.startsWith("/api") && !r.access);
      assertEquals(undeclared.map((r) => `${r.method} ${r.path}`), []);
    });

    await t.step("the OpenAPI document lists every route with its access and schemas", async () => {
      const res = await ctx.app.request("/api/openapi.json");
      assertEquals(res.status, 200);
      const doc = await res.json();
      assertEquals(doc.openapi, "3.1.0");
      const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
        .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)).sort();
      const served = describeRoutes(ctx.app).filter((r) => r.path.startsWith("/api"))
        .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, "{$1}")}`).sort();
      assertEquals(documented, served);
      const login = doc.paths["/api/login"].post;
      assertEquals(login["x-access"], ["public"]);
      assertEquals(login.requestBody.content["application/json"].schema.required, ["email", "password"]);
      assertOk(login.responses["422"] && login.responses["429"]);
      const users = doc.paths["/api/auth/users"].get;
      assertEquals(users["x-access"], ["admin"]);
      assertOk(users.parameters.some((p: { name: string }) => p.name === "sort_by"));
      assertOk(users.responses["401"] && users.responses["403"]);
    });

    await t.step("the viewer page for people is served", async () => {
      const res = await ctx.app.request("/api/docs");
      assertEquals(res.status, 200);
      assertMatch(await res.text(), /openapi\.json/);
    });

    await t.step(
      "the web app: service worker and manifest always revalidated, client routes get index.html",
      async () => {
        const dist = await Deno.makeTempDir();
        try {
          await Deno.writeTextFile(`${dist}/index.html`, "<!doctype html><title>shell</title>");
          await Deno.writeTextFile(`${dist}/sw.js`, "self.addEventListener('fetch', () => {});");
          await Deno.writeTextFile(`${dist}/manifest.webmanifest`, '{"name":"APCA Portal"}');
          await Deno.mkdir(`${dist}/icons`);
          await Deno.writeFile(`${dist}/icons/icon-192.png`, new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
          const web = createApp({ ...ctx.deps, config: { ...ctx.deps.config, webDist: dist } });
          const get = async (path: string) => {
            const res = await web.request(path);
            return { status: res.status, headers: res.headers, text: await res.text() };
          };
          const sw = await get("/sw.js");
          assertEquals([sw.status, sw.headers.get("Cache-Control")], [200, "no-cache"]);
          assertMatch(sw.headers.get("Content-Type") ?? "", /^text\/javascript/);
          assertMatch(
            sw.headers.get("Content-Security-Policy") ?? "",
            /worker-src 'self'.*manifest-src 'self'/,
          );
          const manifest = await get("/manifest.webmanifest");
          assertEquals([manifest.status, manifest.headers.get("Cache-Control")], [200, "no-cache"]);
          assertEquals(manifest.headers.get("Content-Type"), "application/manifest+json");
          const icon = await get("/icons/icon-192.png");
          assertEquals([icon.status, icon.headers.get("Content-Type")], [200, "image/png"]);
          const route = await get("/app/account");
          assertEquals([route.status, route.text], [200, "<!doctype html><title>shell</title>"]);
        } finally {
          await Deno.remove(dist, { recursive: true });
        }
      },
    );

    await t.step("an unexpected failure is a 500 with a request id and no detail", async () => {
      const broken = await createTestContext();
      try {
        broken.deps.letterKeys.publicJwks = () => Promise.reject(new TypeError("a bug"));
        const res = await broken.app.request("/api/compliance/public-keys", {
          headers: { "X-Request-Id": "req-123" },
        });
        assertEquals(res.status, 500);
        const body = await res.json();
        assertEquals(body.code, "INTERNAL");
        assertEquals(body.request_id, "req-123");
        assertMatch(body.error, /quote req-123/);
        assertEquals(res.headers.get("X-Request-Id"), "req-123");
      } finally {
        await broken.close();
      }
    });
  } finally {
    await ctx.close();
  }
});
