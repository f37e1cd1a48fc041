/** The pool screen's tables: candidates (with exempt and substitute), I3 tests, exempt tests, downloads. */
import { statusWord, testResultWord } from "../../lib/status-words.ts";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useState } from "react";
import { Link } from "wouter";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { DataTable } from "../../components/data-table.tsx";
import { TextAreaField } from "../../components/text-area-field.tsx";
import { ApiError } from "../../lib/api.ts";
import { useAction } from "../../lib/use-action.ts";
import { type Candidate, changeCandidate, pdfHref, type Pool, RANDOMS_KEY, zipHref } from "./api.ts";
import { type DownloadsAction, downloadsNext } from "./downloads-next.ts";

const ROLE_LABELS: Record<Candidate["role"], string> = {
  selected: "Selected",
  alternate: "Alternate",
  substituted: "Substituted",
  exempt: "Exempt",
};

const testLabel = (c: Candidate) => testResultWord(c.test);

/** What still blocks a selected candidate's order: its own reason, the action that fixes it, and where. */
function Blocked({ candidate: c }: { candidate: Candidate }) {
  const b = c.blocked!;
  const where = b.fix === "link_business"
    ? { href: `/app/admin/users/${c.user_id}`, label: `Open ${c.name}'s page` }
    : b.fix === "set_up_business" && b.business_id !== null
    ? { href: `/app/admin/businesses/${b.business_id}`, label: "Open the business" }
    : undefined;
  return (
    <div className="random-blocked" role="note">
      <strong>Cannot be ordered yet:</strong> {b.reason}
      <br />
      <small>
        {b.action}
        {where && (
          <>
            {" "}
            <Link href={where.href}>{where.label}</Link>
          </>
        )}
      </small>
    </div>
  );
}

export function CandidateTable(
  { pool, candidates, actions }: { pool: Pool; candidates: Candidate[]; actions: boolean },
) {
  const [change, setChange] = useState<{ candidate: Candidate; action: "exempt" | "substitute" }>();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const changeAction = useAction(
    (candidate: Candidate, action: "exempt" | "substitute", why: string) =>
      changeCandidate(pool.id, candidate.id, action, why),
    {
      success: (_, _candidate, action) =>
        action === "exempt" ? "Candidate exempted" : "Candidate substituted",
      invalidate: [RANDOMS_KEY],
      failure: (e) => e instanceof ApiError ? e.message : "The change failed",
    },
  );
  const busy = changeAction.busy;
  if (!candidates.length) return <p>No candidates drawn yet.</p>;

  async function confirm() {
    if (!change) return;
    if (!reason.trim()) return setError("A reason is required");
    if ((await changeAction.run(change.candidate, change.action, reason.trim())).ok) setChange(undefined);
  }

  const open = (candidate: Candidate, action: "exempt" | "substitute") => {
    setReason("");
    setError(undefined);
    setChange({ candidate, action });
  };

  return (
    <>
      <DataTable
        caption="Drawn candidates in draw order"
        columns={["#", "Member", "Company", "Role", "Test", actions && "Actions"]}
        keyColumn={1}
        rows={candidates}
        row={(c) => (
          <tr key={c.id}>
            <td>{c.draw_position + 1}</td>
            <td>{c.name} {c.member_number && <small>({c.member_number})</small>}</td>
            <td>{c.business_name ?? "—"}</td>
            <td>
              {ROLE_LABELS[c.role]}
              {(c.exempt_reason || c.substitution_reason) && (
                <small>: {c.exempt_reason ?? c.substitution_reason}</small>
              )}
            </td>
            <td>
              {testLabel(c)}
              {c.blocked && <Blocked candidate={c} />}
            </td>
            {actions && (
              <td>
                {c.role === "selected" && c.test?.status !== "resulted" && (
                  <>
                    <Button variant="link" onClick={() => open(c, "exempt")}>
                      Exempt<span className="visually-hidden">{` ${c.name}`}</span>
                    </Button>{" "}
                    <Button variant="link" onClick={() => open(c, "substitute")}>
                      Substitute<span className="visually-hidden">{` ${c.name}`}</span>
                    </Button>
                  </>
                )}
              </td>
            )}
          </tr>
        )}
      />
      <ConfirmDialog
        open={change !== undefined}
        title={change?.action === "exempt"
          ? `Exempt ${change.candidate.name}?`
          : `Substitute ${change?.candidate.name}?`}
        confirmLabel={change?.action === "exempt" ? "Exempt" : "Substitute"}
        busy={busy}
        busyLabel="Saving…"
        destructive
        onConfirm={confirm}
        onClose={() => setChange(undefined)}
      >
        <TextAreaField
          label="Reason"
          name="reason"
          required
          value={reason}
          error={error}
          onChange={(e) => setReason(e.target.value)}
        />
      </ConfirmDialog>
    </>
  );
}

export function TestTable({ candidates }: { candidates: Candidate[] }) {
  const tests = candidates.filter((c) => c.test && c.role !== "substituted");
  if (!tests.length) return <p>No tests ordered.</p>;
  return (
    <DataTable
      caption="I3 tests of this pool"
      columns={["Member", "i3 order", "Status", "Result"]}
      rows={tests}
      row={(c) => (
        <tr key={c.id}>
          <td>{c.name}</td>
          <td>{c.test!.i3_order_ref ?? "Not yet"}</td>
          <td>
            <StatusBadge status={statusWord(c.test!.status).label} />
          </td>
          <td>
            <StatusBadge status={testResultWord(c.test)} />
            {c.test!.error && <span className="field-hint">{c.test!.error}</span>}
          </td>
        </tr>
      )}
    />
  );
}

export function ExemptTable({ candidates }: { candidates: Candidate[] }) {
  return (
    <DataTable
      caption="Exempt candidates with their reasons"
      columns={["Member", "Reason"]}
      rows={candidates.filter((c) => c.role === "exempt")}
      row={(c) => (
        <tr key={c.id}>
          <td>{c.name}</td>
          <td>{c.exempt_reason}</td>
        </tr>
      )}
    />
  );
}

export function Downloads({ pool, candidates, onAction, busy }: {
  pool: Pool;
  candidates: Candidate[];
  onAction: (kind: DownloadsAction) => void;
  busy: boolean;
}) {
  const ready = candidates.filter((c) => c.pdf_ready);
  const expected = pool.actual_candidates_number - pool.exempt_candidate_total;
  const next = downloadsNext(pool, expected);
  return (
    <section aria-label="Downloads">
      <p>
        Candidate PDFs: <strong data-testid="pdf-status">{next.state}</strong>{" "}
        ({pool.pdf_ready_candidate_total} of {expected} ready). {next.note}
      </p>
      {next.action && (
        <p>
          <Button
            variant="secondary"
            busy={busy}
            busyLabel="Working…"
            onClick={() => onAction(next.action!.kind)}
          >
            {next.action.label}
          </Button>
        </p>
      )}
      {pool.expired_zip_download
        ? <p>The zip of this pool has expired; each notice can still be downloaded below.</p>
        : ready.length > 0 && (
          <p>
            <a className="button button-secondary" href={zipHref(pool.id)} download>Download All (zip)</a>
          </p>
        )}
      {ready.length > 0 && (
        <ul>
          {ready.map((c) => (
            <li key={c.id}>
              <a href={pdfHref(pool.id, c.id)} download>PDF for {c.name}</a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
