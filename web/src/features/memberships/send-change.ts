/**
 * A pause, resume or cancel from a membership screen, for any subject. The member's own change goes through
 * the offline outbox (offline/sync.ts: sent now when online, else queued with its Idempotency-Key); an
 * administrator's change to another user's membership is a plain request (nothing of it is kept on the
 * administrator's device), with its own Idempotency-Key. Either way a refusal throws the server's ApiError.
 */
import type { PauseBody } from "../../offline/db.ts";
import { type ChangeResult, submitChange } from "../../offline/sync.ts";
import type { Subject } from "../payments/subject.ts";
import { cancelMembership, pauseMembership, resumeMembership } from "./api.ts";

export type ChangeKind = "pause" | "resume" | "cancel";

export async function sendChange(
  subject: Subject,
  kind: ChangeKind,
  membershipId: number,
  body?: PauseBody,
): Promise<ChangeResult> {
  // A plain request with a fresh key: another user's change, or the member's own where there is no outbox.
  const direct = () => {
    const key = crypto.randomUUID();
    return kind === "pause"
      ? pauseMembership(subject, body!, key)
      : kind === "resume"
      ? resumeMembership(subject, key)
      : cancelMembership(subject, key);
  };
  if (subject.kind === "self") return await submitChange(kind, body, membershipId, direct);
  return { queued: false, body: await direct() };
}
