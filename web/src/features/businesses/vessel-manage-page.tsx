/** /app/member/businesses/{id}/vessel/{vid}/manage (?redirectURL=): change a vessel (UPDATE_VESSEL). */
import { useSubjectName } from "../../lib/page-subject.ts";
import type { PageProps } from "../../lib/page-props.ts";
import { VesselForm } from "./parts/vessel-form.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { businessKey, fetchBusiness, fetchVessel, updateVessel } from "./businesses.ts";
import { useResource } from "../../lib/use-resource.ts";
import { useVesselBack } from "./vessel-back.ts";

export default function ManageVesselPage({ params }: PageProps) {
  const id = Number(params.id);
  const vid = Number(params.vid);
  const back = useVesselBack(id);
  const vessel = useResource([...businessKey(id), "vessel", vid], (signal) => fetchVessel(vid, signal));
  const business = useResource(businessKey(id), (signal) => fetchBusiness(id, signal));
  useSubjectName(
    `/app/member/businesses/${id}/vessel/${vid}/manage`,
    vessel.data && [vessel.data.attributes.name, business.data?.attributes.name].filter(Boolean).join(", "),
  );
  if (vessel.error) {
    return <LoadError title="The vessel could not be loaded" error={vessel.error} onRetry={vessel.reload} />;
  }
  if (!vessel.data) return <Skeleton lines={4} label="Loading the vessel…" />;
  return <VesselForm vessel={vessel.data} back={back} save={(body) => updateVessel(id, vid, body)} />;
}
