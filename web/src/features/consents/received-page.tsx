/**
 * /app/consents (issue 38 item 2, decision 0092): "Shared with you", the consents that name the signed-in
 * person, or a company they are the DER of, and still run. Each opens the member's results it releases, and
 * only those; every opening and PDF download is recorded for the member to see. A member's results seen under a
 * consent are never saved on this device.
 */
import { useState } from "react";
import { Button } from "../../components/button.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { errorMessage } from "../../lib/form.ts";
import { saveFile } from "../../lib/save-file.ts";
import { useAction } from "../../lib/use-action.ts";
import { useResource } from "../../lib/use-resource.ts";
import type { DrugTest } from "@api/contract";
import { DrugTestTable } from "../drug-tests/drug-test-table.tsx";
import { type Consent, downloadConsent, fetchReceived, RECEIVED_KEY, resultsUnder } from "./consents.ts";
import { ConsentCard } from "./consents-page.tsx";
import "./consents.css";

export default function ReceivedConsentsPage() {
  const received = useResource(RECEIVED_KEY, fetchReceived);
  return (
    <div className="consents narrow">
      <p>
        Members who have given you their specific written consent to see their drug test results (49 CFR
        40.321). You see exactly what each consent covers, while it runs. Each time you open results, it is
        recorded and the member can see it.
      </p>
      {received.loading
        ? <Skeleton lines={3} label="Loading the consents given to you…" />
        : received.error
        ? (
          <LoadError
            title="The consents could not be loaded"
            error={received.error}
            onRetry={received.reload}
          />
        )
        : received.data?.length
        ? (
          <ul className="consent-list">
            {received.data.map((c) => (
              <li key={c.id}>
                <Received consent={c} />
              </li>
            ))}
          </ul>
        )
        : <p className="empty-state">No member has shared their test results with you.</p>}
    </div>
  );
}

function Received({ consent }: { consent: Consent }) {
  const [results, setResults] = useState<DrugTest[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const show = useAction(async () => {
    setError(null);
    try {
      setResults((await resultsUnder(consent.id)).results);
    } catch (e) {
      setError(errorMessage(e));
    }
  });
  const download = useAction(async () => {
    const { blob, filename } = await downloadConsent(consent.id);
    saveFile(blob, filename);
  });
  return (
    <ConsentCard consent={consent} received>
      <Button busy={show.busy} busyLabel="Opening…" onClick={() => show.run()}>
        {results ? "Show results again" : "Show results"}
      </Button>
      <Button
        variant="secondary"
        busy={download.busy}
        busyLabel="Downloading…"
        onClick={() => download.run()}
      >
        Download consent PDF
      </Button>
      {error && <p role="alert">{error}</p>}
      {results && (results.length
        ? <DrugTestTable tests={results} caption={`Test results of ${consent.member_name}`} />
        : <p className="empty-state">No test result falls within this consent.</p>)}
    </ConsentCard>
  );
}
