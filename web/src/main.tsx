import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { ensureSession } from "./features/auth/api.ts";
import { registerServiceWorker } from "./pwa/register.ts";
import "./app/styles.css";

// Opening the signed-in area (the installed app starts at /app): ask who is signed in and fetch the area's
// code at once, side by side, instead of one after the other once React has rendered (Lighthouse, /app).
const { pathname } = globalThis.location;
if (pathname === "/app" || pathname.startsWith("/app/")) {
  ensureSession().catch(() => {}); // RequireSession asks again and shows any error.
  void import("./app/app-shell.tsx");
  if (pathname === "/app") void import("./features/dashboard/dashboard-page.tsx");
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Production builds only; Workbox registers after the load event, so the first paint never waits for it.
registerServiceWorker().catch((error) => console.warn("Service worker not registered:", error));
