import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { Button } from "../components/button.tsx";
import { applyUpdate, updateReady } from "./register.ts";
import "./pwa.css";

/**
 * "A new version is available" with a Reload button, shown when pwa/register.ts has a new service worker
 * waiting. The polite live region is always in the DOM (a region added together with its text is not
 * announced); the message stays until the user reloads, nothing is lost by ignoring it.
 */
export function UpdatePrompt() {
  useSignals();
  const [busy, setBusy] = useState(false);
  return (
    <div className="update-prompt" role="status" aria-live="polite">
      {updateReady.value && (
        <div className="update-prompt-card">
          <p>A new version is available</p>
          <Button
            busy={busy}
            busyLabel="Reloading…"
            onClick={() => {
              setBusy(true);
              void applyUpdate();
            }}
          >
            Reload
          </Button>
        </div>
      )}
    </div>
  );
}
