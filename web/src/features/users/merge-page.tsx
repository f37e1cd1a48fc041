/**
 * /app/admin/users/{id}/merge/{closeId} (issue 37, decision 0080): merge two accounts of one person. Both
 * accounts side by side (the one kept and the one closed, swapped with one link), what moves, what stays and
 * what changes on the kept account, or the reason the merge is refused; the merge after a confirmation, then
 * back to the kept account.
 */
import { useState } from "react";
import { Link, useLocation } from "wouter";
import type { MergePlan } from "@api/contract";
import type { PageProps } from "../../lib/page-props.ts";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { useAction } from "../../lib/use-action.ts";
import { useResource } from "../../lib/use-resource.ts";
import { fetchMergePlan, mergeAccounts, mergeKey } from "./merge-api.ts";

const MOVES: [keyof NonNullable<MergePlan["moves"]>, string][] = [
  ["memberships", "Memberships"],
  ["drug_tests", "Drug tests"],
  ["orders", "Orders (with their receipts)"],
  ["documents", "Documents"],
  ["business_links", "Business links"],
  ["businesses_represented", "Businesses they represent (DER)"],
  ["employee_requests", "Employee requests"],
  ["notifications", "Notifications"],
  ["registration", "Registration progress"],
  ["safety_letter", "Safety concern letter"],
  ["consents_given", "Consents they gave to release results"],
  ["consents_received", "Consents shared with them by e-mail"],
];

function Account({ title, person }: { title: string; person: MergePlan["keep"] }) {
  return (
    <section className="account-panel" aria-label={title}>
      <h2>{title}</h2>
      <dl className="details-list">
        <dt>Name</dt>
        <dd>
          <Link href={`/app/admin/users/${person.id}`}>{person.full_name}</Link>
        </dd>
        <dt>Email</dt>
        <dd>{person.email}</dd>
        <dt>Member number</dt>
        <dd>{person.member_number ?? "—"}</dd>
        <dt>User ID</dt>
        <dd>{person.id}</dd>
      </dl>
    </section>
  );
}

export default function MergePage({ params }: PageProps) {
  const id = params.id!, closeId = params.closeId!;
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const plan = useResource(mergeKey(id, closeId), (signal) => fetchMergePlan(id, closeId, signal));
  const merge = useAction(() => mergeAccounts(id, closeId), {
    success: (answer) => answer.message,
    invalidate: [["admin-user"]],
  });
  if (plan.loading && !plan.data) return <Skeleton lines={6} label="Loading what the merge would do…" />;
  if (plan.error || !plan.data) {
    return <LoadError title="The merge could not be previewed" error={plan.error} onRetry={plan.reload} />;
  }
  const p = plan.data;
  const moves = p.moves;
  return (
    <>
      <p>
        Merge two accounts of one person: everything below moves to the account kept, and the other account is
        closed (its sign-in ends).{" "}
        <Link href={`/app/admin/users/${closeId}/merge/${id}`}>Keep the other account instead</Link>
      </p>
      <div className="merge-accounts">
        <Account title="Account to keep" person={p.keep} />
        <Account title="Account to close" person={p.close} />
      </div>
      {p.refusal
        ? (
          <Alert variant="error" title="These accounts cannot be merged">
            {p.refusal}
          </Alert>
        )
        : moves && (
          <section className="account-panel" aria-labelledby="merge-moves">
            <h2 id="merge-moves">What moves to {p.keep.full_name}'s account</h2>
            <ul data-testid="merge-moves">
              {MOVES.map(([key, label]) => (
                <li key={key}>
                  {label}: {moves[key]}
                </li>
              ))}
            </ul>
            {p.changes.length > 0 && (
              <>
                <h3>Changes on the kept account</h3>
                <ul>
                  {p.changes.map((c) => (
                    <li key={c.field}>
                      {c.field.replace(/_/g, " ")}: {c.before ?? "—"} → {c.after ?? "—"}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {p.stays && (
              <>
                <h3>What stays with the closed account</h3>
                <ul>
                  <li>Saved cards: {p.stays.cards} (the member adds them again on the kept account)</li>
                  <li>Random selections: {p.stays.random_selections} (a draw keeps the accounts it drew)</li>
                  <li>Its sessions end and its e-mail address is freed.</li>
                </ul>
              </>
            )}
          </section>
        )}
      <div className="form-actions">
        <Button
          variant="danger"
          disabled={!!p.refusal}
          busy={merge.busy}
          busyLabel="Merging…"
          onClick={() => setConfirming(true)}
        >
          Merge Accounts
        </Button>
        <Link href={`/app/admin/users/${id}`} className="button button-secondary">Cancel</Link>
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Merge and close ${p.close.full_name}'s account (${p.close.email})?`}
        confirmLabel="Merge"
        busyLabel="Merging…"
        busy={merge.busy}
        destructive
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          const done = await merge.run();
          setConfirming(false);
          if (done.ok) navigate(`/app/admin/users/${id}`);
        }}
      >
        <p>
          Its records move to{" "}
          {p.keep.full_name}'s account ({p.keep.email}) and it is closed. This cannot be undone from the
          portal.
        </p>
      </ConfirmDialog>
    </>
  );
}
