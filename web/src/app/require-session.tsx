import { type ReactNode, useEffect } from "react";
import { Redirect, useLocation, useSearch } from "wouter";
import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { Alert } from "../components/alert.tsx";
import { Button } from "../components/button.tsx";
import { Loading } from "../components/loading.tsx";
import { ensureSession } from "../features/auth/api.ts";
import { errorMessage } from "../lib/form.ts";
import { session } from "../lib/session.ts";

/** Renders `children` only with a session; without one, goes to /login?next=<this page>. */
export function RequireSession({ children }: { children: ReactNode }) {
  useSignals();
  const [location] = useLocation();
  const search = useSearch();
  const failure = useSignal<string | null>(null);
  const attempt = useSignal(0);

  useEffect(() => {
    ensureSession().catch((error) => (failure.value = errorMessage(error)));
  }, [attempt.value]);

  if (session.value === null) {
    const next = location + (search ? `?${search}` : "");
    return <Redirect to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }
  if (session.value?.second_factor === "enrol" || session.value?.second_factor === "verify") {
    // The server answers nothing else until the second factor is set up or confirmed (decision 0043).
    const next = location + (search ? `?${search}` : "");
    return <Redirect to={`/login/second-factor?next=${encodeURIComponent(next)}`} replace />;
  }
  if (session.value) return <>{children}</>;

  return (
    <main id="main" className="container main">
      {failure.value
        ? (
          <Alert variant="error" title="We could not check your session.">
            <p>{failure.value}</p>
            <Button
              onClick={() => {
                failure.value = null;
                attempt.value++;
              }}
            >
              Try again
            </Button>
          </Alert>
        )
        : <Loading label="Checking your session…" />}
    </main>
  );
}
