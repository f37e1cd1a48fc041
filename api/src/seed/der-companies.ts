/**
 * The demo DER's second company (issue 25, decision 0065): Pelican Crew Boats LLC, set up in i3 like Gulf Coast
 * Towing, so the DER can move an employee between their two companies and the company screens show a company
 * with no employees yet. Its name sorts after Gulf Coast Towing: the DER dashboard opens the first company by
 * name, which should be the populated one.
 */
import type { Insertable, Transaction } from "kysely";
import type { Config } from "../config.ts";
import type { DB } from "../db/types.ts";
import { addDays, officeDay } from "../lib/dates.ts";

/** A company whose DER `der` owns it (its business_users row), created at `now`. */
async function companyOwnedBy(
  tx: Transaction<DB>,
  der: number,
  now: Date,
  company: Omit<Insertable<DB["businesses"]>, "der_user_id" | "created_at">,
): Promise<number> {
  const { id } = await tx.insertInto("businesses").values({ ...company, der_user_id: der, created_at: now })
    .returning("id").executeTakeFirstOrThrow();
  await tx.insertInto("business_users").values({
    business_id: id,
    user_id: der,
    is_owner: true,
    is_employee: false,
    created_at: now,
  }).execute();
  return id;
}

export async function seedSecondCompany(tx: Transaction<DB>, der: number, now: Date): Promise<number> {
  return await companyOwnedBy(tx, der, now, {
    name: "Pelican Crew Boats LLC",
    dba_name: "Bayou Crew",
    email: "office@bayoucrew.example",
    phone: "+1 985 555 0177",
    tax_id: "72-2468135",
    address_one: "42 Bayou Side Dr",
    city: "Cut Off",
    state: "LA",
    country: "United States of America",
    postal_code: "70345",
    is_i3_setup: true,
    i3_location_code: "SIM-0002",
  });
}

/**
 * Another employer with its own DER (der2@apca.local): Delta Marine Services LLC, which has never employed the
 * demo member. It sees none of Morgan's results until Morgan gives it a consent (decision 0092).
 */
export async function seedOtherEmployer(tx: Transaction<DB>, der: number, now: Date): Promise<number> {
  return await companyOwnedBy(tx, der, now, {
    name: "Delta Marine Services LLC",
    email: "office@deltamarine.example",
    phone: "+1 337 555 0180",
    tax_id: "72-3579246",
    address_one: "8 Port Rd",
    city: "Morgan City",
    state: "LA",
    country: "United States of America",
    postal_code: "70380",
  });
}

/**
 * Morgan's consent, signed ten days ago: a marine surveyor named by e-mail may see all Morgan's results for six
 * months. The member's Consents page shows it, with its PDF and Revoke.
 */
export async function seedMemberConsent(tx: Transaction<DB>, member: number, config: Config, now: Date) {
  const signed = officeDay(new Date(now.getTime() - 10 * 86_400_000), config.officeTimeZone);
  await tx.insertInto("consents").values({
    user_id: member,
    recipient_email: "records@gulfsurveyors.example",
    expires_on: addDays(signed, 183),
    signature: "Morgan Lee",
    signed_on: signed,
    created_at: new Date(now.getTime() - 10 * 86_400_000),
  }).execute();
}
