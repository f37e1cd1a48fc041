/**
 * /app/account/membership/pause (admin spec §2 "Pause Membership form", §5, §9; public spec §8): a reason
 * from the list, or 'Other' with a required free text that the server stores as the reason. The success
 * toast is the specification's own text, 'Membership has been cancelled successfully' (§8: "also shown on
 * pause").
 */
import { type FormEvent, useState } from "react";
import { Link, useLocation } from "wouter";
import { Button } from "../../components/button.tsx";
import { RadioGroup } from "../../components/radio-group.tsx";
import { TextAreaField } from "../../components/text-area-field.tsx";
import { type FieldErrors, fieldErrors, focusFirstInvalid, formValues, validate } from "../../lib/form.ts";
import { toast } from "../../lib/toast.ts";
import { submitChange } from "../../offline/sync.ts";
import { useMembership } from "../../offline/use-cached.ts";
import { failureText } from "./api.ts";
import { NotAllowed, WithMembership } from "./membership-parts.tsx";
import { PATHS } from "./membership-view.ts";
import { OTHER_REASON, OTHER_REASON_MAX, PAUSE_REASONS, PauseSchema } from "../../lib/pause-schema.ts";
import "./account.css";

export const PAUSED_MESSAGE = "Membership has been cancelled successfully";
export const PAUSE_FAILED = "Error occurred while pausing membership";

export default function MembershipPausePage() {
  const membership = useMembership();
  return (
    <WithMembership membership={membership}>
      {(m) =>
        m?.attributes.can_pause ? <PauseForm membershipId={m.id} /> : (
          <NotAllowed>
            {m?.attributes.is_paused
              ? "Your membership is already paused."
              : "Only an active annual membership can be paused."}
          </NotAllowed>
        )}
    </WithMembership>
  );
}

function PauseForm({ membershipId }: { membershipId: number }) {
  const [, navigate] = useLocation();
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const result = validate(PauseSchema, formValues(form));
    setErrors(result.errors);
    if (!result.success) return focusFirstInvalid(form, result.errors);
    setBusy(true);
    try {
      // Through the outbox: sent now when online, else queued with its Idempotency-Key (offline/sync.ts).
      const outcome = await submitChange("pause", result.output, membershipId);
      if (outcome.queued) toast.info(outcome.message);
      else toast.success(PAUSED_MESSAGE);
      navigate(PATHS.details);
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error(failureText(PAUSE_FAILED, error));
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Pause membership" className="narrow">
      <p>
        While your membership is paused you are out of the random testing pool and no Letter of Compliance is
        issued. You can resume it at any time.
      </p>
      <RadioGroup
        legend="Why are you pausing your membership?"
        name="reason"
        required
        value={reason}
        onChange={(value) => {
          setReason(value);
        }}
        options={PAUSE_REASONS.map((r) => ({ value: r, label: r }))}
        error={errors.reason}
      />
      {reason === OTHER_REASON && (
        <TextAreaField
          label="Reason for pausing"
          name="other_reason"
          required
          rows={3}
          maxLength={OTHER_REASON_MAX}
          hint="Tell us in a few words; this is stored as your reason."
          error={errors.other_reason}
        />
      )}
      <div className="form-actions">
        <Button type="submit" busy={busy} busyLabel="Pausing Membership...">Pause Membership</Button>
        <Link href={PATHS.details}>Keep Membership Active</Link>
      </div>
    </form>
  );
}
