/**
 * A pause, resume or cancel from a membership screen, for any subject. The member's own change goes through
 * the offline outbox (offline/sync.ts: sent now when online, else queued with its Idempotency-Key); an
 * administrator's change to another user's membership is a plain request (nothing of it is kept on the
 * administrator's device), with its own Idempotency-Key. Either way a refusal throws the server's ApiError.
 */
import { cancelMembership, pauseMembership, resumeMembership } from "../../lib/membership.ts";
import type { Subject } from "../../lib/subject.ts";
import type { PauseBody } from "../../offline/db.ts";
import { type ChangeResult, submitChange } from "../../offline/sync.ts";

export type ChangeKind = "pause" | "resume" | "cancel";

export async function sendChange(
  subject: Subject,
  kind: ChangeKind,
  membershipId: number,
  body?: PauseBody,
): Promise<ChangeResult> {
  if (subject.kind === "self") return await submitChange(kind, body, membershipId);
  const key = crypto.randomUUID();
  const answer = kind === "pause"
    ? await pauseMembership(subject, body!, key)
    : kind === "resume"
    ? await resumeMembership(subject, key)
    : await cancelMembership(subject, key);
  return { queued: false, body: answer };
}
