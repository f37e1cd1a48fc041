/**
 * Opening the signed-in area (the installed app starts at /app): ask who is signed in and fetch the area's
 * code at once, side by side, instead of one after the other once React has rendered (Lighthouse, /app).
 * Here rather than in main.tsx because only app/ imports features (web/build/feature-boundaries.ts).
 */
import { ensureSession } from "../features/auth/api.ts";

export function preloadSignedInArea(pathname: string): void {
  if (pathname !== "/app" && !pathname.startsWith("/app/")) return;
  ensureSession().catch(() => {}); // RequireSession asks again and shows any error.
  void import("./app-shell.tsx");
  if (pathname === "/app") void import("../features/dashboard/dashboard-page.tsx");
}
