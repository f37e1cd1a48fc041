/**
 * The administrators' actions on one business (admin spec §2, §6): manage, activate, deactivate with a
 * reason (confirm dialog), delete (apart, in the danger zone; confirm dialog), the roster PDF, the compliance kit, a membership and a
 * vessel; and its i3 state with 'Resend to i3' while the set-up is incomplete or failed (issue 11 item 6).
 */
import { useState } from "react";
import { Link, useLocation } from "wouter";
import type { Business } from "@api/contract";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { DangerZone } from "../../components/danger-zone.tsx";
import { TextAreaField } from "../../components/text-area-field.tsx";
import { useAction } from "../../lib/use-action.ts";
import { activate, deactivate, deleteBusiness, downloadRoster, sendToI3 } from "./api.ts";

export const REASON_REQUIRED = "A reason for deactivating is required";

/** Runs one action at a time: its name while it runs (every button waits), the words it answers as a toast. */
function useBusinessAction() {
  const action = useAction((_name: string, work: () => Promise<string | void>) => work(), {
    success: (message) => message || undefined,
  });
  return {
    busy: action.running?.[0] ?? null,
    run: async (name: string, work: () => Promise<string | void>) => (await action.run(name, work)).ok,
  };
}

export function I3Status({ business }: { business: Business }) {
  const { id, attributes: b } = business;
  const { busy, run } = useBusinessAction();
  if (b.is_i3_setup) {
    return <p>Set up in i3{b.i3_location_code ? ` (location code ${b.i3_location_code})` : ""}.</p>;
  }
  return (
    <Alert variant={b.i3_setup_error ? "error" : "warning"} title="i3 set-up incomplete">
      {b.i3_setup_error
        ? <p>The last set-up in i3 failed: {b.i3_setup_error}</p>
        : <p>This business is not set up in i3 yet, so its employees cannot be tested through i3.</p>}
      <Button
        variant="secondary"
        busy={busy === "i3"}
        busyLabel="Sending to i3…"
        onClick={() => run("i3", async () => (await sendToI3(id)).message)}
      >
        Resend to i3
      </Button>
    </Alert>
  );
}

export function BusinessActions({ business }: { business: Business }) {
  const { id, attributes: b } = business;
  const { busy, run } = useBusinessAction();
  const [dialog, setDialog] = useState<"deactivate" | null>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const base = `/app/admin/businesses/${id}`;

  async function confirmDeactivate() {
    if (!reason.trim()) return setReasonError(REASON_REQUIRED);
    const done = await run("deactivate", async () => {
      await deactivate(id, reason.trim());
      return "Business has been deactivated";
    });
    if (done) {
      setDialog(null);
      setReason("");
    }
  }

  return (
    <>
      <div className="action-bar">
        <Link href={`${base}/manage`} className="button button-secondary">Manage Business</Link>
        {b.is_active
          ? (
            <Button variant="secondary" disabled={busy !== null} onClick={() => setDialog("deactivate")}>
              Deactivate
            </Button>
          )
          : (
            <Button
              variant="secondary"
              busy={busy === "activate"}
              busyLabel="Activating…"
              disabled={busy !== null}
              onClick={() =>
                run("activate", async () => {
                  await activate(id);
                  return "Business has been activated";
                })}
            >
              Activate
            </Button>
          )}
        <Button
          variant="secondary"
          busy={busy === "roster"}
          busyLabel="Downloading…"
          disabled={busy !== null}
          onClick={() =>
            run("roster", async () => {
              await downloadRoster(id);
              return "Downloading Document";
            })}
        >
          Download Roster
        </Button>
        {!b.has_compliance_kit && (
          <Link href={`${base}/compliance-kit`} className="button button-secondary">Compliance Kit</Link>
        )}
        <Link href={`${base}/membership/new`} className="button button-secondary">
          Setup/Renew Membership
        </Link>
        {!b.is_individual && (
          <Link href={`${base}/vessel/new`} className="button button-secondary">Add Vessel</Link>
        )}
      </div>
      <ConfirmDialog
        open={dialog === "deactivate"}
        title={`Deactivate ${b.name}?`}
        confirmLabel="Deactivate"
        busyLabel="Deactivating…"
        busy={busy === "deactivate"}
        destructive
        onConfirm={confirmDeactivate}
        onClose={() => setDialog(null)}
      >
        <p>Its members see the business as inactive, with the reason you give.</p>
        <TextAreaField
          label="Reason"
          name="reason"
          required
          rows={3}
          value={reason}
          error={reasonError}
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(undefined);
          }}
        />
      </ConfirmDialog>
    </>
  );
}

/**
 * Deleting the business: apart from the routine actions, below the page's sections (decision 0057's danger
 * zone), and confirmed.
 */
export function BusinessDangerZone({ business }: { business: Business }) {
  const { id, attributes: b } = business;
  const [, navigate] = useLocation();
  const { busy, run } = useBusinessAction();
  const [open, setOpen] = useState(false);

  async function confirmDelete() {
    const done = await run("delete", async () => {
      await deleteBusiness(id);
      return "Business has been deleted";
    });
    if (done) navigate("/app/admin/businesses");
    else setOpen(false);
  }

  return (
    <>
      <DangerZone>
        <Button variant="danger" disabled={busy !== null} onClick={() => setOpen(true)}>
          Delete Business
        </Button>
      </DangerZone>
      <ConfirmDialog
        open={open}
        title={`Delete ${b.name}?`}
        confirmLabel="Delete Business"
        busyLabel="Deleting…"
        busy={busy === "delete"}
        destructive
        onConfirm={confirmDelete}
        onClose={() => setOpen(false)}
      >
        <p>
          The business disappears from every list and its employees are unlinked. Its drug tests, memberships
          and requests are kept, as 49 CFR 40.333 requires.
        </p>
      </ConfirmDialog>
    </>
  );
}
