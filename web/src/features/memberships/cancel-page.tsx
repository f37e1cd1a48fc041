/**
 * …/membership/cancel for any subject (public spec §4, §8; admin spec §8): cancelling is a two-step
 * confirmation when pausing is allowed (step 1 offers pausing instead), otherwise a single one. The last
 * step says plainly what cancelling does, and its button looks destructive.
 */
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { NotAllowed, WithMembership } from "./membership-parts.tsx";
import { formatDay, formatInstantDay } from "../../lib/dates.ts";
import type { Membership, MembershipAnswer } from "@api/contract";
import { failureText } from "./api.ts";
import { membershipWords } from "./membership-view.ts";
import { type ScreenPaths, screenPaths } from "./screens.ts";
import { type Subject } from "../payments/subject.ts";
import { toast } from "../../lib/toast.ts";
import { useMembership } from "./use-membership.ts";
import { sendChange } from "./send-change.ts";
import { MEMBERSHIP_MESSAGES } from "@apca/rules/messages/memberships";

export const CANCEL_FAILED = "Error occurred while cancelling membership";
/** Public spec §6, §9: a company cancelling a membership it paid for, the member having no card of their own. */
export const ACCOUNT_DELETION_WARNING =
  "The company entered the payment information for this membership. If the member does not add their own " +
  "payment information, the member's account will be deleted in 30 days.";

export default function MembershipCancelPage({ subject }: { subject: Subject }) {
  const membership = useMembership(subject);
  return (
    <WithMembership membership={membership} words={membershipWords(subject)}>
      {(m) =>
        m?.attributes.can_cancel
          ? <CancelSteps subject={subject} membership={m} />
          : <NotAllowed paths={screenPaths(subject)}>There is no membership to cancel.</NotAllowed>}
    </WithMembership>
  );
}

function CancelSteps({ subject, membership }: { subject: Subject; membership: Membership }) {
  const twoSteps = membership.attributes.can_pause;
  const [step, setStep] = useState<"offer-pause" | "confirm">(twoSteps ? "offer-pause" : "confirm");
  const paths = screenPaths(subject);
  return step === "offer-pause"
    ? <OfferPause own={subject.kind === "self"} paths={paths} onContinue={() => setStep("confirm")} />
    : <ConfirmCancel subject={subject} membership={membership} moveFocus={twoSteps} />;
}

/** Step 1 of 2: pausing keeps the membership (and its term) for later. */
function OfferPause(
  { own, paths, onContinue }: { own: boolean; paths: ScreenPaths; onContinue(): void },
) {
  return (
    <section aria-labelledby="cancel-step" className="narrow">
      <h2 id="cancel-step">Step 1 of 2: Would pausing suit {own ? "you" : "the member"} better?</h2>
      <p>
        {own
          ? "If you are out of season or off the water for a while, you can pause your membership instead. A " +
            "paused membership keeps its term; resume it whenever you are back, with nothing new to buy."
          : "A member out of season or off the water for a while can be paused instead. A paused membership " +
            "keeps its term and is resumed with nothing new to buy."}
      </p>
      <div className="form-actions">
        <Link href={paths.pause} className="button button-primary">Pause instead</Link>
        <Button variant="secondary" onClick={onContinue}>Continue to cancel</Button>
      </div>
      <p>
        <Link href={paths.details}>{own ? "Keep my membership" : "Keep the membership"}</Link>
      </p>
    </section>
  );
}

function ConfirmCancel(
  { subject, membership, moveFocus }: { subject: Subject; membership: Membership; moveFocus: boolean },
) {
  const [, navigate] = useLocation();
  const paths = screenPaths(subject);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const m = membership.attributes;
  const own = subject.kind === "self";
  const until = m.expire_at ? `, not on ${formatDay(m.expire_at)}` : "";

  // Arriving from step 1, focus follows to the new step's heading so it is read out.
  useEffect(() => {
    if (moveFocus) heading.current?.focus();
  }, []);

  async function onCancel() {
    setBusy(true);
    try {
      const outcome = await sendChange(subject, "cancel", membership.id);
      if (outcome.queued) toast.info(outcome.message);
      else {
        toast.success(MEMBERSHIP_MESSAGES.cancelled);
        const deletionAt = (outcome.body as Partial<MembershipAnswer> | undefined)?.data?.attributes
          .account_deletion_at;
        if (deletionAt) {
          toast.info(
            `The member's account will be deleted on ${formatInstantDay(deletionAt)} unless they add a card.`,
          );
        }
      }
      navigate(paths.details);
    } catch (error) {
      toast.error(failureText(CANCEL_FAILED, error));
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="cancel-step" className="narrow">
      <h2 id="cancel-step" ref={heading} tabIndex={-1}>
        {moveFocus ? "Step 2 of 2: " : ""}
        {own ? "Cancel your membership?" : "Cancel this membership?"}
      </h2>
      {own
        ? (
          <>
            <p>If you cancel:</p>
            <ul id="cancel-consequences">
              <li>your coverage ends today{until};</li>
              <li>you leave the random drug-testing pool and no Letter of Compliance is issued;</li>
              <li>your membership will not renew, and no refund is made for the rest of the term.</li>
            </ul>
            <p>To be covered again later you will need to buy a new membership.</p>
          </>
        )
        : (
          <>
            <p>If it is cancelled:</p>
            <ul id="cancel-consequences">
              <li>the member's coverage ends today{until};</li>
              <li>the member leaves the random drug-testing pool and no Letter of Compliance is issued;</li>
              <li>the membership will not renew, and no refund is made for the rest of the term.</li>
            </ul>
            <p>To be covered again later the member will need a new membership.</p>
            {m.account_deletion_warning && (
              <Alert variant="warning" title="The member's account will be deleted">
                {ACCOUNT_DELETION_WARNING}
              </Alert>
            )}
          </>
        )}
      <div className="form-actions">
        <Button
          variant="danger"
          busy={busy}
          busyLabel="Cancelling Membership..."
          aria-describedby="cancel-consequences"
          onClick={onCancel}
        >
          Yes, Cancel Membership
        </Button>
        <Link href={paths.details} className="button button-secondary">Keep Membership</Link>
      </div>
    </section>
  );
}
