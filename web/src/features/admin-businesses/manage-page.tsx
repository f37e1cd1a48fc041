/**
 * /app/admin/businesses/{id}/manage: edit every field of the business; an administrator's changes apply at
 * once (decision 0021). A company still waiting for its new-company approval cannot be managed yet.
 */
import { useLocation } from "wouter";
import type { PageProps } from "../../lib/page-props.ts";
import { Alert } from "../../components/alert.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { toast } from "../../lib/toast.ts";
import { useResource } from "../../lib/use-resource.ts";
import { businessKey, fetchBusiness, updateBusiness } from "./api.ts";
import { businessBody, BusinessForm } from "./business-form.tsx";

export default function ManageBusinessPage({ params }: PageProps) {
  const id = Number(params.id);
  const [, navigate] = useLocation();
  const business = useResource(businessKey(id), (signal) => fetchBusiness(id, signal));
  if (business.error) {
    return (
      <LoadError title="The business could not be loaded" error={business.error} onRetry={business.reload} />
    );
  }
  if (!business.data) return <Skeleton lines={8} label="Loading the business…" />;
  const back = `/app/admin/businesses/${id}`;
  if (business.data.attributes.has_pending_new_company_approval) {
    return (
      <Alert variant="warning" title="Not Approved">
        <p>Process this company's new-company request before managing it.</p>
      </Alert>
    );
  }
  return (
    <BusinessForm
      creating={false}
      business={business.data}
      cancelHref={back}
      onSave={async (values) => {
        await updateBusiness(id, businessBody(values));
        toast.success("Business has been updated");
        navigate(back);
      }}
    />
  );
}
