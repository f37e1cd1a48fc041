/**
 * /app/admin/businesses/{id}/vessel/new and /app/admin/manage-vessel/{vid}: the vessel form the company's
 * owner uses too (features/businesses/parts/vessel-form.tsx). An administrator's change applies at once; both go
 * back to the business's Vessels tab.
 */
import { useSubjectName } from "../../lib/page-subject.ts";
import type { PageProps } from "../../lib/page-props.ts";
import { VesselForm } from "../businesses/parts/vessel-form.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { useResource } from "../../lib/use-resource.ts";
import { addVessel, BUSINESS_KEY, fetchBusiness, fetchVessel, updateVessel } from "./api.ts";

export function NewVesselPage({ params }: PageProps) {
  const id = Number(params.id);
  return (
    <VesselForm
      back={`/app/admin/businesses/${id}?tab=vessels`}
      save={(body, key) => addVessel(id, body, key)}
    />
  );
}

export function ManageVesselPage({ params }: PageProps) {
  const vid = Number(params.vid);
  const vessel = useResource([...BUSINESS_KEY, "vessel", vid], (signal) => fetchVessel(vid, signal));
  const owner = vessel.data?.relationships.business?.data?.id ?? 0;
  const business = useResource(
    [...BUSINESS_KEY, "vessel-owner", owner],
    (signal) => owner ? fetchBusiness(owner, signal) : Promise.resolve(null),
  );
  useSubjectName(
    `/app/admin/manage-vessel/${vid}`,
    vessel.data && [vessel.data.attributes.name, business.data?.attributes.name].filter(Boolean).join(", "),
  );
  if (vessel.error) {
    return <LoadError title="The vessel could not be loaded" error={vessel.error} onRetry={vessel.reload} />;
  }
  if (!vessel.data) return <Skeleton lines={4} label="Loading the vessel…" />;
  const businessId = vessel.data.relationships.business?.data?.id;
  const back = businessId ? `/app/admin/businesses/${businessId}?tab=vessels` : "/app/admin/businesses";
  return <VesselForm vessel={vessel.data} back={back} save={(body) => updateVessel(vid, body)} />;
}
