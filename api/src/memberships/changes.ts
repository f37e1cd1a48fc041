/**
 * Changes to a running membership: pause, resume, cancel, and the administrators' expiry update. Each locks the
 * member's membership rows, re-derives the state inside the transaction and refuses a conflicting action with
 * 409 MEMBERSHIP_CONFLICT in words for people.
 */
import type { Transaction } from "kysely";
import type { DateString, DB } from "../db/types.ts";
import { audit, changedFields } from "../lib/audit.ts";
import type { Deps } from "../lib/context.ts";
import { coverageDay } from "../lib/dates.ts";
import type { MemberMeta } from "../notifications/kinds.ts";
import { markPausesResumed, notify } from "../notifications/notify.ts";
import { type ExpiryEdit, expiryEditOutcome } from "./expiry-edit.ts";
import { type Actor, check, type MembershipRecord, requireMember, toRecord } from "./record.ts";
import {
  cancelMemberships,
  closeOpenPauses,
  currentMembership,
  liveMemberships,
  lockMemberships,
  type Member,
  type MembershipRow,
  openPause,
  setExpiry,
} from "./queries.ts";

/** Runs `change` on the member's locked memberships and answers the membership afterwards. */
async function changeLocked(
  deps: Pick<Deps, "database" | "now">,
  userId: number,
  change: (trx: Transaction<DB>, member: Member, now: Date, today: DateString) => Promise<void>,
): Promise<MembershipRecord> {
  const { db } = deps.database;
  const member = await requireMember(db, userId);
  const now = deps.now();
  await db.transaction().execute(async (trx) => {
    await lockMemberships(trx, userId);
    await change(trx, member, now, coverageDay(now)); // the actions' checks: the coverage day
  });
  const row = await currentMembership(db, userId);
  return await toRecord(db, row!, now);
}

const memberMeta = (m: Member): MemberMeta => ({
  member_user_id: m.id,
  member_first_name: m.first_name,
  member_last_name: m.last_name,
  member_number: m.member_number,
});

/**
 * Pauses the membership (and any other term still running after an early renewal) and tells the
 * administrators (a MEMBERSHIP_PAUSED notification). `reason` is already the stored form: the free text for
 * 'Other'.
 */
export async function pauseMembership(
  deps: Pick<Deps, "database" | "now">,
  actor: Actor,
  userId: number,
  pause: { reason: string; otherReason: string | null },
): Promise<MembershipRecord> {
  return await changeLocked(deps, userId, async (trx, member, now, today) => {
    const current = check("pause", await currentMembership(trx, userId), today);
    let currentPauseId = 0;
    for (const m of await liveMemberships(trx, userId, today)) {
      if (m.type !== "annual") continue;
      const id = await openPause(trx, {
        membershipId: m.id,
        pausedAt: now,
        reason: pause.reason,
        otherReason: pause.otherReason,
        pausedBy: actor.user.user_id,
      });
      if (m.id === current.id) currentPauseId = id;
    }
    await notify(trx, {
      type: "MEMBERSHIP_PAUSED",
      meta: { ...memberMeta(member), reason: pause.reason, paused_at: now.toISOString(), resumed_at: null },
      triggerUserId: actor.user.user_id,
      userId,
      membershipId: current.id,
      membershipPauseId: currentPauseId,
      at: now,
    });
    await audit(trx, {
      actor: actor.user.user_id,
      action: "membership_paused",
      entity: "membership",
      entityId: current.id,
      ip: actor.ip,
      detail: {
        member_user_id: userId,
        reason: pause.reason,
        changes: changedFields({ paused: false, pause_reason: null }, {
          paused: true,
          pause_reason: pause.reason,
        }),
      },
    });
  });
}

/** Closes the member's open pauses at `now`; answers their ids (their notifications get resumed_at). */
async function closePauses(trx: Transaction<DB>, userId: number, actorId: number, now: Date) {
  const ids = await closeOpenPauses(trx, userId, actorId, now);
  await markPausesResumed(trx, ids, now);
  return ids;
}

/** Resumes a paused membership (only a paused one: anything else is a 409 saying why). */
export async function resumeMembership(
  deps: Pick<Deps, "database" | "now">,
  actor: Actor,
  userId: number,
  first?: (trx: Transaction<DB>, now: Date) => Promise<void>,
): Promise<MembershipRecord> {
  return await changeLocked(deps, userId, async (trx, _member, now, today) => {
    await first?.(trx, now); // the desk's check of its notification, in this transaction (decision 0049)
    const current = check("resume", await currentMembership(trx, userId), today);
    const pauses = await closePauses(trx, userId, actor.user.user_id, now);
    await audit(trx, {
      actor: actor.user.user_id,
      action: "membership_resumed",
      entity: "membership",
      entityId: current.id,
      ip: actor.ip,
      detail: {
        member_user_id: userId,
        pause_ids: pauses,
        changes: changedFields({ paused: true }, { paused: false }),
      },
    });
  });
}

/** What a caller adds to a cancellation, in its transaction (a company's cancellation, memberships/company.ts). */
export type WithinCancel = (trx: Transaction<DB>, cancelled: MembershipRow, now: Date) => Promise<void>;

/**
 * Cancels the membership now: coverage ends today, autorenewal stops, an open pause ends, the administrators
 * get a MEMBERSHIP_CANCELLED notification and the member a confirmation e-mail.
 */
export async function cancelMembership(
  deps: Pick<Deps, "config" | "database" | "now" | "mailer">,
  actor: Actor,
  userId: number,
  within?: WithinCancel,
): Promise<MembershipRecord> {
  let cancelledFor: Member | undefined;
  const answer = await changeLocked(deps, userId, async (trx, member, now, today) => {
    const current = check("cancel", await currentMembership(trx, userId), today);
    await within?.(trx, current, now);
    const ids = [...new Set([current.id, ...(await liveMemberships(trx, userId, today)).map((m) => m.id)])];
    await cancelMemberships(trx, userId, ids, actor.user.user_id, now);
    await closePauses(trx, userId, actor.user.user_id, now);
    await notify(trx, {
      type: "MEMBERSHIP_CANCELLED",
      meta: { ...memberMeta(member), cancelled_at: now.toISOString() },
      triggerUserId: actor.user.user_id,
      userId,
      membershipId: current.id,
      at: now,
    });
    await audit(trx, {
      actor: actor.user.user_id,
      action: "membership_cancelled",
      entity: "membership",
      entityId: current.id,
      ip: actor.ip,
      detail: {
        member_user_id: userId,
        membership_ids: ids,
        changes: changedFields(
          { cancelled: false, autorenew: current.autorenew },
          { cancelled: true, autorenew: false },
        ),
      },
    });
    cancelledFor = member;
  });
  if (cancelledFor) {
    await deps.mailer.send(
      cancellationMail(deps.config.publicUrl, cancelledFor, actor.user.user_id !== userId),
    );
  }
  return answer;
}

function cancellationMail(publicUrl: string, member: Member, byAdministrator: boolean) {
  return {
    to: member.email,
    subject: "Your APCA membership has been cancelled",
    text: `Hello ${member.first_name},\n\n` +
      (byAdministrator
        ? "An APCA administrator has cancelled your membership"
        : "As you asked, your APCA membership has been cancelled") +
      ". You are no longer enrolled in the APCA random drug-testing program, it will not renew, and no " +
      "further payment will be taken.\n\n" +
      `You can start a new membership at any time from ${publicUrl}/app/account/membership/new.\n\nAPCA`,
  };
}

/**
 * The administrators' update of the expiry (admin spec §2): refused for a failed or cancelled membership. An
 * expiry on the office day or earlier turns autorenew off, so the edit never leads to a charge (decision 0041).
 */
export async function updateMembership(
  deps: Pick<Deps, "config" | "database" | "now">,
  actor: Actor,
  userId: number,
  input: ExpiryEdit,
): Promise<MembershipRecord> {
  return await changeLocked(deps, userId, async (trx, _member, now, today) => {
    const current = check("update", await currentMembership(trx, userId), today);
    const outcome = expiryEditOutcome(current, input, now, deps.config.officeTimeZone);
    await setExpiry(trx, current.id, {
      hasExpiration: input.hasExpiration,
      expireAt: outcome.expire_at,
      autorenew: outcome.autorenew,
    });
    await audit(trx, {
      actor: actor.user.user_id,
      action: "membership_updated",
      entity: "membership",
      entityId: current.id,
      ip: actor.ip,
      detail: {
        member_user_id: userId,
        before: {
          expire_at: current.expire_at,
          has_expiration: current.has_expiration,
          autorenew: current.autorenew,
        },
        after: { expire_at: input.date, has_expiration: input.hasExpiration, autorenew: outcome.autorenew },
      },
    });
  });
}

/** What the update would do, for the form before saving (same checks as the update, nothing written). */
export async function previewMembershipUpdate(
  deps: Pick<Deps, "config" | "database" | "now">,
  userId: number,
  input: ExpiryEdit,
) {
  const { db } = deps.database;
  await requireMember(db, userId);
  const now = deps.now();
  const current = check("update", await currentMembership(db, userId), coverageDay(now));
  return expiryEditOutcome(current, input, now, deps.config.officeTimeZone);
}
