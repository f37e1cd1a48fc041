/**
 * "Confirm it is you": the second factor confirmed over the screen that needs it (decision 0043), so a form keeps
 * what was typed and the action goes on by itself. A modal <dialog> (the rest of the page inert, Escape is
 * Cancel, focus back where it was); the same passkey, app-code and recovery-code forms as /login/second-factor.
 */
import { useEffect, useId, useRef, useState } from "react";
import type { SecondFactorOverview } from "@api/contract";
import { Button } from "../../components/button.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Loading } from "../../components/loading.tsx";
import { fetchOverview } from "./second-factor-api.ts";
import { VerifyForms } from "./second-factor-parts.tsx";

export default function StepUpDialog({ onDone }: { onDone(confirmed: boolean): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [overview, setOverview] = useState<SecondFactorOverview | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const element = dialog.current;
    const returnTo = document.activeElement as HTMLElement | null;
    element?.showModal();
    return () => {
      element?.close();
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    setFailure(null);
    fetchOverview(controller.signal).then(setOverview, (error) => {
      if (!controller.signal.aborted) setFailure(error);
    });
    return () => controller.abort();
  }, [attempt]);

  // The dialog opened on its loading line (focus on Cancel): once the forms are there, focus the first of them.
  useEffect(() => {
    if (overview) {
      dialog.current?.querySelector<HTMLElement>(".second-factor-verify :is(input, button)")?.focus();
    }
  }, [overview]);

  const kinds = new Set(overview?.factors.map((f) => f.kind));
  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onDone(false);
      }}
    >
      <h2 id={titleId} className="dialog-title">Confirm it is you</h2>
      <p>This action needs a fresh confirmation. Please confirm it is you with your second factor.</p>
      {failure
        ? (
          <LoadError
            title="We could not check your sign-in"
            error={failure}
            onRetry={() => setAttempt((n) => n + 1)}
          />
        )
        : overview
        ? (
          <VerifyForms
            hasPasskey={kinds.has("passkey")}
            hasApp={kinds.has("totp")}
            onVerified={() => onDone(true)}
          />
        )
        : <Loading label="Checking your sign-in…" />}
      <div className="form-actions">
        <Button variant="secondary" onClick={() => onDone(false)}>Cancel</Button>
      </div>
    </dialog>
  );
}
