/**
 * /app/member/businesses/{id}/roster: "Is your crew list still right?" (decision 0087). The company's
 * employees, and one tap to confirm; a change goes through the Employees tab (remove, Add Employee, upload).
 */
import { Link } from "wouter";
import { useState } from "react";
import type { PageProps } from "../../lib/page-props.ts";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Chip } from "../../components/chip.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { formatDay, formatInstant } from "../../lib/dates.ts";
import { toast } from "../../lib/toast.ts";
import { useResource } from "../../lib/use-resource.ts";
import { confirmRoster, fetchRosterTask, rosterKey } from "./api.ts";

export default function RosterPage({ params }: PageProps) {
  const id = Number(params.id);
  const task = useResource(rosterKey(id), (signal) => fetchRosterTask(id, signal));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (task.error) {
    return <LoadError title="The crew list could not be loaded" error={task.error} onRetry={task.reload} />;
  }
  if (task.data === undefined) return <Skeleton lines={5} label="Loading the crew list…" />;
  const employees = `/app/member/businesses/${id}?tab=employees`;
  if (task.data === null) {
    return (
      <div className="narrow">
        <p className="empty-state">APCA has not asked about this company's crew list yet.</p>
        <Link href={employees}>Employees</Link>
      </div>
    );
  }
  const a = task.data.attributes;
  async function onConfirm() {
    setBusy(true);
    setError(null);
    try {
      const answer = await confirmRoster(id);
      toast.success(answer.message);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="narrow">
      <h2>Is your crew list still right?</h2>
      <p>
        {a.business_name}'s employees on its list, the people its random pool draws from.{" "}
        {a.status === "confirmed" ? null : <>Please confirm by {formatDay(a.due_on)}.</>}
      </p>
      {a.status === "overdue" && <Chip tone="danger">Overdue since {formatDay(a.overdue_since!)}</Chip>}
      {a.employees.length
        ? (
          <ul className="roster-list">
            {a.employees.map((e) => (
              <li key={e.user_id}>{e.name}{e.member_number ? ` (${e.member_number})` : ""}</li>
            ))}
          </ul>
        )
        : <p className="empty-state">No employees on the list.</p>}
      {a.status === "confirmed"
        ? (
          <Alert variant="success" title="Confirmed">
            Confirmed by {a.confirmed_by ?? "the company"} on {formatInstant(a.confirmed_at!)}.
          </Alert>
        )
        : (
          <>
            <p>
              Someone left or is missing? Remove or add them on the{" "}
              <Link href={employees}>Employees tab</Link> first, then confirm.
            </p>
            <Button onClick={onConfirm} busy={busy} busyLabel="Confirming…" disabled={busy}>
              Yes, the list is right
            </Button>
          </>
        )}
      {error && <Alert variant="error">{error}</Alert>}
    </div>
  );
}
