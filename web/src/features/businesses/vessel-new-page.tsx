/** /app/member/businesses/{id}/vessel/new (?redirectURL=): add a vessel to the company (NEW_VESSEL). */
import type { PageProps } from "../../app/routes.tsx";
import { VesselForm } from "./vessel-form.tsx";

export default function NewVesselPage({ params }: PageProps) {
  return <VesselForm businessId={Number(params.id)} />;
}
