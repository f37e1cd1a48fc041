/**
 * Opening the signed-in area (the installed app starts at /app): ask who is signed in and fetch the area's
 * code at once, side by side, instead of one after the other once React has rendered (Lighthouse, /app).
 * On the dashboard, a member's data is asked for as soon as the session is known, while the dashboard's code
 * is still on its way: its screens then take those answers (lib/api.ts `prefetch`) instead of asking only once
 * they have rendered (the tests table and the letter card are the page's largest paint).
 * Here rather than in main.tsx because only app/ imports features (web/build/feature-boundaries.ts).
 */
import { ensureSession } from "../features/auth/api.ts";
import { prefetchRecentTests } from "../features/dashboard/api.ts";
import { prefetchMembership } from "../features/memberships/api.ts";
import { role } from "../lib/session.ts";
import { AppShell } from "./app.tsx";

export function preloadSignedInArea(pathname: string): Promise<void> {
  if (pathname !== "/app" && !pathname.startsWith("/app/")) return Promise.resolve();
  // A failure is left to RequireSession, which asks again and shows it.
  const known = ensureSession().catch(() => null);
  // The shell and the screen of this path: main.tsx draws once they are here, so neither shows a fallback.
  const code = import("./app-shell.tsx")
    .then((shell) => Promise.all([AppShell.preload(), shell.preloadScreen(pathname)]))
    .then(() => undefined);
  if (pathname !== "/app") return code;
  void known.then(() => {
    // Only the member's dashboard shows these (a DER's and an administrator's show other things).
    if (role.value !== "member") return;
    prefetchMembership();
    prefetchRecentTests();
  });
  return code;
}
