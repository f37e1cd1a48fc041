import { matchRoute } from "wouter";
import { parse } from "regexparam";
import { AppLayout } from "./app-layout.tsx";
import { RequireSession } from "./require-session.tsx";
import { RouteSwitch } from "./route-view.tsx";
import { APP_ROUTES } from "./routes.tsx";

/** Everything under /app, loaded as its own chunk so public pages do not pay for it. */
export default function AppShell() {
  return (
    <RequireSession>
      <AppLayout>
        <RouteSwitch routes={APP_ROUTES} />
      </AppLayout>
    </RequireSession>
  );
}

/**
 * Loads the code of the screen a visit opens on (app/preload.ts), so that it renders without a fallback
 * (components/lazy-screen.tsx). The same match as RouteSwitch's: wouter's, with its default pattern parser.
 */
export async function preloadScreen(pathname: string): Promise<void> {
  await APP_ROUTES.find((row) => matchRoute(parse, row.path, pathname)[0])?.page.preload();
}
