/**
 * Who may have a Letter of Compliance: the rule itself is pure and shared with the web
 * (`@apca/rules/compliance-status`, decision 0055); this file asks it about a user's memberships in the database.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import { canDownloadComplianceFrom } from "@apca/rules/compliance-status";
import { membershipFacts } from "./queries.ts";

/** A user's memberships with the facts the rules here need: the public face of compliance/queries.ts. */
export { membershipFacts };

export {
  canDownloadComplianceFrom,
  type CoverageStatus,
  coverageStatus,
  coveringMembership,
  earnsCompliance,
  type MembershipFacts,
} from "@apca/rules/compliance-status";

/** Whether the user may download (or be sent) a Letter of Compliance at `now`. */
export async function canDownloadCompliance(db: Kysely<DB>, userId: number, now: Date): Promise<boolean> {
  return canDownloadComplianceFrom(await membershipFacts(db, userId, now), now);
}
