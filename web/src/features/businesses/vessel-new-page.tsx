/** /app/member/businesses/{id}/vessel/new (?redirectURL=): add a vessel to the company (NEW_VESSEL). */
import type { PageProps } from "../../lib/page-props.ts";
import { VesselForm } from "./parts/vessel-form.tsx";
import { createVessel } from "./businesses.ts";
import { useVesselBack } from "./vessel-back.ts";

export default function NewVesselPage({ params }: PageProps) {
  const id = Number(params.id);
  const back = useVesselBack(id);
  return <VesselForm back={back} save={(body, key) => createVessel(id, body, key)} />;
}
