import { useEffect } from "react";
import { Link } from "wouter";
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
export function LoadError(
  { title, error, onRetry, notFound }: {
    title: string;
    error: unknown;
    onRetry(): void;
    /** The not-found screen's heading when derived from `title` would not do ("Business not found"). */
    notFound?: string;
  },
) {
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
  if (isNotFound(error)) return <NotFound title={notFound ?? notFoundTitle(title)} />;
  return (
    <Alert variant="error" title={title}>
      <p className="load-error-message">{errorMessage(error)}</p>
      <Button variant="secondary" onClick={onRetry}>Try again</Button>
    </Alert>
  );
}

/**
 * Whether loading was refused because the record does not exist or is not the viewer's: a 404, or the 403
 * the API answers for "not yours" (code FORBIDDEN). Trying again can never help (issue 25 item 6).
 */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError &&
    (error.status === 404 || (error.status === 403 && error.code === "FORBIDDEN"));
}

/** "The business could not be loaded" → "Business not found"; "Your order could not be loaded" → "Order not found". */
export function notFoundTitle(title: string): string {
  const subject = title.replace(/^unable to load\s+(.*?)(\s+details)?$/i, "$1")
    .replace(/^(the|your)\s+/i, "").replace(/\s+could not be \w+$/i, "").trim();
  return subject ? `${subject[0].toUpperCase()}${subject.slice(1)} not found` : "Not found";
}

/** The one not-found screen: what was asked for, why it may be missing, and a way back; no retry. */
export function NotFound({ title }: { title: string }) {
  const home = location.pathname.startsWith("/app") ? "/app" : "/";
  return (
    <Alert variant="warning" title={title}>
      <p className="load-error-message">
        It does not exist, or it is not yours to see. The link may be old, or the address mistyped.
      </p>
      <p>
        {history.length > 1 && (
          <>
            <a
              href={home}
              onClick={(e) => {
                e.preventDefault();
                history.back();
              }}
            >
              Go back
            </a>
            {" · "}
          </>
        )}
        <Link href={home}>{home === "/app" ? "Go to your dashboard" : "Go to the home page"}</Link>
      </p>
    </Alert>
  );
}
