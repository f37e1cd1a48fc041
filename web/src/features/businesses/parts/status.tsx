/**
 * What a business's state means for the person looking at it (public spec §2, §4): the Owner or Employee
 * badge, an inactive business's reason ('Business is inactive.' without one), the 'Not Approved' warning of
 * a company APCA has not approved yet, and a change waiting for APCA (which blocks editing), each said in
 * words. Shared by the business screens and the DER's My Company.
 */
import type { Business } from "@api/contract";
import { Alert } from "../../../components/alert.tsx";
import { Chip } from "../../../components/chip.tsx";

/** Public spec §6: a DER adds employees only once the business is set up in i3. */
export const NOT_IN_I3 = "Please contact APCA to allow new employees to be added";
export const INACTIVE = "Business is inactive.";

export function RoleBadge({ business }: { business: Business }) {
  return business.attributes.is_owner ? <Chip tone="success">Owner</Chip> : <Chip>Employee</Chip>;
}

/** Field names of a pending change, as people read them. */
const FIELD_LABELS: Record<string, string> = {
  name: "Name",
  dba_name: "DBA",
  tax_id: "EIN",
  is_llc: "LLC",
  llc_name: "LLC name",
};

/** The warnings a business's state calls for; nothing when it is active, approved and not waiting. */
export function BusinessNotices({ business }: { business: Business }) {
  const b = business.attributes;
  return (
    <>
      {b.has_pending_new_company_approval && (
        <Alert variant="warning" title="Not Approved">
          APCA is reviewing this company. Its details are shown once it is approved.
        </Alert>
      )}
      {!b.is_active && (
        <Alert variant="warning" title="Inactive">{b.business_deactivation_reason || INACTIVE}</Alert>
      )}
      {b.business_pending_request && (
        <Alert variant="info" title="Waiting for APCA approval">
          <p>
            Changes to{" "}
            {Object.keys(b.business_pending_request.changes).map((k) => FIELD_LABELS[k] ?? k).join(", ")}{" "}
            are waiting for APCA approval. The business cannot be edited until APCA decides.
          </p>
        </Alert>
      )}
    </>
  );
}

/** Why the owner cannot change the business now, or null when they can. */
export function editBlocked(business: Business): string | null {
  const b = business.attributes;
  if (!b.is_owner) return "Only the business's owner can change it.";
  if (b.has_pending_new_company_approval) return "This company is waiting for APCA approval.";
  if (b.business_pending_request) return "Your earlier changes are waiting for APCA approval.";
  return null;
}

/** Why employees cannot be added now, or null when they can. */
export function addEmployeeBlocked(business: Business): string | null {
  const b = business.attributes;
  if (b.has_pending_new_company_approval) return "This company is waiting for APCA approval.";
  if (!b.is_active) return b.business_deactivation_reason || INACTIVE;
  if (!b.is_i3_setup) return NOT_IN_I3;
  return null;
}
