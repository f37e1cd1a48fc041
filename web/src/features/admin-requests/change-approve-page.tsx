/**
 * /app/admin/notifications/{id}/change/approve (admin spec §2, §4): the before and after values of a member's
 * change (UPDATE_USER, UPDATE_BUSINESS, NEW_VESSEL, UPDATE_VESSEL); Approve applies a change that waits for
 * approval and toasts 'Member Request Approved'; Archive puts it away unapplied. Both go back to /app.
 */
import { useState } from "react";
import { useLocation } from "wouter";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { errorMessage } from "../../lib/form.ts";
import { toast } from "../../lib/toast.ts";
import { call } from "../../lib/typed-api.ts";
import { useResource } from "../../lib/use-resource.ts";
import { act, fetchNotification } from "./api.ts";

const TITLES: Record<string, string> = {
  UPDATE_USER: "Member details change",
  UPDATE_BUSINESS: "Business change",
  NEW_VESSEL: "New vessel",
  UPDATE_VESSEL: "Vessel change",
};

const show = (v: unknown) => (v === null || v === undefined || v === "" ? "—" : String(v));
const label = (k: string) => k.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

export default function ChangeApprovePage({ params }: { params: { id?: string } }) {
  const id = params.id!;
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState<"approve" | "archive" | null>(null);
  const n = useResource(["notifications", "one", id], (signal) => fetchNotification(id, signal));

  if (n.loading && !n.data) return <Skeleton label="Loading the change…" />;
  if (n.error) return <LoadError title="The change could not be loaded" error={n.error} onRetry={n.reload} />;
  const a = n.data!.attributes;
  const m = a.meta as {
    changes?: Record<string, unknown>;
    previous?: Record<string, unknown>;
    vessel?: Record<string, unknown>;
    awaiting_approval?: boolean;
    business_name?: string | null;
    member_first_name?: string | null;
    member_last_name?: string | null;
  };
  if (!(a.type in TITLES)) {
    return <Alert variant="error" title="Not a change request">Unknown Notification Type</Alert>;
  }
  const after = m.changes ?? m.vessel ?? {};
  const before = m.previous ?? {};
  const done = a.archived_at !== null || a.approved !== null;

  async function run(kind: "approve" | "archive") {
    setBusy(kind);
    try {
      const message = kind === "approve"
        ? await act((keyed) =>
          call("/auth/notification/{id}").PUT({ params: { id }, body: { approved: true }, ...keyed })
        )
        : await act((keyed) => call("/auth/notification/{id}/archive").PUT({ params: { id }, ...keyed }));
      toast.success(kind === "approve" ? "Member Request Approved" : message ?? "Archived");
      navigate("/app");
    } catch (error) {
      toast.error(errorMessage(error));
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="change-title">
      <h2 id="change-title">{TITLES[a.type]}</h2>
      <p>
        From {a.trigger_user_first_name ?? m.member_first_name}{" "}
        {a.trigger_user_last_name ?? m.member_last_name}
        {m.business_name ? ` · ${m.business_name}` : ""}
      </p>
      {m.awaiting_approval === false && (
        <Alert variant="info" title="Already applied">
          This change took effect when it was made; approving acknowledges it.
        </Alert>
      )}
      {done && (
        <Alert variant="warning" title="Already processed">
          This request was already approved, refused or archived.
        </Alert>
      )}
      <div className="table-scroll">
        <table className="data-table">
          <caption className="visually-hidden">Before and after</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {Object.keys(after).map((k) => (
              <tr key={k}>
                <th scope="row">{label(k)}</th>
                <td>{show(before[k])}</td>
                <td>{show(after[k])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!done && (
        <div className="form-actions">
          <Button
            busy={busy === "approve"}
            busyLabel="Approving…"
            disabled={busy !== null}
            onClick={() => run("approve")}
          >
            Approve
          </Button>
          <Button
            variant="secondary"
            busy={busy === "archive"}
            busyLabel="Archiving…"
            disabled={busy !== null}
            onClick={() => run("archive")}
          >
            Archive
          </Button>
        </div>
      )}
    </section>
  );
}
