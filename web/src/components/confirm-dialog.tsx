/**
 * A modal confirmation ("Remove this card?") on the native <dialog>: showModal() makes the rest of the page
 * inert, Tab and Shift+Tab also wrap inside the dialog, Escape closes it (as Cancel), and focus returns to
 * whatever had it before the dialog opened. Focus starts on the safe choice, never the destructive one.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from "react";
import { Button } from "./button.tsx";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while `busy`. */
  busyLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  /** Styles the confirm button as destructive. */
  destructive?: boolean;
  onConfirm(): void;
  /** Cancel, Escape: the caller sets `open` to false. */
  onClose(): void;
  /** Where focus goes on closing when the element that opened the dialog is gone (e.g. a removed row's). */
  fallbackFocus?(): HTMLElement | null | undefined;
}

export function ConfirmDialog(
  {
    open,
    title,
    children,
    confirmLabel,
    busyLabel,
    cancelLabel = "Cancel",
    busy = false,
    destructive = false,
    onConfirm,
    onClose,
    fallbackFocus,
  }: ConfirmDialogProps,
) {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      returnTo.current = document.activeElement as HTMLElement | null;
      element.showModal();
      element.querySelector<HTMLElement>("[data-safe-choice]")?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  // However it closed (Escape, Cancel, the caller), focus goes back where it was.
  function onDialogClose() {
    const target = returnTo.current;
    returnTo.current = null;
    if (target?.isConnected) target.focus();
    else fallbackFocus?.()?.focus();
    if (open) onClose();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab") return;
    const focusable = Array.from(
      dialog.current?.querySelectorAll<HTMLElement>("button:not(:disabled), a[href], input, textarea") ?? [],
    );
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={onDialogClose}
      onCancel={(event) => {
        // Escape while the action runs would hide a request that is still going.
        if (busy) event.preventDefault();
      }}
      onKeyDown={onKeyDown}
    >
      <h2 id={titleId} className="dialog-title">{title}</h2>
      <div id={bodyId}>{children}</div>
      <div className="form-actions">
        <Button data-safe-choice variant="secondary" disabled={busy} onClick={onClose}>{cancelLabel}</Button>
        <Button
          variant={destructive ? "danger" : "primary"}
          busy={busy}
          busyLabel={busyLabel}
          onClick={onConfirm}
        >
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
