/** Gathers a business's roster (company, DER, employees, vessels) and renders it as a PDF. */
import { listBusinessUsers } from "../employees/service.ts";
import type { Deps, SessionUser } from "../lib/context.ts";
import { officeDay } from "../lib/dates.ts";
import { notFound } from "../lib/errors.ts";
import { vesselsOf } from "../vessels/queries.ts";
import { findLiveBusiness, memberNames } from "./queries.ts";
import { renderRosterPdf } from "./roster-pdf.ts";

export async function businessRoster(deps: Deps, viewer: SessionUser, id: number): Promise<Uint8Array> {
  const { db } = deps.database;
  const business = await findLiveBusiness(db, id);
  if (!business) throw notFound("Business");
  const [people, vessels] = await Promise.all([listBusinessUsers(deps, viewer, id), vesselsOf(db, id)]);
  const der = business.der_user_id ? await memberNames(db, business.der_user_id) : null;
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
    vessels,
    generatedAt: now,
    generatedOn: officeDay(now, deps.config.officeTimeZone), // the office day: a document the office issues
  });
}
