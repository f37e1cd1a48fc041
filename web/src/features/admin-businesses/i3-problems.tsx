/**
 * What failed between APCA and i3 (GET /auth/i3/problems, issue 11 item 6): business set-ups i3 refused
 * (each with 'Resend to i3'), test orders it refused (each with Retry) and the results sync's last failure.
 * Nothing is lost: an item stays here until a retry succeeds.
 */
import { Link } from "wouter";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { DataTable } from "../../components/data-table.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { REASON_LABELS } from "../drug-tests/drug-tests.ts";
import { useAction } from "../../lib/use-action.ts";
import { useResource } from "../../lib/use-resource.ts";
import { fetchI3Problems, I3_KEY, retryTest, sendToI3 } from "./api.ts";

export function I3Problems() {
  const problems = useResource(I3_KEY, fetchI3Problems);
  const { running, run } = useAction((_id: string, action: () => Promise<string>) => action(), {
    success: (message) => message,
  });
  const busy = running?.[0] ?? null;

  let body;
  if (problems.error) {
    body = (
      <LoadError
        title="The i3 problems could not be loaded"
        error={problems.error}
        onRetry={problems.reload}
      />
    );
  } else if (!problems.data) body = <Skeleton lines={2} label="Loading the i3 problems…" />;
  else {
    const { businesses, tests, sync } = problems.data;
    body = businesses.length + tests.length === 0 && !sync
      ? <p className="empty-state">Nothing has failed between APCA and i3.</p>
      : (
        <>
          {sync && (
            <Alert variant="warning" title="The results sync is failing">
              <p>
                {sync.error} ({sync.attempts} attempts; {sync.gave_up
                  ? "the job gave up"
                  : `next attempt ${sync.next_attempt_at ? formatInstant(sync.next_attempt_at) : "soon"}`})
              </p>
            </Alert>
          )}
          {businesses.length > 0 && (
            <DataTable
              caption="Failed set-ups"
              showCaption
              columns={["Business", "What failed", "When", "Action"]}
              rows={businesses}
              row={(b) => (
                <tr key={b.business_id}>
                  <td>
                    <Link href={`/app/admin/businesses/${b.business_id}`}>{b.name}</Link>
                  </td>
                  <td>{b.error}</td>
                  <td>{b.attempted_at ? formatInstant(b.attempted_at) : ""}</td>
                  <td>
                    <Button
                      variant="secondary"
                      busy={busy === `b${b.business_id}`}
                      busyLabel="Sending…"
                      disabled={busy !== null}
                      aria-label={`Resend to i3: ${b.name}`}
                      onClick={() =>
                        run(`b${b.business_id}`, async () => (await sendToI3(b.business_id)).message)}
                    >
                      Resend to i3
                    </Button>
                  </td>
                </tr>
              )}
            />
          )}
          {tests.length > 0 && (
            <DataTable
              caption="Failed test orders"
              showCaption
              columns={["Member", "Business", "Reason", "What failed", "Action"]}
              rows={tests}
              row={(t) => (
                <tr key={t.drug_test_id}>
                  <td>{t.user_name}</td>
                  <td>
                    {t.business_id
                      ? <Link href={`/app/admin/businesses/${t.business_id}`}>{t.business_name}</Link>
                      : ""}
                  </td>
                  <td>{REASON_LABELS[t.reason] ?? t.reason}</td>
                  <td>{t.error ?? ""}</td>
                  <td>
                    <Button
                      variant="secondary"
                      busy={busy === `t${t.drug_test_id}`}
                      busyLabel="Retrying…"
                      disabled={busy !== null}
                      aria-label={`Retry the test order of ${t.user_name}`}
                      onClick={() =>
                        run(`t${t.drug_test_id}`, async () => {
                          const answer = await retryTest(t.drug_test_id);
                          if (answer.status === "failed") {
                            throw new Error(answer.error ?? "i3 refused it again");
                          }
                          return "The test has been ordered in i3";
                        })}
                    >
                      Retry
                    </Button>
                  </td>
                </tr>
              )}
            />
          )}
        </>
      );
  }
  return (
    <section aria-labelledby="i3-problems-title" className="form-section">
      <h2 id="i3-problems-title">i3 problems</h2>
      {body}
    </section>
  );
}
