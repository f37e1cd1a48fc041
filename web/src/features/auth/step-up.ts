/**
 * The step-up asked in place (decision 0043): a sensitive action answered STEP_UP_REQUIRED opens a dialog over
 * the screen (app-layout renders it while `stepUpAsked` holds an answer), and lib/api.ts sends the same request
 * again once it is confirmed. Requests refused together share one dialog.
 */
import { signal } from "@preact/signals-react";

/** While a dialog is open: how it answers (true: confirmed, false: cancelled). Null when none is open. */
export const stepUpAsked = signal<((confirmed: boolean) => void) | null>(null);

let pending: Promise<boolean> | null = null;

/** Opens the dialog (or joins the open one) and resolves with its answer. */
export function askStepUp(): Promise<boolean> {
  pending ??= new Promise<boolean>((resolve) => {
    stepUpAsked.value = (confirmed) => {
      stepUpAsked.value = null;
      pending = null;
      resolve(confirmed);
    };
  });
  return pending;
}
