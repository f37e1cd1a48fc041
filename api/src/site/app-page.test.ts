/**
 * The page of /app announces a member's first dashboard reads (fetch preloads), and only for a member whose
 * session the API would answer them for; the page never carries the session's data, only those URLs.
 */
import { MEMBER_DASHBOARD_READS } from "@apca/rules/member-dashboard";
import { createApp } from "../app.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import type { SessionUser } from "../lib/context.ts";
import { pagePreloads } from "./app-page.ts";

const PRELOAD = /<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g;
const preloads = (html: string) => [...html.matchAll(PRELOAD)].map((m) => m[1].replaceAll("&amp;", "&"));

Deno.test("the page of /app preloads the member's dashboard reads for a member's session only", async (t) => {
  const ctx = await createTestContext();
  const webDist = await Deno.makeTempDir();
  await Deno.writeTextFile(`${webDist}/index.html`, "<html><head><title>APCA Portal</title></head></html>");
  await Deno.writeTextFile(`${webDist}/app.html`, "<html><head><title>APCA (app)</title></head></html>");
  const app = createApp({ ...ctx.deps, config: { ...ctx.deps.config, webDist } });
  const page = async (path: string, token?: string) => {
    const res = await app.request(path, token ? { headers: { Cookie: `apca_session=${token}` } } : {});
    assertEquals(res.status, 200, path);
    return { html: await res.text(), vary: res.headers.get("Vary") ?? "" };
  };
  try {
    await t.step(
      "a member on /app: both reads, each URL escaped in the attribute, Vary: Cookie",
      async () => {
        const { html, vary } = await page("/app", await ctx.tokenFor("member"));
        assertEquals(preloads(html), [...MEMBER_DASHBOARD_READS]);
        assertOk(html.includes("tests?per_page=5&amp;sort_by=date&amp;sort_dir=desc"), html);
        assertOk(html.indexOf('rel="preload"') < html.indexOf("</head>"));
        assertOk(/\bCookie\b/.test(vary), vary);
      },
    );

    await t.step("and the reads answer that member (the preload is not wasted on a refusal)", async () => {
      for (const url of MEMBER_DASHBOARD_READS) {
        const res = await ctx.request("member", "GET", url);
        assertEquals(res.status, 200, url);
        await res.body?.cancel();
      }
    });

    await t.step("nothing for a DER, an administrator, a signed-out visitor or a stale cookie", async () => {
      for (const token of [await ctx.tokenFor("der"), await ctx.tokenFor("admin"), undefined, "x.y.z"]) {
        assertEquals(preloads((await page("/app", token)).html), []);
      }
    });

    await t.step("nothing on other screens of the area or on the public pages", async () => {
      const token = await ctx.tokenFor("member");
      for (const path of ["/app/store", "/app/account", "/", "/login"]) {
        assertEquals(preloads((await page(path, token)).html), [], path);
      }
    });
  } finally {
    await Deno.remove(webDist, { recursive: true });
    await ctx.close();
  }
});

Deno.test("a member with a second factor gets the preloads once it is confirmed, not before", () => {
  const member: SessionUser = {
    user_id: 1,
    session_id: "s",
    is_admin: false,
    is_der: false,
    full_name: "Pat Mariner",
    second_factor_at: null,
    has_second_factor: false,
  };
  assertEquals(pagePreloads("/app", member), MEMBER_DASHBOARD_READS);
  assertEquals(pagePreloads("/app", { ...member, has_second_factor: true }), []);
  assertEquals(pagePreloads("/app", { ...member, has_second_factor: true, second_factor_at: new Date(0) }), [
    ...MEMBER_DASHBOARD_READS,
  ]);
  assertEquals(pagePreloads("/app/", member), MEMBER_DASHBOARD_READS);
  assertEquals(pagePreloads("/app/store", member), []);
});
