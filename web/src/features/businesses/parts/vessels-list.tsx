/** A company's vessels (name, USCG official number, type, in service), each with its Manage link. */
import { Link } from "wouter";
import type { Vessel } from "@api/contract";
import { fetchVessels, vesselsKey } from "../businesses.ts";
import { useResource } from "../../../lib/use-resource.ts";
import { Chip } from "../../../components/chip.tsx";
import { LoadError } from "../../../components/load-error.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";

export function VesselsList({ businessId, back }: { businessId: number; back: string }) {
  const vessels = useResource(vesselsKey(businessId), (signal) => fetchVessels(businessId, signal));
  if (vessels.error) {
    return (
      <LoadError title="The vessels could not be loaded" error={vessels.error} onRetry={vessels.reload} />
    );
  }
  if (!vessels.data) return <Skeleton label="Loading the vessels…" />;
  if (vessels.data.length === 0) return <p className="empty-state">No vessels listed yet.</p>;
  return (
    <ul className="record-list" aria-label="Vessels">
      {vessels.data.map((vessel) => (
        <VesselItem key={vessel.id} vessel={vessel} businessId={businessId} back={back} />
      ))}
    </ul>
  );
}

function VesselItem({ vessel, businessId, back }: { vessel: Vessel; businessId: number; back: string }) {
  const v = vessel.attributes;
  const manage = `/app/member/businesses/${businessId}/vessel/${vessel.id}/manage?redirectURL=${
    encodeURIComponent(back)
  }`;
  return (
    <li className="record">
      <p className="record-title">
        <span>{v.name}</span>
        {v.is_active ? <Chip tone="success">In service</Chip> : <Chip>Out of service</Chip>}
      </p>
      <p className="record-facts">
        {v.official_number ? `O.N. ${v.official_number}` : "No official number"}
        {v.vessel_type ? ` · ${v.vessel_type}` : ""}
      </p>
      <Link href={manage} aria-label={`Manage ${v.name}`}>Manage</Link>
    </li>
  );
}
