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
