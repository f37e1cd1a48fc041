import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { preloadSignedInArea } from "./app/preload.ts";
import { registerServiceWorker } from "./pwa/register.ts";
import "./app/styles.css";

preloadSignedInArea(globalThis.location.pathname);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Production builds only; Workbox registers after the load event, so the first paint never waits for it.
registerServiceWorker().catch((error) => console.warn("Service worker not registered:", error));
