/**
 * The administrators' account actions on a user (admin spec §2 user detail, §6): the detail with every flag of
 * §3 User, create and edit, admin rights, deletion, a reset e-mail, a new password. Every action is audited in
 * the transaction that makes it (decision 0030). They cross domains (compliance, password-reset, businesses,
 * memberships), so they live in the desk, above every domain (decision 0050); users keeps the account itself.
 */
import { hashPassword } from "../auth/passwords.ts";
import { revokeAllSessions } from "../auth/sessions.ts";
import { canDownloadCompliance } from "../compliance/status.ts";
import type { Deps, SessionUser } from "../lib/context.ts";
import { audit, changedFields } from "../lib/audit.ts";
import { addDays, coverageDay, startOfDayIn, termLapsed } from "../lib/dates.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { REGISTRATION_MESSAGES } from "@apca/rules/messages/registration";
import { mailResetLinkTo } from "../password-reset/service.ts";
import { memberNumber } from "../registration/desk.ts";
import {
  countAdmins,
  emailInUse,
  findSafetyLetter,
  findUserRowFor,
  listUsers,
  runningMemberships,
  setAdmin,
  setPasswordHash,
  toUserRecord,
  updateProfile,
  userFacts,
} from "../users/desk.ts";
import { USER_MESSAGES, type UserListParams, type UserProfileInput } from "../users/schemas.ts";
import { insertUser } from "../users/service.ts";
import { deleteAccount } from "./users-deletion.ts";

type Ctx = { deps: Deps; actor: SessionUser; ip: string | null };

const emailTaken = () =>
  new AppError("EMAIL_TAKEN", REGISTRATION_MESSAGES.emailTaken, [
    { path: "email", message: REGISTRATION_MESSAGES.emailTaken },
  ]);

/**
 * The users list with its filters (issue 37, decision 0082): the membership status is read on today's coverage
 * day and the joined days are the office's, `joined_to` inclusive, both from the injected clock and settings.
 */
export async function userList(deps: Pick<Deps, "database" | "now" | "config">, q: UserListParams) {
  const tz = deps.config.officeTimeZone;
  return await listUsers(deps.database.db, {
    ...q,
    today: coverageDay(deps.now()),
    businessId: q.business_id,
    joinedFrom: q.joined_from ? startOfDayIn(q.joined_from, tz) : undefined,
    joinedBefore: q.joined_to ? startOfDayIn(addDays(q.joined_to, 1), tz) : undefined,
  });
}

/** The user as `viewer` may see them, with the flags of admin spec §3 User; null answers 404. */
export async function userDetail(deps: Pick<Deps, "database" | "now">, viewer: SessionUser, id: number) {
  const { db } = deps.database;
  const row = await findUserRowFor(db, viewer, id);
  if (!row) return null;
  const now = deps.now();
  const [facts, memberships, letter, compliance] = await Promise.all([
    userFacts(db, id, viewer.user_id),
    runningMemberships(db, id),
    findSafetyLetter(db, id),
    canDownloadCompliance(db, id, now),
  ]);
  const running = memberships.filter((m) => !termLapsed(m.expire_at, now));
  const deleted = row.deleted_at !== null;
  const base = toUserRecord(row);
  return {
    ...base,
    attributes: {
      ...base.attributes,
      // Decision 0030: an account that still matters to someone else (an administrator, a company's DER, a
      // running membership) is not deleted from here; yours neither.
      can_delete: !deleted && !row.is_admin && !facts.owns_business && running.length === 0 &&
        viewer.user_id !== id,
      can_download_compliance: !deleted && compliance,
      is_membership_annual: !deleted && running.some((m) => m.type === "annual"),
      has_pending_company_request: Boolean(facts.pending_company_request),
      pending_request_notification_id: facts.pending_request_notification_id ?? null,
      primary_business_id: facts.primary_business_id ?? null,
      is_attached_business: Boolean(facts.attached),
      is_primary_business_setup: Boolean(facts.primary_setup),
      has_duplicate: !deleted && Boolean(facts.duplicate),
      _deleted: deleted,
      safety_document: letter
        ? {
          filename: letter.filename,
          byte_size: letter.byte_size,
          created_at: letter.created_at.toISOString(),
        }
        : null,
    },
  };
}

async function mustDetail(deps: Pick<Deps, "database" | "now">, actor: SessionUser, id: number) {
  const detail = await userDetail(deps, actor, id);
  if (!detail) throw notFound("User");
  return detail;
}

/** The live user or 404; a deleted account answers 409 with the restore text. */
async function liveDetail(deps: Pick<Deps, "database" | "now">, actor: SessionUser, id: number) {
  const detail = await mustDetail(deps, actor, id);
  if (detail.attributes._deleted) throw new AppError("CONFLICT", USER_MESSAGES.alreadyDeleted);
  return detail;
}

export async function createUser(ctx: Ctx, input: UserProfileInput & { password: string }) {
  const { password, ...profile } = input;
  const { db } = ctx.deps.database;
  if (await emailInUse(db, profile.email)) throw emailTaken();
  const passwordHash = await hashPassword(password);
  const id = await db.transaction().execute(async (trx) => {
    const id = await insertUser(trx, { ...profile, password_hash: passwordHash }, memberNumber);
    await audit(trx, {
      actor: ctx.actor.user_id,
      action: "user_created",
      entity: "user",
      entityId: id,
      ip: ctx.ip,
    });
    return id;
  });
  return await mustDetail(ctx.deps, ctx.actor, id);
}

export async function updateUser(ctx: Ctx, id: number, input: UserProfileInput) {
  const current = await liveDetail(ctx.deps, ctx.actor, id);
  const { db } = ctx.deps.database;
  if (await emailInUse(db, input.email, id)) throw emailTaken();
  await db.transaction().execute(async (trx) => {
    await updateProfile(trx, id, { ...input, updated_at: ctx.deps.now() });
    // Before → after for each field the save changed (issue 37); the SSN is only ever its last 4 digits.
    const changes = changedFields(current.attributes as Record<string, unknown>, input);
    await audit(trx, {
      actor: ctx.actor.user_id,
      action: "user_updated",
      entity: "user",
      entityId: id,
      detail: { fields: Object.keys(changes), changes },
      ip: ctx.ip,
    });
  });
  return await mustDetail(ctx.deps, ctx.actor, id);
}

/** Grants or revokes admin rights; an administrator never revokes their own (so never the last one's). */
export async function setAdminRights(ctx: Ctx, id: number, admin: boolean) {
  const current = await liveDetail(ctx.deps, ctx.actor, id);
  const { db } = ctx.deps.database;
  await db.transaction().execute(async (trx) => {
    if (!admin && id === ctx.actor.user_id) {
      const others = (await countAdmins(trx)) - 1;
      throw new AppError("CONFLICT", others > 0 ? USER_MESSAGES.ownAdmin : USER_MESSAGES.lastAdmin);
    }
    await setAdmin(trx, id, admin, ctx.deps.now());
    const was = (current.attributes.roles as readonly string[]).includes("admin");
    await audit(trx, {
      actor: ctx.actor.user_id,
      action: admin ? "admin_granted" : "admin_revoked",
      entity: "user",
      entityId: id,
      detail: { changes: changedFields({ admin: was }, { admin }) },
      ip: ctx.ip,
    });
  });
  return await mustDetail(ctx.deps, ctx.actor, id);
}

/** Deletes the account as decision 0024 does (records kept, sign-in and contact details gone). */
export async function deleteUser(ctx: Ctx, id: number) {
  const detail = await liveDetail(ctx.deps, ctx.actor, id);
  if (id === ctx.actor.user_id) throw new AppError("CONFLICT", USER_MESSAGES.deleteSelf);
  if (!detail.attributes.can_delete) throw new AppError("CONFLICT", USER_MESSAGES.cannotDelete);
  const now = ctx.deps.now();
  await ctx.deps.database.db.transaction().execute(async (trx) => {
    const removed = await deleteAccount(
      trx,
      id,
      { now, timeZone: ctx.deps.config.officeTimeZone },
      "deleted_by_administrator",
    );
    await audit(trx, {
      actor: ctx.actor.user_id,
      action: "account_deleted",
      entity: "user",
      entityId: id,
      detail: { reason: "deleted_by_administrator", removed },
      ip: ctx.ip,
    });
  });
}

export async function emailPasswordReset(ctx: Ctx, id: number) {
  const detail = await liveDetail(ctx.deps, ctx.actor, id);
  await mailResetLinkTo(
    ctx.deps,
    { id, email: detail.attributes.email, first_name: detail.attributes.first_name },
    ctx.actor.user_id,
    ctx.ip,
  );
}

/** Sets a new password; the user's sessions end, as after a reset. */
export async function setUserPassword(ctx: Ctx, id: number, password: string) {
  await liveDetail(ctx.deps, ctx.actor, id);
  const hash = await hashPassword(password);
  const now = ctx.deps.now();
  await ctx.deps.database.db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, id, hash, now);
    if (id !== ctx.actor.user_id) await revokeAllSessions(trx, id, now);
    await audit(trx, {
      actor: ctx.actor.user_id,
      action: "password_set_by_admin",
      entity: "user",
      entityId: id,
      ip: ctx.ip,
    });
  });
}

export { liveDetail };
