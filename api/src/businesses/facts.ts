/**
 * What higher domains record on a business (decision 0051): its i3 set-up (drug-tests asks i3 and tells the
 * business how it went) and its compliance kit (compliance-kit, once the kit is paid). Only businesses writes
 * its row (decision 0046); the callers pass their own transaction.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import { markComplianceKit, markI3SetUp, markI3SetUpFailed } from "./queries.ts";

/** The business is set up in i3 under `locationCode`: recorded with when, and a failure recorded before cleared. */
export async function recordI3SetUp(db: Kysely<DB>, businessId: number, locationCode: string, at: Date) {
  await markI3SetUp(db, businessId, locationCode, at);
}

/** i3 refused the set-up: what it said and when, for the administrators to see and resend. */
export async function recordI3SetUpFailed(db: Kysely<DB>, businessId: number, error: string, at: Date) {
  await markI3SetUpFailed(db, businessId, error, at);
}

/** The company has the compliance kit (its payment went through). */
export async function recordComplianceKit(db: Kysely<DB>, businessId: number) {
  await markComplianceKit(db, businessId);
}
