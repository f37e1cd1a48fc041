/**
 * /app/admin/users/{id}/membership/update (admin spec §2 "Update form", §5, §8): an administrator changes
 * the membership's expiry: a has-expiration toggle and an expiry date (required when the toggle is on, sent
 * only then). Offered only for a membership that exists, has not failed and is not cancelled (the server's
 * can_update). Toasts 'Membership has been updated successfully' or 'Error occurred while updating
 * membership'.
 */
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { useSignals } from "@preact/signals-react/runtime";
import { Button } from "../../components/button.tsx";
import { CheckboxField } from "../../components/checkbox-field.tsx";
import { NotAllowed, WithMembership } from "../../components/membership-parts.tsx";
import { TextField } from "../../components/text-field.tsx";
import { fieldErrors } from "../../lib/form.ts";
import type { Membership } from "@api/contract";
import { attemptKeys, failureText, updateMembership } from "../../lib/membership.ts";
import { UpdateSchema } from "../../lib/admin-membership-schemas.ts";
import { membershipWords } from "../../lib/membership-view.ts";
import { screenPaths, type Subject } from "../../lib/subject.ts";
import { toast } from "../../lib/toast.ts";
import { useFormSubmit } from "../../lib/use-form-submit.ts";
import { useMembership } from "../../offline/use-cached.ts";

export const UPDATED_MESSAGE = "Membership has been updated successfully";
export const UPDATE_FAILED = "Error occurred while updating membership";

export default function MembershipUpdatePage({ subject }: { subject: Subject }) {
  const membership = useMembership(subject);
  return (
    <WithMembership membership={membership} words={membershipWords(subject)}>
      {(m) =>
        m?.attributes.can_update
          ? <UpdateForm subject={subject} membership={m} />
          : (
            <NotAllowed paths={screenPaths(subject)}>
              Only a membership that exists, has not failed and is not cancelled can be updated.
            </NotAllowed>
          )}
    </WithMembership>
  );
}

function UpdateForm({ subject, membership }: { subject: Subject; membership: Membership }) {
  useSignals();
  const [, navigate] = useLocation();
  const paths = screenPaths(subject);
  const m = membership.attributes;
  const [hasExpiration, setHasExpiration] = useState(m.has_expiration);
  const [keys] = useState(attemptKeys);

  const { errors, busy, onSubmit } = useFormSubmit(
    UpdateSchema,
    async (body) => {
      try {
        await updateMembership(subject, body, keys.next());
        keys.settled();
      } catch (error) {
        keys.settled(error);
        throw error;
      }
      toast.success(UPDATED_MESSAGE);
      navigate(paths.details);
    },
    {
      explain: (error) => {
        toast.error(failureText(UPDATE_FAILED, error));
        return { errors: fieldErrors(error), formError: null };
      },
    },
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Update membership details" className="narrow">
      <p>Administrators can only update the details listed below.</p>
      <CheckboxField
        name="has_expiration"
        label="Has expiration"
        checked={hasExpiration}
        onChange={(event) => setHasExpiration(event.currentTarget.checked)}
      />
      {hasExpiration && (
        <TextField
          label="Expiration Date"
          name="date"
          type="date"
          required
          defaultValue={m.expire_at ?? ""}
          error={errors.value.date}
        />
      )}
      <div className="form-actions">
        <Button type="submit" busy={busy.value} busyLabel="Updating Membership...">
          Update Membership Details
        </Button>
        <Link href={paths.details}>Back to membership details</Link>
      </div>
    </form>
  );
}
