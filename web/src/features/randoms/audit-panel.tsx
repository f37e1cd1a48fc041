/**
 * The draw's audit facts (decision 0033): the seed's commitment (shown from creation), the seed (once drawn),
 * the snapshot's fingerprint, and Verify, which re-derives the draw on the server and says match or mismatch.
 */
import { useState } from "react";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { ApiError } from "../../lib/api.ts";
import { useAction } from "../../lib/use-action.ts";
import { type Pool, verifyPool, type VerifyReport } from "./api.ts";

export function AuditPanel({ pool }: { pool: Pool }) {
  const [report, setReport] = useState<VerifyReport>();
  const verifyAction = useAction(async () => setReport(await verifyPool(pool.id)), {
    failure: (e) => e instanceof ApiError ? e.message : "Verify failed",
  });
  const busy = verifyAction.busy;
  const verify = () => verifyAction.run();

  return (
    <section aria-labelledby="audit-heading">
      <h2 id="audit-heading">Draw</h2>
      <dl className="summary random-audit">
        <div>
          <dt>Commitment (SHA-256 of the seed)</dt>
          <dd>
            <code data-testid="commitment">{pool.commitment ?? "-"}</code>
          </dd>
        </div>
        <div>
          <dt>Seed</dt>
          <dd>
            <code>{pool.seed ?? "Revealed after the draw"}</code>
          </dd>
        </div>
        <div>
          <dt>Rate</dt>
          <dd>{pool.rate_percent}%</dd>
        </div>
        <div>
          <dt>Covered members (snapshot)</dt>
          <dd>{pool.drawn_at ? pool.covered_count : "-"}</dd>
        </div>
        <div>
          <dt>Selected</dt>
          <dd>{pool.actual_candidates_number}</dd>
        </div>
        <div>
          <dt>Snapshot fingerprint</dt>
          <dd>
            <code>{pool.snapshot_sha256 ?? "-"}</code>
          </dd>
        </div>
      </dl>
      {pool.drawn_at && (
        <p>
          <Button variant="secondary" busy={busy} busyLabel="Verifying…" onClick={verify}>Verify Draw</Button>
        </p>
      )}
      {report && (
        <Alert variant={report.match ? "success" : "error"} title={report.match ? "Match" : "Mismatch"}>
          {report.match
            ? `The draw re-derives exactly from the snapshot and the seed (${report.positions_checked} positions).`
            : report.mismatches.join(" ")}
        </Alert>
      )}
    </section>
  );
}
