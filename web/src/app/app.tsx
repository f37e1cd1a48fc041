import { Suspense } from "react";
import { Route, Switch } from "wouter";
import { Loading } from "../components/loading.tsx";
import { Toasts } from "../components/toasts.tsx";
import { UpdatePrompt } from "../pwa/update-prompt.tsx";
import { lazyScreen } from "../components/lazy-screen.tsx";
import { PublicLayout } from "./public-layout.tsx";

/** The signed-in area: its own chunk, started early on /app by preload.ts. */
export const AppShell = lazyScreen(() => import("./app-shell.tsx"));

// /app and everything below it is the signed-in area; every other path belongs to the public site.
const SIGNED_IN_AREA = /^\/app(?:\/.*)?$/;

/**
 * The root: picks the public or the signed-in frame; toasts and the new-version prompt sit outside both so
 * navigation keeps them.
 */
export function App() {
  return (
    <>
      <Switch>
        <Route path={SIGNED_IN_AREA}>
          <Suspense
            fallback={
              <main id="main" className="container main">
                <Loading />
              </main>
            }
          >
            <AppShell />
          </Suspense>
        </Route>
        <Route>
          <PublicLayout />
        </Route>
      </Switch>
      <Toasts />
      <UpdatePrompt />
    </>
  );
}
