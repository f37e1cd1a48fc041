/** Gathers a business (for its owner, the DER, or an administrator)'s roster (company, DER, employees, vessels) and renders it as a PDF. */
import type { Deps, SessionUser } from "../lib/context.ts";
import { officeDay } from "../lib/dates.ts";
import { businessForRoster } from "../businesses/service.ts";
import { listVessels } from "../vessels/service.ts";
import { listBusinessUsers } from "../employees/service.ts";
import { renderRosterPdf } from "./roster-pdf.ts";

export async function businessRoster(deps: Deps, viewer: SessionUser, id: number): Promise<Uint8Array> {
  // The owner check first (another company's DER: 404), then the rest.
  const people = await listBusinessUsers(deps, viewer, id);
  const { business, der } = await businessForRoster(deps.database.db, id);
  const vessels = await listVessels(deps, viewer, id);
  const address = [
    business.address_one,
    business.address_two,
    business.po_box ? `PO Box ${business.po_box}` : null,
    business.city,
    [business.state, business.postal_code].filter(Boolean).join(" "),
  ].filter(Boolean).join(", ");
  const now = deps.now();
  return await renderRosterPdf({
    business: { ...business, address },
    der: der ? `${der.first_name} ${der.last_name}` : null,
    employees: people.map(({ attributes: a }) => ({
      name: [a.user_first_name, a.user_middle_name, a.user_last_name].filter(Boolean).join(" "),
      member_number: a.user_member_id,
      uscg_cred: a.user_uscg_cred,
      role: a.is_owner ? "Owner" : "Employee",
      membership: a.user_active_membership ? (a.user_is_membership_annual ? "Annual" : "One-time") : "None",
    })),
    vessels: vessels.map((v) => v.attributes),
    generatedAt: now,
    generatedOn: officeDay(now, deps.config.officeTimeZone), // the office day: a document the office issues
  });
}
