/**
 * /app/admin/requests/{id}/business/new[?convert=] (admin spec §2): the company-link wizard reached by the
 * company request's own id (from a user's page) rather than its notification; the wizard itself is the same.
 */
import { Alert } from "../../components/alert.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { call } from "../../lib/typed-api.ts";
import { useResource } from "../../lib/use-resource.ts";
import type { BusinessRequestRef } from "@api/contract";
import BusinessReviewPage from "./business-review-page.tsx";

export default function RequestBusinessPage({ params }: { params: { id?: string } }) {
  const id = params.id!;
  const request = useResource(
    ["notifications", "business-request", id],
    (signal) =>
      call("/auth/business-request/{id}").GET({ params: { id }, signal })
        .then((a): BusinessRequestRef => a.data),
  );
  if (request.loading && !request.data) return <Skeleton label="Loading the company request…" />;
  if (request.error) {
    return (
      <LoadError
        title="The company request could not be loaded"
        error={request.error}
        onRetry={request.reload}
      />
    );
  }
  const { notification_id } = request.data!;
  if (notification_id === null) {
    return (
      <Alert variant="warning" title="No notification">This company request has no notification left.</Alert>
    );
  }
  return <BusinessReviewPage params={{ id: String(notification_id) }} />;
}
