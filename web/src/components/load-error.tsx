import { useEffect } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { ApiError } from "../lib/api.ts";
import { errorMessage } from "../lib/form.ts";
import { online } from "../lib/online.ts";
import { Alert } from "./alert.tsx";
import { Button } from "./button.tsx";

/**
 * What a screen shows when loading failed: the server's message and a way to try again. Offline it is not an
 * error but a state: it says what is unavailable and why (nothing of it is saved on this device), and loads
 * again by itself once the network is back.
 */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry(): void }) {
  useSignals();
  const offline = !online.value || (error instanceof ApiError && error.status === 0);
  const isOnline = online.value;
  useEffect(() => {
    if (offline && isOnline) onRetry();
  }, [isOnline]);
  if (offline) {
    return (
      <Alert
        variant="info"
        title={`${title.replace(/ could not be loaded$| could not be priced$/, "")}: not available offline`}
      >
        <p className="load-error-message">
          You are offline, and this is not saved on this device. It needs a connection and loads again by
          itself when you are back online.
        </p>
      </Alert>
    );
  }
  return (
    <Alert variant="error" title={title}>
      <p className="load-error-message">{errorMessage(error)}</p>
      <Button variant="secondary" onClick={onRetry}>Try again</Button>
    </Alert>
  );
}
