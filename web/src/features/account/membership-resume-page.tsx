/**
 * /app/account/membership/resume (admin spec §2 "Resume screen", public spec §8): who is resumed, what it
 * means (back in the monthly random drug-test pool), 'Keep Membership Paused' back to the details and
 * 'Resume Membership'. The success toast is the server's message.
 */
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { useSignals } from "@preact/signals-react/runtime";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { session } from "../../lib/session.ts";
import { toast } from "../../lib/toast.ts";
import { submitChange } from "../../offline/sync.ts";
import { useMembership } from "../../offline/use-cached.ts";
import { failureText } from "./api.ts";
import { NotAllowed, WithMembership } from "./membership-parts.tsx";
import { PATHS } from "./membership-view.ts";
import "./account.css";

export const RESUME_FAILED = "Error occurred while resuming membership";
const RESUMED_FALLBACK = "Membership has been resumed successfully";

export default function MembershipResumePage() {
  const membership = useMembership();
  return (
    <WithMembership membership={membership}>
      {(m) =>
        m?.attributes.can_resume
          ? <ResumeConfirm membershipId={m.id} />
          : <NotAllowed>Your membership is not paused, so there is nothing to resume.</NotAllowed>}
    </WithMembership>
  );
}

function ResumeConfirm({ membershipId }: { membershipId: number }) {
  useSignals();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);

  async function onResume() {
    setBusy(true);
    try {
      const outcome = await submitChange("resume", undefined, membershipId);
      if (outcome.queued) toast.info(outcome.message);
      else toast.success(messageOf(outcome.body) || RESUMED_FALLBACK);
      navigate(PATHS.details);
    } catch (error) {
      toast.error(failureText(RESUME_FAILED, error));
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="resume-who" className="narrow">
      <h2 id="resume-who">{session.value?.full_name}</h2>
      <Alert variant="info">
        Resuming this membership makes you eligible for monthly random drug tests again.
      </Alert>
      <div className="form-actions">
        <Button busy={busy} busyLabel="Resuming Membership..." onClick={onResume}>Resume Membership</Button>
        <Link href={PATHS.details} className="button button-secondary">Keep Membership Paused</Link>
      </div>
    </section>
  );
}

const messageOf = (body: unknown) =>
  body && typeof body === "object" && "message" in body ? String((body as { message: unknown }).message) : "";
