/**
 * Decline with a reason (issue 24 item 2, decision 0059), on the request screens that had none (item 3): a
 * company request, an employee request. The reason is e-mailed to the requester; the desk then moves on.
 */
import { useState } from "react";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { TextAreaField } from "../../components/text-area-field.tsx";
import { errorMessage } from "../../lib/form.ts";
import { toast } from "../../lib/toast.ts";
import { call } from "../../lib/typed-api.ts";
import { act } from "./api.ts";

export const REASON_NEEDED = "Give the reason for declining (the requester reads it).";

export function DeclineButton({ id, what, disabled, onDone }: {
  /** The notification's id. */
  id: string;
  /** "company request", "employee request". */
  what: string;
  disabled?: boolean;
  onDone(): void | Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();

  async function decline() {
    if (reason.trim().length < 3) return setError(REASON_NEEDED);
    setBusy(true);
    try {
      const message = await act((keyed) =>
        call("/auth/notification/{id}/decline").PUT({
          params: { id },
          body: { reason: reason.trim() },
          ...keyed,
        })
      );
      toast.success(message ?? "Declined");
      setOpen(false);
      await onDone();
    } catch (e) {
      toast.error(errorMessage(e));
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="secondary" disabled={disabled || busy} onClick={() => setOpen(true)}>Decline…</Button>
      <ConfirmDialog
        open={open}
        title={`Decline this ${what}?`}
        confirmLabel="Decline"
        busyLabel="Declining…"
        busy={busy}
        destructive
        onClose={() => setOpen(false)}
        onConfirm={decline}
      >
        <TextAreaField
          label="Reason (e-mailed to the requester)"
          name="reason"
          required
          value={reason}
          error={error}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
        />
      </ConfirmDialog>
    </>
  );
}
