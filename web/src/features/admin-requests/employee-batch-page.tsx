/**
 * /app/admin/employee-batches/{id}: a DER's crew list upload, one card on the desk (decision 0086). The
 * requests with the member each matched (linked on approval) or none (created); approve or decline the chosen
 * ones or all still waiting. A decline asks for the reason first; another administrator's decision first
 * answers ALREADY_PROCESSED and the list reloads.
 */
import { useState } from "react";
import { Link } from "wouter";
import type { PageProps } from "../../lib/page-props.ts";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Chip } from "../../components/chip.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { DataTable } from "../../components/data-table.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { TextAreaField } from "../../components/text-area-field.tsx";
import { errorMessage } from "../../lib/form.ts";
import { toast } from "../../lib/toast.ts";
import { call } from "../../lib/typed-api.ts";
import { invalidate, useResource } from "../../lib/use-resource.ts";
import { act } from "./api.ts";
import { REASON_NEEDED } from "./decline-button.tsx";

const STATUS = {
  pending: { tone: "warning", word: "Waiting" },
  linked: { tone: "success", word: "Linked" },
  created: { tone: "success", word: "Added" },
  rejected: { tone: "danger", word: "Declined" },
} as const;

export default function EmployeeBatchPage({ params }: PageProps) {
  const id = Number(params.id);
  const key = ["employee-batch", id];
  const batch = useResource(
    key,
    async (signal) =>
      (await call("/auth/employee-request-batches/{id}").GET({ params: { id }, signal })).data,
  );
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState<"approve" | "decline" | null>(null);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  if (batch.error) {
    return <LoadError title="The upload could not be loaded" error={batch.error} onRetry={batch.reload} />;
  }
  if (!batch.data) return <Skeleton lines={8} label="Loading the upload…" />;
  const a = batch.data.attributes;
  const waiting = a.requests.filter((r) => r.status === "pending");
  const ids = chosen.size ? [...chosen] : undefined;
  const scope = chosen.size ? `${chosen.size} chosen` : `all ${waiting.length} waiting`;

  async function decide(action: "approve" | "decline") {
    setBusy(action);
    try {
      const message = await act((keyed) =>
        action === "approve"
          ? call("/auth/employee-request-batches/{id}/approve").POST({
            params: { id },
            body: { request_ids: ids },
            ...keyed,
          })
          : call("/auth/employee-request-batches/{id}/decline").POST({
            params: { id },
            body: { request_ids: ids, reason: reason.trim() },
            ...keyed,
          })
      );
      toast.success(message ?? "Done");
      setChosen(new Set());
      setDeclining(false);
      setReason("");
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(null);
      await invalidate(key);
    }
  }

  const toggle = (rid: number) =>
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(rid)) next.delete(rid);
      else next.add(rid);
      return next;
    });

  return (
    <section aria-labelledby="batch-title">
      <h2 id="batch-title">{a.company_name}: {a.request_count} employee requests</h2>
      <p>
        Crew list from {a.owner_name ?? "the company's DER"}
        {a.file_name ? ` (${a.file_name})` : ""}. A request that matched an APCA member links them to{" "}
        <Link href={`/app/admin/businesses/${a.company_id}`}>{a.company_name}</Link>; the others become new
        members (they set a password through Forgot password).
      </p>
      {a.archived && (
        <Alert variant="success" title="Done">Every request of this upload has been decided.</Alert>
      )}
      {waiting.length > 0 && (
        <div className="form-actions">
          <Button
            busy={busy === "approve"}
            busyLabel="Approving…"
            disabled={busy !== null}
            onClick={() => decide("approve")}
          >
            {`Approve ${scope}`}
          </Button>
          <Button variant="secondary" disabled={busy !== null} onClick={() => setDeclining(true)}>
            {`Decline ${scope}…`}
          </Button>
        </div>
      )}
      <DataTable
        caption="Employee requests"
        keyColumn={1}
        columns={[{ hiddenLabel: "Choose" }, "Name", "E-mail", "Matches", "Status"]}
        rows={a.requests}
        row={(r) => (
          <tr key={r.id}>
            <td>
              {r.status === "pending" && (
                <input
                  type="checkbox"
                  aria-label={`Choose ${r.first_name} ${r.last_name}`}
                  checked={chosen.has(r.id)}
                  onChange={() => toggle(r.id)}
                />
              )}
            </td>
            <td>{[r.first_name, r.middle_name, r.last_name].filter(Boolean).join(" ")}</td>
            <td>{r.email ?? "—"}</td>
            <td>
              {r.match
                ? (
                  <Link href={`/app/admin/users/${r.match.user_id}`}>
                    {r.match.name} {r.match.member_number ?? ""}
                  </Link>
                )
                : "New member"}
            </td>
            <td>
              <Chip tone={STATUS[r.status].tone}>{STATUS[r.status].word}</Chip>
            </td>
          </tr>
        )}
      />
      <ConfirmDialog
        open={declining}
        title={`Decline ${scope}?`}
        confirmLabel="Decline"
        busyLabel="Declining…"
        busy={busy === "decline"}
        destructive
        onClose={() => setDeclining(false)}
        onConfirm={() => {
          if (reason.trim().length < 3) return setReasonError(REASON_NEEDED);
          setReasonError(undefined);
          void decide("decline");
        }}
      >
        <TextAreaField
          label="Reason"
          name="reason"
          value={reason}
          error={reasonError}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
      </ConfirmDialog>
    </section>
  );
}
