import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { preloadSignedInArea } from "./app/preload.ts";
import { registerServiceWorker } from "./pwa/register.ts";
import "./app/styles.css";

// On /app the first render waits for the signed-in area's code (already downloading, preloaded by app.html,
// which shows a loading line meanwhile): drawn then, no lazy screen shows a fallback that React would hold on
// screen for its 300 ms (components/lazy-screen.tsx). A failed download is shown by the lazy screen itself.
preloadSignedInArea(globalThis.location.pathname)
  .catch(() => undefined)
  .then(() => {
    const root = createRoot(document.getElementById("root")!);
    // As a transition, the first render yields to the browser every few milliseconds instead of holding the
    // main thread for the whole tree at once (a phone's CPU: Lighthouse's Total Blocking Time).
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      )
    );
  });

// Production builds only; Workbox registers after the load event, so the first paint never waits for it.
registerServiceWorker().catch((error) => console.warn("Service worker not registered:", error));
