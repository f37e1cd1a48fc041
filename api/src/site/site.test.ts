/**
 * robots.txt, the sitemap of the public pages, and a real 404: the web app's pages (the public ones the web
 * was built with, everything under /app) answer the app with 200; any other path the app's "Page Not Found"
 * with 404. The public pages come from the build's public-pages.json, written here as the build writes it.
 */
import { createApp } from "../app.ts";
import { assertEquals, assertMatch, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { PUBLIC_PAGES } from "@apca/rules/public-pages";
import { isAppPath } from "./routes.ts";

Deno.test("robots.txt, sitemap.xml and 404 for paths that are not pages", async (t) => {
  const ctx = await createTestContext();
  const webDist = await Deno.makeTempDir();
  await Deno.writeTextFile(`${webDist}/index.html`, "<!doctype html><title>APCA Portal</title>");
  await Deno.writeTextFile(`${webDist}/public-pages.json`, JSON.stringify(PUBLIC_PAGES));
  const app = createApp({ ...ctx.deps, config: { ...ctx.deps.config, webDist } });
  const base = ctx.deps.config.publicUrl;
  try {
    await t.step("robots.txt: crawl the site, not the API; where the sitemap is", async () => {
      const res = await app.request("/robots.txt");
      assertEquals(res.status, 200);
      assertMatch(res.headers.get("Content-Type") ?? "", /^text\/plain/);
      const text = await res.text();
      assertMatch(text, /^User-agent: \*$/m);
      assertMatch(text, /^Disallow: \/api\/$/m);
      assertOk(!/^Disallow: \/$/m.test(text), text);
      assertMatch(text, new RegExp(`^Sitemap: ${base}/sitemap.xml$`, "m"));
    });

    await t.step("sitemap.xml: the listed public pages, with the site's address", async () => {
      const res = await app.request("/sitemap.xml");
      assertEquals(res.status, 200);
      assertMatch(res.headers.get("Content-Type") ?? "", /^application\/xml/);
      const locs = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      assertOk(locs.includes(`${base}/`));
      assertOk(locs.includes(`${base}/about/prices`));
      assertOk(locs.includes(`${base}/membership`));
      // Steps of a flow and token links are not pages to find from a search engine.
      assertOk(!locs.some((loc) => /verify|reset-password|thank-you|\/:/.test(loc)), locs.join(" "));
      assertEquals(locs.length, PUBLIC_PAGES.filter((page) => page.listed).length);
    });

    await t.step("the app's pages answer 200; anything else is a 404 with the app's page", async () => {
      for (
        const path of ["/", "/about/prices", "/verify/a.b.c", "/reset-password/tok", "/app", "/app/nope/x"]
      ) {
        const res = await app.request(path);
        assertEquals(res.status, 200, path);
        assertMatch(await res.text(), /APCA Portal/);
      }
      for (const path of ["/no-such-page", "/about/nope", "/verify", "/wp-login.php", "/application"]) {
        const res = await app.request(path);
        assertEquals(res.status, 404, path);
        assertMatch(res.headers.get("Content-Type") ?? "", /^text\/html/);
        assertMatch(await res.text(), /APCA Portal/);
      }
      assertEquals((await app.request("/api/nope")).status, 404);
    });

    await t.step(
      "the signed-in area answers app.html (its own preloads) once the build writes it",
      async () => {
        await Deno.writeTextFile(`${webDist}/app.html`, "<!doctype html><title>APCA Portal (app)</title>");
        for (const path of ["/app", "/app/account/membership/details"]) {
          const res = await app.request(path);
          assertEquals(res.status, 200, path);
          assertMatch(await res.text(), /APCA Portal \(app\)/);
        }
        for (const path of ["/", "/about/prices", "/application"]) {
          const text = await (await app.request(path)).text();
          assertOk(!text.includes("(app)"), path);
        }
      },
    );
  } finally {
    await Deno.remove(webDist, { recursive: true });
    await ctx.close();
  }
});

Deno.test("isAppPath: patterns match one segment per parameter; a trailing slash is the same page", () => {
  const pages = [{ path: "/" }, { path: "/about" }, { path: "/verify/:token" }];
  assertEquals(isAppPath("/", pages), true);
  assertEquals(isAppPath("/about/", pages), true);
  assertEquals(isAppPath("/verify/x", pages), true);
  assertEquals(isAppPath("/verify/", pages), false);
  assertEquals(isAppPath("/verify/x/y", pages), false);
  assertEquals(isAppPath("/app/anything/at/all", pages), true);
  assertEquals(isAppPath("/apps", pages), false);
});
