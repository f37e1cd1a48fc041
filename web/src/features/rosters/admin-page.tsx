/**
 * /app/admin/rosters: which companies confirmed their crew list this period, which wait and which are overdue
 * and since when (decision 0087); a reminder e-mails the DER again, and the period's requests can be sent now
 * rather than at the next hourly run. Both audited.
 */
import { useState } from "react";
import { Link } from "wouter";
import { Button } from "../../components/button.tsx";
import { Chip } from "../../components/chip.tsx";
import { DataTable } from "../../components/data-table.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { formatDay, formatInstant } from "../../lib/dates.ts";
import { errorMessage } from "../../lib/form.ts";
import { toast } from "../../lib/toast.ts";
import { call } from "../../lib/typed-api.ts";
import { invalidate, useResource } from "../../lib/use-resource.ts";

const KEY = ["roster-confirmations"];
const FILTERS = [["", "All"], ["overdue", "Overdue"], ["waiting", "Waiting"], [
  "confirmed",
  "Confirmed",
]] as const;

export default function RostersPage() {
  const [status, setStatus] = useState<"" | "overdue" | "waiting" | "confirmed">("");
  const list = useResource(
    [...KEY, status],
    (signal) => call("/auth/roster-confirmations").GET({ query: status ? { status } : {}, signal }),
  );
  const [busy, setBusy] = useState<number | "send" | null>(null);

  async function run(which: number | "send") {
    setBusy(which);
    const keyed = { headers: { "Idempotency-Key": crypto.randomUUID() } };
    try {
      const answer = which === "send"
        ? await call("/auth/roster-confirmations/send").POST({ ...keyed })
        : await call("/auth/roster-confirmations/{id}/remind").POST({ params: { id: which }, ...keyed });
      toast.success(answer.message);
      await invalidate(KEY);
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="rosters-title">
      <h2 id="rosters-title" className="visually-hidden">Crew list confirmations</h2>
      <p>
        Each company's DER confirms its crew list on the schedule set in{" "}
        <Link href="/app/admin/settings">Settings</Link>; a request is overdue after its 30 days.
      </p>
      <div className="form-actions">
        <label htmlFor="roster-filter">Show</label>
        <select
          id="roster-filter"
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as typeof status)}
        >
          {FILTERS.map(([value, words]) => <option key={value} value={value}>{words}</option>)}
        </select>
        <Button
          variant="secondary"
          busy={busy === "send"}
          busyLabel="Sending…"
          disabled={busy !== null}
          onClick={() => run("send")}
        >
          Send this period's requests now
        </Button>
      </div>
      {list.error
        ? <LoadError title="The list could not be loaded" error={list.error} onRetry={list.reload} />
        : !list.data
        ? <Skeleton lines={6} label="Loading the crew list confirmations…" />
        : (
          <>
            <p role="status">
              {list.data.meta.overdue} overdue · {list.data.meta.waiting} waiting · {list.data.meta.confirmed}
              {" "}
              confirmed (as of {formatDay(list.data.meta.today)})
            </p>
            <DataTable
              caption="Crew list confirmations"
              columns={["Company", "DER", "Status", "Due", "Reminders", { hiddenLabel: "Actions" }]}
              rows={list.data.data}
              empty="No company has been asked yet."
              row={(r) => {
                const a = r.attributes;
                return (
                  <tr key={r.id} data-company={a.business_name}>
                    <td>
                      <Link href={`/app/admin/businesses/${a.business_id}`}>{a.business_name}</Link>
                    </td>
                    <td>{a.der_name ?? "—"}</td>
                    <td>
                      {a.status === "confirmed" && (
                        <Chip tone="success">
                          Confirmed {formatInstant(a.confirmed_at!)} by {a.confirmed_by ?? "—"}
                        </Chip>
                      )}
                      {a.status === "waiting" && <Chip tone="neutral">Waiting</Chip>}
                      {a.status === "overdue" && (
                        <Chip tone="danger">Overdue since {formatDay(a.overdue_since!)}</Chip>
                      )}
                    </td>
                    <td>{formatDay(a.due_on)}</td>
                    <td>
                      {a.reminder_count
                        ? `${a.reminder_count}, last ${formatInstant(a.reminded_at!)}`
                        : "None"}
                    </td>
                    <td>
                      {a.status !== "confirmed" && (
                        <Button
                          variant="secondary"
                          busy={busy === r.id}
                          busyLabel="Sending…"
                          disabled={busy !== null}
                          onClick={() => run(r.id)}
                          aria-label={`Send reminder to ${a.business_name}`}
                        >
                          Send reminder
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              }}
            />
          </>
        )}
    </section>
  );
}
