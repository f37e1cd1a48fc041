/**
 * /app/admin/randoms/{id} (admin spec §4 "Random pool", decision 0033): the status message, the audit panel
 * (commitment before the draw, seed after, Verify), the actions of each state, and the tabs: Random
 * Candidates and Downloads once pre-ordered; I3 Tests, Exempt Tests (only with exempt candidates), Random
 * Candidates and Downloads when complete. The screen polls while a job is working. Once ordered and with its
 * PDFs ready, Release (confirmed) shows each DER its own employees' selections: until then only administrators
 * see them (unannounced, 46 CFR 16.230(g)). Exempt and Substitute are offered from the pre-order on.
 */
import { useEffect, useState } from "react";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Loading } from "../../components/loading.tsx";
import type { PageProps } from "../../lib/page-props.ts";
import { ApiError } from "../../lib/api.ts";
import { formatInstant } from "../../lib/dates.ts";
import { useAction } from "../../lib/use-action.ts";
import { invalidate, useResource } from "../../lib/use-resource.ts";
import {
  candidatesKey,
  fetchCandidates,
  fetchPool,
  monthLabel,
  type Pool,
  poolAction,
  poolKey,
  RANDOMS_KEY,
  STATUS_LABELS,
  WORKING,
} from "./api.ts";
import { AuditPanel } from "./audit-panel.tsx";
import { CandidateTable, Downloads, ExemptTable, TestTable } from "./pool-tables.tsx";
import { Tabs } from "../../components/tabs.tsx";
import { History } from "../audit/audit-table.tsx";
import "./randoms.css";

const MESSAGES: Partial<Record<Pool["status"], string>> = {
  draft:
    "This pool is a draft. Building it takes the snapshot of the covered members and draws the selection.",
  building: "Please wait while the candidate pool is being built…",
  preordering: "Please wait while the selected candidates are pre-ordered…",
  preordered: "The candidates are pre-ordered. Order their tests through i3 when ready.",
  ordering: "Tests are being ordered through i3…",
  built: "The tests are ordered. The pool completes when every candidate has a final outcome.",
  complete: "Every candidate has a final outcome.",
};

export default function RandomPoolPage({ params }: PageProps) {
  const id = params.id!;
  const pool = useResource(poolKey(id), (signal) => fetchPool(id, signal));
  const candidates = useResource(
    pool.data?.drawn_at ? candidatesKey(id) : null,
    (signal) => fetchCandidates(id, signal),
  );
  const [tab, setTab] = useState("candidates");
  const [confirmOrder, setConfirmOrder] = useState(false);
  const [confirmRelease, setConfirmRelease] = useState(false);
  const p = pool.data;
  const working = p &&
    (WORKING.includes(p.status) || (p.status === "built" && p.pdf_download_status !== "Ready"));

  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => void invalidate(RANDOMS_KEY), 1500);
    return () => clearInterval(timer);
  }, [working]);

  // Every hook runs before the early returns below (the rules of hooks); an action runs only once p is loaded.
  const action = useAction(
    (action: "build" | "order" | "release" | "refresh" | "pdfs", _done: string) => poolAction(p!.id, action),
    {
      success: (answer, _action, done) => answer.message ?? done,
      invalidate: [RANDOMS_KEY],
      failure: (e) => e instanceof ApiError ? e.message : "The action failed",
    },
  );

  if (pool.error && !p) {
    return <LoadError title="The pool could not be loaded" error={pool.error} onRetry={pool.reload} />;
  }
  if (!p) return <Loading label="Loading the pool…" />;

  const busy = action.running?.[0];
  async function act(which: "build" | "order" | "release" | "refresh" | "pdfs", done: string) {
    await action.run(which, done);
    setConfirmOrder(false);
    setConfirmRelease(false);
  }

  const list = candidates.data ?? [];
  const tabs = [
    ...(p.status === "complete"
      ? [{ id: "tests", label: "I3 Tests", render: () => <TestTable candidates={list} /> }]
      : []),
    ...(p.status === "complete" && p.exempt_candidate_total > 0
      ? [{ id: "exempt", label: "Exempt Tests", render: () => <ExemptTable candidates={list} /> }]
      : []),
    {
      id: "candidates",
      label: "Random Candidates",
      render: () => (
        <CandidateTable
          pool={p}
          candidates={list}
          actions={p.status === "preordered" || p.status === "built"}
        />
      ),
    },
    {
      id: "downloads",
      label: "Downloads",
      render: () => (
        <Downloads
          pool={p}
          candidates={list}
          busy={!!busy}
          onAction={(kind) =>
            kind === "order"
              ? setConfirmOrder(true)
              : kind === "pdfs"
              ? act("pdfs", "Making the candidate PDFs")
              : void invalidate(RANDOMS_KEY)}
        />
      ),
    },
    { id: "history", label: "History", render: () => <History entity="random_pool" entityId={p.id} /> },
  ];

  return (
    <>
      <h2>{monthLabel(p)} · {STATUS_LABELS[p.status]}</h2>
      <Alert variant={p.status === "complete" ? "success" : "info"}>
        <span data-testid="pool-status" data-status={p.status}>{MESSAGES[p.status]}</span>
      </Alert>
      {p.error && <Alert variant="warning">{p.error}</Alert>}
      <AuditPanel pool={p} />
      <Release pool={p} />
      <p className="random-actions">
        {p.status === "draft" && (
          <Button
            busy={busy === "build"}
            busyLabel="Building…"
            onClick={() => act("build", "Building the pool")}
          >
            Build Pool
          </Button>
        )}
        {(p.status === "preordered" || (p.status === "built" && p.error)) && (
          <Button onClick={() => setConfirmOrder(true)}>Order Tests</Button>
        )}
        {canRelease(p) && <Button onClick={() => setConfirmRelease(true)}>Release Pool</Button>}
        {p.status === "built" && (
          <Button
            variant="secondary"
            busy={busy === "refresh"}
            busyLabel="Checking…"
            onClick={() => act("refresh", "Results checked")}
          >
            Check Results
          </Button>
        )}
      </p>
      {p.status === "preordering" && <CandidateTable pool={p} candidates={list} actions={false} />}
      {["preordered", "ordering", "built", "complete"].includes(p.status) && (
        <Tabs tabs={tabs} label="Pool sections" current={tab} onChange={setTab} />
      )}
      <ConfirmDialog
        open={confirmOrder}
        title="Order the tests?"
        confirmLabel="Order Tests"
        busyLabel="Ordering…"
        busy={busy === "order"}
        onConfirm={() => act("order", "Ordering the tests")}
        onClose={() => setConfirmOrder(false)}
      >
        Each selected candidate's test is ordered through i3 once; the order cannot be taken back.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmRelease}
        title="Release the pool?"
        confirmLabel="Release Pool"
        busyLabel="Releasing…"
        busy={busy === "release"}
        onConfirm={() => act("release", "Random pool released")}
        onClose={() => setConfirmRelease(false)}
      >
        Each DER will see its own employees' selections and their notices, to tell them at once. A release
        cannot be taken back.
        {p.error && " Selected members whose tests are not ordered yet are told once their tests are placed."}
      </ConfirmDialog>
    </>
  );
}

const ordered = (p: Pool) => p.status === "built" || p.status === "complete";
const canRelease = (p: Pool) => ordered(p) && !p.released_at && p.pdf_download_status === "Ready";

/** Who sees the selections: administrators only until the release, then each DER its own employees'. */
function Release({ pool }: { pool: Pool }) {
  if (!pool.drawn_at) return null;
  return (
    <section aria-labelledby="release-heading">
      <h2 id="release-heading">Release</h2>
      <p data-testid="release-state" data-released={pool.released_at ? "yes" : "no"}>
        {pool.released_at
          ? `Released to the DERs on ${
            formatInstant(pool.released_at)
          }: each DER sees its own employees' selections.`
          : !ordered(pool)
          ? "Not released: only administrators see the selections. The pool can be released once its tests are ordered."
          : pool.pdf_download_status !== "Ready"
          ? "Not released: only administrators see the selections. The pool can be released once its candidate PDFs are ready."
          : "Not released: only administrators see the selections. Release the pool to show each DER its own employees' selections."}
      </p>
    </section>
  );
}
