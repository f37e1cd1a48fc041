/**
 * /app/admin/notifications/{id}/change/approve (admin spec §2, §4; issue 24): a member's change (UPDATE_USER,
 * UPDATE_BUSINESS, NEW_VESSEL, UPDATE_VESSEL) in words, with the vessel or company named. A change that waits
 * is approved (applied, 'Member Request Approved') or declined with a reason the member is e-mailed; a change
 * that applied when it was made says so and is acknowledged instead. After any action the desk opens the next
 * item of the queue. Keyboard: A approve, D decline, E archive, N next.
 */
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { DataTable } from "../../components/data-table.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { TextAreaField } from "../../components/text-area-field.tsx";
import { errorMessage } from "../../lib/form.ts";
import { toast } from "../../lib/toast.ts";
import { call } from "../../lib/typed-api.ts";
import { useResource } from "../../lib/use-resource.ts";
import { act, fetchNotification, nextInQueue } from "./api.ts";

const TITLES: Record<string, string> = {
  UPDATE_USER: "Member details change",
  UPDATE_BUSINESS: "Business change",
  NEW_VESSEL: "New vessel",
  UPDATE_VESSEL: "Vessel change",
};

const FIELD_WORDS: Record<string, string> = {
  is_active: "Active",
  official_number: "Official number",
  vessel_type: "Vessel type",
  dba_name: "DBA name",
  tax_id: "EIN",
  dob: "Date of birth",
  uscg_cred: "USCG credential",
  address_one: "Address",
  address_two: "Address line 2",
  postal_code: "Postal code",
};

const show = (v: unknown) =>
  v === true ? "Yes" : v === false ? "No" : v === null || v === undefined || v === "" ? "—" : String(v);
const label = (k: string) => FIELD_WORDS[k] ?? k.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
/** In a sentence: "official number", while "DBA name", "EIN" and "USCG credential" keep capitals. */
const inSentence = (k: string) => label(k).replace(/^[A-Z](?![A-Z])/, (c) => c.toLowerCase());

/** One field of a change in words, naming the vessel or company it is about. */
export function changeInWords(
  type: string,
  key: string,
  before: unknown,
  after: unknown,
  names: { vessel?: string | null; company?: string | null },
): string {
  const vessel = names.vessel ? `the vessel ${names.vessel}` : "the vessel";
  const of = names.company ? ` of ${names.company}` : "";
  if (key === "is_active" && (type === "UPDATE_VESSEL" || type === "NEW_VESSEL")) {
    return after === false
      ? `Take ${vessel}${of} out of service (inactive)`
      : `Put ${vessel}${of} back in service (active)`;
  }
  if (type === "NEW_VESSEL") return `${label(key)} of the new vessel${of}: ${show(after)}`;
  const subject = type === "UPDATE_VESSEL"
    ? `${vessel}${of}`
    : type === "UPDATE_BUSINESS"
    ? (names.company ?? "the company")
    : "the member";
  if (before === undefined || before === null || before === "") {
    return `Set the ${inSentence(key)} of ${subject} to ${show(after)}`;
  }
  return `Change the ${inSentence(key)} of ${subject} from ${show(before)} to ${show(after)}`;
}

/** A fresh screen per notification: the queue moves from one to the next on the same route. */
export default function ChangeApprovePage({ params }: { params: { id?: string } }) {
  return <ChangeApprove key={params.id} id={params.id!} />;
}

function ChangeApprove({ id }: { id: string }) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState<"approve" | "archive" | "decline" | "next" | null>(null);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const n = useResource(["notifications", "one", id], (signal) => fetchNotification(id, signal));
  const a = n.data?.attributes;
  const m = (a?.meta ?? {}) as {
    changes?: Record<string, unknown>;
    previous?: Record<string, unknown>;
    vessel?: Record<string, unknown>;
    awaiting_approval?: boolean;
    business_name?: string | null;
    vessel_name?: string | null;
    previous_vessel_name?: string | null;
    member_first_name?: string | null;
    member_last_name?: string | null;
    decline_reason?: string;
  };
  const done = a ? a.archived_at !== null || a.approved !== null : true;
  const applied = m.awaiting_approval === false;

  async function next() {
    setBusy("next");
    try {
      navigate(await nextInQueue(id));
    } catch {
      navigate("/app?category=changes");
    }
  }

  async function run(kind: "approve" | "archive" | "decline") {
    if (kind === "decline" && reason.trim().length < 3) {
      setReasonError("Give the reason for declining (the requester reads it).");
      return;
    }
    setBusy(kind);
    try {
      const message = kind === "approve"
        ? await act((keyed) =>
          call("/auth/notification/{id}").PUT({ params: { id }, body: { approved: true }, ...keyed })
        )
        : kind === "decline"
        ? await act((keyed) =>
          call("/auth/notification/{id}/decline").PUT({
            params: { id },
            body: { reason: reason.trim() },
            ...keyed,
          })
        )
        : await act((keyed) => call("/auth/notification/{id}/archive").PUT({ params: { id }, ...keyed }));
      toast.success(kind === "approve" ? "Member Request Approved" : message ?? "Done");
      setDeclining(false);
      await next();
    } catch (error) {
      toast.error(errorMessage(error));
      setBusy(null);
    }
  }

  // A approve (or acknowledge), D decline, E archive, N next: not while typing or in the dialog.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (declining || busy || event.metaKey || event.ctrlKey || event.altKey) return;
      if (["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return;
      const key = event.key.toLowerCase();
      if (key === "n") next();
      if (done) return;
      if (key === "a") run("approve");
      else if (key === "e") run("archive");
      else if (key === "d" && !applied) setDeclining(true);
    };
    globalThis.addEventListener("keydown", onKey);
    return () => globalThis.removeEventListener("keydown", onKey);
  });

  if (n.loading && !n.data) return <Skeleton label="Loading the change…" />;
  if (n.error) return <LoadError title="The change could not be loaded" error={n.error} onRetry={n.reload} />;
  if (!a || !(a.type in TITLES)) {
    return <Alert variant="error" title="Not a change request">Unknown Notification Type</Alert>;
  }
  const after = m.changes ?? m.vessel ?? {};
  const before = m.previous ?? {};
  const vessel = a.type === "UPDATE_VESSEL" ? (m.previous_vessel_name ?? m.vessel_name) : m.vessel_name;
  const names = { vessel, company: m.business_name };
  const who = `${a.subject_name ?? `${m.member_first_name ?? ""} ${m.member_last_name ?? ""}`.trim()}`;
  const named = [vessel && a.type !== "UPDATE_USER" ? vessel : null, m.business_name].filter(Boolean).join(
    " · ",
  );

  return (
    <section aria-labelledby="change-title">
      <h2 id="change-title">{TITLES[a.type]}{named ? `: ${named}` : ""}</h2>
      <p>
        Asked by {a.trigger_user_first_name ?? m.member_first_name}{" "}
        {a.trigger_user_last_name ?? m.member_last_name}
        {a.type === "UPDATE_USER" && who ? ` for ${who}` : ""}
      </p>
      {applied && !done && (
        <Alert variant="info" title="Already applied">
          This change took effect when it was made. Acknowledge it, or archive it.
        </Alert>
      )}
      {done && (
        <Alert variant="warning" title="Already processed">
          This request was already{" "}
          {a.approved === true ? "approved" : a.approved === false ? "declined" : "archived"}.
          {m.decline_reason ? ` Reason: ${m.decline_reason}` : ""}
        </Alert>
      )}
      <ul className="change-words" aria-label="The change in words">
        {Object.keys(after).map((k) => <li key={k}>{changeInWords(a.type, k, before[k], after[k], names)}
        </li>)}
      </ul>
      <DataTable
        caption="Before and after"
        columns={["Field", "Before", "After"]}
        rows={Object.keys(after)}
        row={(k) => (
          <tr key={k}>
            <th scope="row">{label(k)}</th>
            <td>{show(before[k])}</td>
            <td>{show(after[k])}</td>
          </tr>
        )}
      />
      <div className="form-actions">
        {!done && (
          <>
            <Button
              busy={busy === "approve"}
              busyLabel={applied ? "Acknowledging…" : "Approving…"}
              disabled={busy !== null}
              aria-keyshortcuts="A"
              onClick={() => run("approve")}
            >
              {applied ? "Acknowledge" : "Approve"}
            </Button>
            {!applied && (
              <Button
                variant="secondary"
                disabled={busy !== null}
                aria-keyshortcuts="D"
                onClick={() => setDeclining(true)}
              >
                Decline…
              </Button>
            )}
            <Button
              variant="secondary"
              busy={busy === "archive"}
              busyLabel="Archiving…"
              disabled={busy !== null}
              aria-keyshortcuts="E"
              onClick={() => run("archive")}
            >
              Archive
            </Button>
          </>
        )}
        <Button
          variant="link"
          busy={busy === "next"}
          disabled={busy !== null}
          aria-keyshortcuts="N"
          onClick={next}
        >
          Next item
        </Button>
      </div>
      <p className="keyboard-help">
        Keyboard: <kbd>A</kbd> {applied ? "acknowledge" : "approve"}
        {!applied && (
          <>
            , <kbd>D</kbd> decline
          </>
        )}, <kbd>E</kbd> archive, <kbd>N</kbd> next item.
      </p>
      <ConfirmDialog
        open={declining}
        title="Decline this change?"
        confirmLabel="Decline"
        busyLabel="Declining…"
        busy={busy === "decline"}
        destructive
        onClose={() => setDeclining(false)}
        onConfirm={() => run("decline")}
      >
        <TextAreaField
          label="Reason (e-mailed to the member)"
          name="reason"
          required
          value={reason}
          error={reasonError}
          onChange={(e) => {
            setReason(e.target.value);
            setReasonError(undefined);
          }}
        />
      </ConfirmDialog>
    </section>
  );
}
