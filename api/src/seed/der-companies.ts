/**
 * The demo DER's second company (issue 25, decision 0065): Pelican Crew Boats LLC, set up in i3 like Gulf Coast
 * Towing, so the DER can move an employee between their two companies and the company screens show a company
 * with no employees yet. Its name sorts after Gulf Coast Towing: the DER dashboard opens the first company by
 * name, which should be the populated one.
 */
import type { Transaction } from "kysely";
import type { DB } from "../db/types.ts";

export async function seedSecondCompany(tx: Transaction<DB>, der: number, now: Date): Promise<number> {
  const id = (await tx.insertInto("businesses").values({
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
    der_user_id: der,
    created_at: now,
  }).returning("id").executeTakeFirstOrThrow()).id;
  await tx.insertInto("business_users").values({
    business_id: id,
    user_id: der,
    is_owner: true,
    is_employee: false,
    created_at: now,
  }).execute();
  return id;
}
