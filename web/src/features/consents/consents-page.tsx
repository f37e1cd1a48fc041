/**
 * /app/account/consents (issue 38 item 2, decision 0092): the member's consents to release their test results,
 * each with its recipient, scope, last day and status, its PDF and Revoke (confirmed first); and the form that
 * signs a new one. The list opens offline from the device's copy, like the letter (decision 0014).
 */
import { type ReactNode, useState } from "react";
import { Button } from "../../components/button.tsx";
import { Chip } from "../../components/chip.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { formatDay } from "../../lib/dates.ts";
import { saveFile } from "../../lib/save-file.ts";
import { useAction } from "../../lib/use-action.ts";
import { OfflineNotice } from "../../offline/offline-ui.tsx";
import { useCachedResource } from "../../offline/use-cached.ts";
import {
  type Consent,
  CONSENTS_KEY,
  downloadConsent,
  fetchConsents,
  revokeConsent,
  STATUS_WORDS,
} from "./consents.ts";
import { ConsentForm } from "./consent-form.tsx";
import "./consents.css";

export default function ConsentsPage() {
  const consents = useCachedResource(CONSENTS_KEY, fetchConsents);
  const [revoking, setRevoking] = useState<Consent | null>(null);
  const revoke = useAction(revokeConsent, {
    success: (answer) => answer.message,
    invalidate: [CONSENTS_KEY],
  });
  const download = useAction(async (id: number) => {
    const { blob, filename } = await downloadConsent(id);
    saveFile(blob, filename);
  });

  return (
    <div className="consents narrow">
      <p>
        Your drug test results are released to nobody without your specific written consent (49 CFR 40.321).
        Here you can let one company or one person see them, choose which results and until when, and revoke
        it at any time. Your own company's DER sees the tests taken under that company as always.
      </p>
      <section aria-labelledby="consents-list">
        <h2 id="consents-list">Your consents</h2>
        <OfflineNotice savedAt={consents.savedAt} />
        {consents.loading ? <Skeleton lines={3} label="Loading your consents…" /> : consents.error
          ? (
            <LoadError
              title="Your consents could not be loaded"
              error={consents.error}
              onRetry={consents.reload}
            />
          )
          : consents.data?.length
          ? (
            <ul className="consent-list">
              {consents.data.map((c) => (
                <li key={c.id}>
                  <ConsentCard consent={c}>
                    <Button
                      variant="secondary"
                      busy={download.running?.[0] === c.id}
                      busyLabel="Downloading…"
                      onClick={() => download.run(c.id)}
                    >
                      Download PDF
                    </Button>
                    {c.status === "active" && (
                      <Button
                        variant="danger"
                        onClick={() => setRevoking(c)}
                      >
                        Revoke
                      </Button>
                    )}
                  </ConsentCard>
                </li>
              ))}
            </ul>
          )
          : <p className="empty-state">You have not given anyone access to your test results.</p>}
      </section>
      <section aria-labelledby="consent-new">
        <h2 id="consent-new">Give a consent</h2>
        <ConsentForm />
      </section>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this consent?"
        confirmLabel="Revoke"
        busyLabel="Revoking…"
        destructive
        busy={revoke.busy}
        onClose={() => setRevoking(null)}
        onConfirm={async () => {
          if (revoking && (await revoke.run(revoking.id)).ok) setRevoking(null);
        }}
      >
        <p>
          {revoking?.recipient.name}{" "}
          will no longer see your test results, from now on. What they saw before stays recorded.
        </p>
      </ConfirmDialog>
    </div>
  );
}

/** One consent's facts: to whom, which results, until when, signed by whom and when, its status. */
export function ConsentCard(
  { consent: c, received = false, children }: { consent: Consent; received?: boolean; children?: ReactNode },
) {
  const tone = c.status === "active" ? "success" : "neutral";
  const title = received ? c.member_name : c.recipient.name;
  return (
    <article className="consent-card" aria-label={received ? `Consent from ${title}` : `Consent to ${title}`}>
      <p className="chips">
        <strong>{title}</strong> <Chip tone={tone}>{STATUS_WORDS[c.status]}</Chip>
      </p>
      <dl className="details-list">
        <div>
          <dt>{received ? "Given to" : "Member"}</dt>
          <dd>{received ? c.recipient.name : c.member_name}</dd>
        </div>
        <div>
          <dt>Results</dt>
          <dd>{c.scope}</dd>
        </div>
        <div>
          <dt>Valid until</dt>
          <dd>{formatDay(c.expires_on)}</dd>
        </div>
        <div>
          <dt>Signed</dt>
          <dd>
            {c.signature}, {formatDay(c.signed_on)}
          </dd>
        </div>
      </dl>
      {children && <div className="consent-actions">{children}</div>}
    </article>
  );
}
