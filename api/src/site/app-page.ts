/**
 * The HTML the server answers for the web app's pages (app.ts's last handler). The signed-in area's page is
 * app.html, which preloads that area's code instead of the public pages' (web/build/signed-in-html.ts); for a
 * member's session the page of /app also announces the dashboard's first reads (`@apca/rules/member-dashboard`),
 * so that they download beside the app's code rather than after it has run and asked who is signed in (issue
 * 27 item 4: the dashboard's largest paint waits for the membership). Only URLs go into the page, never data.
 */
import type { Context } from "hono";
import { MEMBER_DASHBOARD_READS } from "@apca/rules/member-dashboard";
import { stateOf } from "../auth/second-factor/service.ts";
import { authenticate } from "../auth/sessions.ts";
import type { AppEnv, SessionUser } from "../lib/context.ts";

export const isSignedInPath = (path: string) => path === "/app" || path.startsWith("/app/");

/** app.html for the signed-in area when the build wrote it (older builds did not), index.html otherwise. */
export async function readPage(webDist: string, signedIn: boolean): Promise<string> {
  if (signedIn) {
    try {
      return await Deno.readTextFile(`${webDist}/app.html`);
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
  }
  return await Deno.readTextFile(`${webDist}/index.html`);
}

/**
 * The reads worth starting with the page: a member's dashboard reads on /app. Nothing for an administrator or
 * a DER (their dashboards ask other things), nor while a second factor is still to be confirmed (the API
 * refuses everything else until then, decision 0043).
 */
export function pagePreloads(path: string, user: SessionUser | null): readonly string[] {
  if (!user || (path !== "/app" && path !== "/app/")) return [];
  if (user.is_admin || user.is_der) return [];
  const factor = stateOf(user);
  return factor === "enrol" || factor === "verify" ? [] : MEMBER_DASHBOARD_READS;
}

/** `html` with a fetch preload of each URL before </head> (the web's own request then takes it). */
export function withPreloads(html: string, urls: readonly string[]): string {
  if (urls.length === 0) return html;
  const links = urls.map((url) =>
    `\n    <link rel="preload" as="fetch" crossorigin href="${url.replaceAll("&", "&amp;")}">`
  );
  return html.replace("</head>", `${links.join("")}\n  </head>`);
}

/** The page for a path of the signed-in area: app.html, with the session's preloads. */
export async function signedInPage(c: Context<AppEnv>, webDist: string): Promise<string> {
  const html = await readPage(webDist, true);
  // The preloads only speed the page up: if the session cannot be read now, the page goes without them.
  const found = await authenticate(c).catch(() => null);
  // The answer now depends on the session: a cache between two users must not share it.
  c.header("Vary", "Cookie");
  return withPreloads(html, pagePreloads(c.req.path, found?.user ?? null));
}
