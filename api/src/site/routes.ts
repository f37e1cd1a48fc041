/**
 * What a search engine asks the site for: /robots.txt and /sitemap.xml of the public pages; and which paths
 * the web app has a screen for, so that any other path answers a real 404 (the app's "Page Not Found" with
 * status 404, not a 200). The public pages are listed once, in `@apca/rules/public-pages`; the build copies
 * them to dist/public-pages.json, which is what the server ships with (the image has no web sources).
 */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";

export interface PublicPage {
  path: string;
  title: string;
  listed: boolean;
}

const cache = new Map<string, Promise<PublicPage[] | null>>();

/** The built list of public pages; null when the web app is not built (then every path is the app's). */
export function publicPages(webDist: string): Promise<PublicPage[] | null> {
  let pages = cache.get(webDist);
  if (!pages) {
    pages = Deno.readTextFile(`${webDist}/public-pages.json`).then((text) => JSON.parse(text), () => null);
    cache.set(webDist, pages);
  }
  return pages;
}

/** Whether the web app has a screen at `pathname`: a public page (`:name` is any one segment), or under /app. */
export function isAppPath(pathname: string, pages: readonly { path: string }[]): boolean {
  if (pathname === "/app" || pathname.startsWith("/app/")) return true;
  const parts = pathname.replace(/(.)\/+$/, "$1").split("/");
  return pages.some(({ path }) => {
    const pattern = path.split("/");
    return pattern.length === parts.length &&
      pattern.every((segment, i) => segment.startsWith(":") ? parts[i] !== "" : segment === parts[i]);
  });
}

const xml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export const siteRoutes = new Hono<AppEnv>()
  .get("/robots.txt", (c) => {
    // The API and the development pages are not pages to index; everything else may be crawled (a page under
    // /app answers the sign-in screen to a robot, and is not in the sitemap).
    const lines = [
      "User-agent: *",
      "Disallow: /api/",
      "Disallow: /dev/",
      "",
      `Sitemap: ${c.var.deps.config.publicUrl}/sitemap.xml`,
    ];
    c.header("Cache-Control", "public, max-age=3600");
    return c.text(`${lines.join("\n")}\n`);
  })
  .get("/sitemap.xml", async (c) => {
    const pages = await publicPages(c.var.deps.config.webDist);
    if (!pages) return c.text("The web app is not built: run `deno task build`.", 503);
    const base = c.var.deps.config.publicUrl;
    const urls = pages.filter((page) => page.listed && !page.path.includes(":"))
      .map((page) => `  <url><loc>${xml(base + (page.path === "/" ? "/" : page.path))}</loc></url>`);
    c.header("Content-Type", "application/xml; charset=utf-8");
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${
        urls.join("\n")
      }\n</urlset>\n`,
    );
  });
