/**
 * …/membership/pause for any subject (admin spec §2 "Pause Membership form", §5, §9; public spec §8): a
 * reason from the list, or 'Other' with a required free text that the server stores as the reason. The
 * success toast says what happened, 'Membership has been paused successfully', for the member and the
 * administrator alike: admin §8's 'Membership has been cancelled successfully' ("also shown on pause") read as a
 * cancellation (decision 0078).
 */
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { useSignals } from "@preact/signals-react/runtime";
import { Button } from "../../components/button.tsx";
import { NotAllowed, WithMembership } from "./membership-parts.tsx";
import { RadioGroup } from "../../components/radio-group.tsx";
import { TextAreaField } from "../../components/text-area-field.tsx";
import { fieldErrors } from "../../lib/form.ts";
import {
  MEMBERSHIP_MESSAGES,
  OTHER_REASON,
  OTHER_REASON_MAX,
  PAUSE_REASONS,
} from "@apca/rules/messages/memberships";
import { PauseSchema, pauseWords } from "./pause-schema.ts";
import { failureText } from "./api.ts";
import { membershipWords } from "./membership-view.ts";
import { screenPaths } from "./screens.ts";
import { type Subject, subjectId } from "../payments/subject.ts";
import { call } from "../../lib/typed-api.ts";
import { useResource } from "../../lib/use-resource.ts";
import { toast } from "../../lib/toast.ts";
import { useFormSubmit } from "../../lib/use-form-submit.ts";
import { useMembership } from "./use-membership.ts";
import { sendChange } from "./send-change.ts";
import type { PauseOutlook } from "@api/contract";
import { PauseOutlookNotice } from "./pause-outlook-notice.tsx";

/** Decision 0078: not the specification's 'Membership has been cancelled successfully'. */
export const PAUSED_MESSAGE = MEMBERSHIP_MESSAGES.paused;
export const PAUSE_FAILED = "Error occurred while pausing membership";

export default function MembershipPausePage({ subject }: { subject: Subject }) {
  const membership = useMembership(subject);
  const words = membershipWords(subject);
  return (
    <WithMembership membership={membership} words={words}>
      {(m) =>
        m?.attributes.can_pause
          ? <PauseForm subject={subject} membershipId={m.id} outlook={m.attributes.pause_outlook} />
          : (
            <NotAllowed paths={screenPaths(subject)}>
              {m?.attributes.is_paused
                ? `${words.theMembership} is already paused.`
                : "Only an active annual membership can be paused."}
            </NotAllowed>
          )}
    </WithMembership>
  );
}

function PauseForm(
  { subject, membershipId, outlook }: {
    subject: Subject;
    membershipId: number;
    outlook: PauseOutlook | null;
  },
) {
  useSignals();
  const [, navigate] = useLocation();
  const [reason, setReason] = useState("");
  const own = subject.kind === "self";
  const words = pauseWords(own, useMemberName(subject));
  const { errors, busy, onSubmit } = useFormSubmit(
    PauseSchema,
    async (body) => {
      const outcome = await sendChange(subject, "pause", membershipId, body);
      if (outcome.queued) toast.info(outcome.message);
      else toast.success(PAUSED_MESSAGE);
      navigate(screenPaths(subject).details);
    },
    {
      explain: (error) => {
        toast.error(failureText(PAUSE_FAILED, error));
        return { errors: fieldErrors(error), formError: null };
      },
    },
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Pause membership" className="narrow">
      <p>
        {words.lead}
      </p>
      {outlook && <PauseOutlookNotice outlook={outlook} own={own} />}
      <RadioGroup
        legend={words.question}
        name="reason"
        required
        value={reason}
        onChange={(value) => {
          setReason(value);
        }}
        options={PAUSE_REASONS.map((r) => ({ value: r, label: r }))}
        error={errors.value.reason}
      />
      {reason === OTHER_REASON && (
        <TextAreaField
          label="Reason for pausing"
          name="other_reason"
          required
          rows={3}
          maxLength={OTHER_REASON_MAX}
          hint={words.otherHint}
          error={errors.value.other_reason}
        />
      )}
      <div className="form-actions">
        <Button type="submit" busy={busy.value} busyLabel="Pausing Membership...">Pause Membership</Button>
        <Link href={screenPaths(subject).details}>Keep Membership Active</Link>
      </div>
    </form>
  );
}

/**
 * The name of the member whose membership someone else pauses (an administrator: the user; a company: its
 * employee), for the form's words; null for one's own, while loading or when it cannot be read (the words
 * then say "this member").
 */
function useMemberName(subject: Subject): string | null {
  const name = useResource(
    subject.kind === "self" ? null : ["member-name", subjectId(subject)],
    async (signal): Promise<string | null> => {
      if (subject.kind === "user") {
        const user = await call("/auth/user/{id}").GET({ params: { id: String(subject.userId) }, signal });
        return user.data.attributes.full_name;
      }
      if (subject.kind === "employee") {
        const rows = await call("/auth/business/{id}/business-users").GET({
          params: { id: subject.businessId },
          signal,
        });
        const e = rows.data.find((row) => row.attributes.user_id === subject.employeeId)?.attributes;
        return e ? [e.user_first_name, e.user_last_name].filter(Boolean).join(" ") : null;
      }
      return null;
    },
  );
  return name.data ?? null;
}
