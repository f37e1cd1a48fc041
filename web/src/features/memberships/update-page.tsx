/**
 * /app/admin/users/{id}/membership/update (admin spec §2 "Update form", §5, §8): an administrator changes
 * the membership's expiry: a has-expiration toggle and an expiry date (required when the toggle is on, sent
 * only then). Offered only for a membership that exists, has not failed and is not cancelled (the server's
 * can_update). Toasts 'Membership has been updated successfully' or 'Error occurred while updating
 * membership'.
 */
import { useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { useSignals } from "@preact/signals-react/runtime";
import { Button } from "../../components/button.tsx";
import { CheckboxField } from "../../components/checkbox-field.tsx";
import { NotAllowed, WithMembership } from "./membership-parts.tsx";
import { TextField } from "../../components/text-field.tsx";
import { fieldErrors } from "../../lib/form.ts";
import type { Membership, MembershipUpdatePreview } from "@api/contract";
import { Alert } from "../../components/alert.tsx";
import { errorMessage } from "../../lib/form.ts";
import { attemptKeys, failureText, previewMembershipUpdate, updateMembership } from "./api.ts";
import { UpdateSchema } from "../payments/admin-membership-schemas.ts";
import { membershipWords } from "./membership-view.ts";
import { screenPaths } from "./screens.ts";
import { type Subject } from "../payments/subject.ts";
import { toast } from "../../lib/toast.ts";
import { useFormSubmit } from "../../lib/use-form-submit.ts";
import { useMembership } from "./use-membership.ts";
import { MEMBERSHIP_MESSAGES } from "@apca/rules/messages/memberships";

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
  const [date, setDate] = useState(m.expire_at ?? "");
  const [keys] = useState(attemptKeys);
  const consequence = useConsequence(subject, hasExpiration, date);

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
      toast.success(MEMBERSHIP_MESSAGES.updated);
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
          value={date}
          onChange={(event) => setDate(event.currentTarget.value)}
          error={errors.value.date}
        />
      )}
      {consequence}
      <div className="form-actions">
        <Button type="submit" busy={busy.value} busyLabel="Updating Membership...">
          Update Membership Details
        </Button>
        <Link href={paths.details}>Back to membership details</Link>
      </div>
    </form>
  );
}

type Preview =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "ready"; preview: MembershipUpdatePreview }
  | { state: "failed"; message: string };

/** The server's word on what the edit will do, asked again whenever the toggle or the date changes. */
function useConsequence(subject: Subject, hasExpiration: boolean, date: string) {
  const [preview, setPreview] = useState<Preview>({ state: "idle" });
  const userId = subject.kind === "user" ? subject.userId : null;
  useEffect(() => {
    if (userId === null || (hasExpiration && !/^\d{4}-\d{2}-\d{2}$/.test(date))) {
      setPreview({ state: "idle" });
      return;
    }
    const controller = new AbortController();
    setPreview({ state: "loading" });
    previewMembershipUpdate(userId, { has_expiration: hasExpiration, date }, controller.signal)
      .then((answer) => setPreview({ state: "ready", preview: answer }))
      .catch((error) => {
        if (!controller.signal.aborted) setPreview({ state: "failed", message: errorMessage(error) });
      });
    return () => controller.abort();
  }, [userId, hasExpiration, date]);

  if (preview.state === "idle") return null;
  if (preview.state === "loading") {
    return <p className="field-hint" role="status">Checking what this change will do…</p>;
  }
  if (preview.state === "failed") {
    return (
      <Alert variant="error" title="What this change will do could not be checked">
        <p>{preview.message}</p>
      </Alert>
    );
  }
  const p = preview.preview;
  return (
    <div data-testid="update-consequence">
      <Alert
        variant={p.ends_now ? "warning" : "info"}
        title={p.ends_now ? "This change ends the membership" : "What this change will do"}
      >
        <p>{p.message}</p>
      </Alert>
    </div>
  );
}
