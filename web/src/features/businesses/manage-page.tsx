/**
 * /app/member/businesses/{id}/manage: its owner changes the business. Contact details apply at once; name,
 * DBA, EIN and LLC wait for APCA (decision 0021), and while they wait the business cannot be edited: the
 * screen says why instead of offering a form that would be refused.
 */
import { Link, useLocation } from "wouter";
import { useSignals } from "@preact/signals-react/runtime";
import type { Business } from "@api/contract";
import { Alert } from "../../components/alert.tsx";
import { BusinessNotices, editBlocked } from "./parts/status.tsx";
import { Button } from "../../components/button.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import type { PageProps } from "../../lib/page-props.ts";
import { businessKey, fetchBusiness, updateBusiness } from "./businesses.ts";
import { toast } from "../../lib/toast.ts";
import { useFormSubmit } from "../../lib/use-form-submit.ts";
import { useResource } from "../../lib/use-resource.ts";
import { businessBody, BusinessFields, BusinessSchema } from "./business-fields.tsx";
import "./businesses.css";

export default function ManageBusinessPage({ params }: PageProps) {
  const id = Number(params.id);
  const business = useResource(businessKey(id), (signal) => fetchBusiness(id, signal));
  if (business.error) {
    return (
      <LoadError title="The business could not be loaded" error={business.error} onRetry={business.reload} />
    );
  }
  if (!business.data) return <Skeleton lines={6} label="Loading the business…" />;
  const blocked = editBlocked(business.data);
  if (blocked) {
    return (
      <div className="narrow">
        <BusinessNotices business={business.data} />
        <Alert variant="warning" title="This business cannot be edited now">{blocked}</Alert>
        <Link href={`/app/member/businesses/${id}`}>Back to the business</Link>
      </div>
    );
  }
  return <ManageForm business={business.data} />;
}

function ManageForm({ business }: { business: Business }) {
  useSignals();
  const [, navigate] = useLocation();
  const back = `/app/member/businesses/${business.id}`;
  const { errors, formError, busy, onSubmit } = useFormSubmit(BusinessSchema, async (output) => {
    const answer = await updateBusiness(business.id, businessBody(output as Record<string, string>));
    toast.success(
      answer.awaiting_approval.length
        ? "Your changes have been sent to APCA for approval"
        : "Business has been updated",
    );
    navigate(back);
  });
  return (
    <form className="narrow" noValidate onSubmit={onSubmit} aria-label="Manage business">
      <p>
        Contact details change at once. A new name, DBA or EIN is sent to APCA for approval first.
      </p>
      <BusinessFields
        business={business}
        errors={errors.value}
        individual={business.attributes.is_individual}
      />
      {formError.value && <Alert variant="error">{formError.value}</Alert>}
      <div className="form-actions">
        <Button type="submit" busy={busy.value} busyLabel="Saving…">Save Changes</Button>
        <Link href={back}>Cancel</Link>
      </div>
    </form>
  );
}
