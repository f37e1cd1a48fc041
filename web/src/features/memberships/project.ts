/**
 * The membership as it will be once the queued changes are sent: the screens show this, so a member who
 * paused at sea sees "Paused" and is offered Resume, not Pause again. The same rules as the server
 * (api/src/memberships/state.ts); a change the server would refuse leaves the projection as it was, and the
 * server's answer decides in the end. A membership saved before its expiry date and read after it (offline at
 * sea) shows as expired: the shared rule (`@apca/rules/membership-state`) on the server's coverage day.
 */
import type { Membership } from "@api/contract";
import { coverageDay } from "@apca/rules/dates";
import { membershipState } from "@apca/rules/membership-state";
import type { QueuedChange } from "../../offline/db.ts";

type Attributes = Membership["attributes"];

/** A running membership whose expiry date has passed since it was saved: as the shared state rule says. */
function expiredSince(m: Attributes, now: Date): Attributes {
  if (m.status !== "active" && m.status !== "paused") return m;
  const state = membershipState({
    type: m.type,
    expire_at: m.expire_at,
    pending: false,
    failed: false,
    cancelled: false,
    autorenew: m.autorenew,
    paused: m.status === "paused",
  }, coverageDay(now));
  if (state.status !== "expired") return m;
  return { ...m, ...state, paused_at: null, pause_reason: null };
}

export function project(
  membership: Membership | null,
  changes: readonly QueuedChange[],
  now: Date,
): Membership | null {
  if (!membership) return membership;
  const saved = membership.attributes;
  let m = expiredSince(saved, now);
  for (const change of changes) {
    if (change.kind === "pause" && m.can_pause) {
      m = {
        ...m,
        status: "paused",
        is_paused: true,
        pause_reason: change.body?.other_reason || change.body?.reason || null,
        paused_at: change.queued_at,
        can_pause: false,
        can_resume: true,
        can_cancel: true,
        can_renew: false,
      };
    } else if (change.kind === "resume" && m.can_resume) {
      m = {
        ...m,
        status: "active",
        is_paused: false,
        paused_at: null,
        pause_reason: null,
        can_pause: m.type === "annual",
        can_resume: false,
        can_cancel: true,
      };
    } else if (change.kind === "cancel" && m.can_cancel) {
      m = {
        ...m,
        status: "cancelled",
        cancelled: true,
        is_paused: false,
        autorenew: false,
        can_pause: false,
        can_resume: false,
        can_cancel: false,
        can_renew: true,
      };
    }
  }
  return m === saved ? membership : { ...membership, attributes: m };
}
