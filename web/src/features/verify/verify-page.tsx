/**
 * /verify/:token: what the QR code on a Letter of Compliance opens. Anyone (a dock officer, an employer) sees
 * whether our key signed the letter, the coverage it states and where the member stands today. No sign-in,
 * and no name or other personal data: the letter in hand carries the name, this page confirms it.
 */
import { Alert } from "../../components/alert.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import type { PageProps } from "../../lib/page-props.ts";
import { OfficePhone } from "../../components/office-contact.tsx";
import { formatDay, formatInstant } from "../../lib/dates.ts";
import { useResource } from "../../lib/use-resource.ts";
import type { Verification } from "@api/contract";
import { type CurrentStatus, verifyLetter } from "./api.ts";
import "./verify.css";

const CURRENT: Record<CurrentStatus, { label: string; note?: string }> = {
  active: { label: "Active: enrolled in the random drug-testing program" },
  paused: {
    label: "Paused",
    note: "The member's membership is on hold: they are not in the random pool right now.",
  },
  expired: { label: "Expired", note: "The member's coverage has ended since this letter was issued." },
  cancelled: {
    label: "Cancelled",
    note: "The member's membership has been cancelled since this letter was issued.",
  },
  none: { label: "No current membership", note: "We hold no current membership for this member." },
};

export default function VerifyPage({ params }: PageProps) {
  const token = params.token ?? "";
  const check = useResource(["verify", token], (signal) => verifyLetter(token, signal));
  return (
    <div className="verify">
      {check.loading
        ? <Skeleton lines={4} label="Checking the letter…" />
        : check.error
        ? <LoadError title="The letter could not be checked" error={check.error} onRetry={check.reload} />
        : check.data?.genuine && check.data.statement
        ? <Genuine result={check.data} />
        : <NotVerified checkedAt={check.data?.checked_at} />}
    </div>
  );
}

function Genuine({ result }: { result: Verification }) {
  const s = result.statement!;
  const current = CURRENT[result.current_status ?? "none"];
  const stillActive = result.current_status === "active";
  return (
    <section className="verify-result verify-genuine" aria-labelledby="verify-outcome">
      <h2 id="verify-outcome">
        <span className="verify-mark" aria-hidden="true">✓</span> Genuine Letter of Compliance
      </h2>
      <p>APCA issued this letter and it has not been altered.</p>
      <dl className="verify-facts">
        <dt>Member number</dt>
        <dd>{s.mem ?? "Not assigned"}</dd>
        <dt>Coverage</dt>
        <dd>{formatDay(s.cov_from)} to {s.cov_to ? formatDay(s.cov_to) : "no expiry date"}</dd>
        <dt>Status when issued</dt>
        <dd>Active</dd>
        <dt>Issued</dt>
        <dd>{formatInstant(new Date(s.iat * 1000).toISOString())}</dd>
        <dt>Current status</dt>
        <dd>
          <strong>{current.label}</strong>
          <span className="verify-checked">as of {formatInstant(result.checked_at)}</span>
        </dd>
      </dl>
      {!stillActive && current.note && (
        <Alert variant="warning" title="Coverage has changed">
          {current.note}
        </Alert>
      )}
      <p className="verify-hint">
        Check that the member number matches the letter in front of you.
      </p>
    </section>
  );
}

function NotVerified({ checkedAt }: { checkedAt?: string }) {
  return (
    <section className="verify-result verify-failed" aria-labelledby="verify-outcome">
      <h2 id="verify-outcome">
        <span className="verify-mark" aria-hidden="true">✗</span> This letter could not be verified
      </h2>
      <p>
        The code does not match any letter APCA issued. The letter may have been altered, or the code was
        copied incorrectly. Do not accept it as proof of enrollment until you have checked with us.
      </p>
      <p>
        Call APCA at <OfficePhone /> to confirm a member's enrollment.
      </p>
      {checkedAt && <p className="verify-checked">Checked {formatInstant(checkedAt)}</p>}
    </section>
  );
}
