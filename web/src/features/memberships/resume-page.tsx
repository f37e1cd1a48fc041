/**
 * …/membership/resume for any subject (admin spec §2 "Resume screen", §8; public spec §8): who is resumed
 * (the member's full name), what it means (back in the monthly random drug-test pool), 'Keep Membership
 * Paused' back to the details and 'Resume Membership' ('Resuming Membership...' while busy). The success
 * toast says what happened, 'Membership has been resumed successfully' (the server's message), for the member
 * and the administrator alike: admin §8's 'Membership has been cancelled successfully' ("also shown on resume")
 * read as a cancellation (decision 0078). A failure toasts 'Error occurred while resuming membership' and the
 * button is enabled again.
 */
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { useSignals } from "@preact/signals-react/runtime";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { NotAllowed, WithMembership } from "./membership-parts.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { failureText } from "./api.ts";
import { membershipWords } from "./membership-view.ts";
import { session } from "../../lib/session.ts";
import { screenPaths } from "./screens.ts";
import { type Subject } from "../payments/subject.ts";
import { call } from "../../lib/typed-api.ts";
import { toast } from "../../lib/toast.ts";
import { useResource } from "../../lib/use-resource.ts";
import { useMembership } from "./use-membership.ts";
import { sendChange } from "./send-change.ts";
import { MEMBERSHIP_MESSAGES } from "@apca/rules/messages/memberships";

export const RESUME_FAILED = "Error occurred while resuming membership";
/** The administrators' resume toast: decision 0078, not admin §8's 'Membership has been cancelled successfully'. */
export const ADMIN_RESUMED = MEMBERSHIP_MESSAGES.resumed;

export default function MembershipResumePage({ subject }: { subject: Subject }) {
  const membership = useMembership(subject);
  const words = membershipWords(subject);
  return (
    <WithMembership membership={membership} words={words}>
      {(m) =>
        m?.attributes.can_resume
          ? <ResumeConfirm subject={subject} membershipId={m.id} />
          : (
            <NotAllowed paths={screenPaths(subject)}>
              {words.theMembership} is not paused, so there is nothing to resume.
            </NotAllowed>
          )}
    </WithMembership>
  );
}

/**
 * The name of whoever is resumed: the signed-in member, the user an administrator is looking at, or the
 * employee whose membership their company runs (never the DER who opens the screen).
 */
function useFullName(subject: Subject): string | undefined {
  useSignals();
  const userId = subject.kind === "user" ? subject.userId : null;
  // The same key and record as the account page's and the user screens' (`GET /auth/user/{id}` → data).
  const user = useResource(
    userId === null ? null : ["user", userId],
    async (signal) => (await call("/auth/user/{id}").GET({ params: { id: userId! }, signal })).data,
  );
  // The company's business users (the employee screens' call), the employee's row by user id.
  const employee = useResource(
    subject.kind === "employee" ? ["resume-subject", subject.businessId, subject.employeeId] : null,
    async (signal) => {
      if (subject.kind !== "employee") return undefined;
      const { data } = await call("/auth/business/{id}/business-users").GET({
        params: { id: subject.businessId },
        signal,
      });
      const e = data.find((row) => row.attributes.user_id === subject.employeeId)?.attributes;
      return e && [e.user_first_name, e.user_middle_name, e.user_last_name].filter(Boolean).join(" ");
    },
  );
  if (subject.kind === "employee") return employee.data ?? (employee.error ? "" : undefined);
  return userId === null ? session.value?.full_name : user.data?.attributes.full_name;
}

function ResumeConfirm({ subject, membershipId }: { subject: Subject; membershipId: number }) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const name = useFullName(subject);
  const own = subject.kind === "self";

  async function onResume() {
    setBusy(true);
    try {
      const outcome = await sendChange(subject, "resume", membershipId);
      if (outcome.queued) toast.info(outcome.message);
      else toast.success(own ? messageOf(outcome.body) || MEMBERSHIP_MESSAGES.resumed : ADMIN_RESUMED);
      navigate(screenPaths(subject).details);
    } catch (error) {
      toast.error(failureText(RESUME_FAILED, error));
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="resume-who" className="narrow">
      {name === undefined
        ? <Skeleton lines={1} label="Loading the member's name…" />
        : name && <h2 id="resume-who">{name}</h2>}
      <Alert variant="info">
        {own
          ? "Resuming this membership makes you eligible for monthly random drug tests again."
          : "Resuming this membership makes the member eligible for monthly random drug tests again."}
      </Alert>
      <div className="form-actions">
        <Button busy={busy} busyLabel="Resuming Membership..." onClick={onResume}>Resume Membership</Button>
        <Link href={screenPaths(subject).details} className="button button-secondary">
          Keep Membership Paused
        </Link>
      </div>
    </section>
  );
}

const messageOf = (body: unknown) =>
  body && typeof body === "object" && "message" in body ? String((body as { message: unknown }).message) : "";
