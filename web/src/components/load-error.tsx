import { errorMessage } from "../lib/form.ts";
import { Alert } from "./alert.tsx";
import { Button } from "./button.tsx";

/** What a screen shows when loading failed: the server's message and a way to try again. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry(): void }) {
  return (
    <Alert variant="error" title={title}>
      <p className="load-error-message">{errorMessage(error)}</p>
      <Button variant="secondary" onClick={onRetry}>Try again</Button>
    </Alert>
  );
}
