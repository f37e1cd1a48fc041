/**
 * A member's change of their own details (decision 0027, following 0021's split): phone and address only say
 * how to reach the member and apply at once, reported by an UPDATE_USER with awaiting_approval false; names,
 * e-mail (the sign-in), USCG credential and SSN digits identify the donor on the custody form and wait for
 * APCA in an UPDATE_USER with awaiting_approval true, stored only in the notification until an administrator
 * decides. While one waits, further changes answer 409 with the reason, and the member sees what is pending.
 */
import type { z } from "zod";
import { audit } from "../lib/audit.ts";
import type { Actor, Deps, SessionUser } from "../lib/context.ts";
import { AppError, invalid, notFound } from "../lib/errors.ts";
import { USER_CHANGE_FIELDS, type UserChange, type UserChangeField } from "../notifications/kinds.ts";
import { notify } from "../notifications/notify.ts";
import { REGISTRATION_MESSAGES } from "@apca/rules/messages/registration";
import {
  emailUsedByOther,
  findUserFor,
  findUserRow,
  lockUser,
  openUserChange,
  updateUserFields,
} from "./queries.ts";
import { PROFILE_MESSAGES, type ProfileUpdateBody } from "./schemas.ts";

const fieldsThat = (how: "identity" | "contact") =>
  (Object.keys(USER_CHANGE_FIELDS) as UserChangeField[]).filter((k) => USER_CHANGE_FIELDS[k] === how);
/** They identify the donor (custody form, Letter of Compliance, sign-in): they wait for approval. */
export const IDENTITY_FIELDS = fieldsThat("identity");
/** They only say how to reach the member: they apply at once and are reported. */
export const CONTACT_FIELDS = fieldsThat("contact");

/** Fails to compile when the profile form (ssn sent, its last 4 digits stored) and that list disagree. */
type Proposed = Exclude<keyof z.infer<typeof ProfileUpdateBody>, "ssn"> | "ssn_last4";
type Same = [Proposed] extends [UserChangeField] ? [UserChangeField] extends [Proposed] ? true : never
  : never;
export const PROFILE_FORM_MATCHES_CHANGE_FIELDS: Same = true;

type Values = Record<string, unknown>;
const pick = (o: Values, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => keys.includes(k)));

/** The member's record and the change waiting for APCA, as GET and PUT /auth/account/profile answer them. */
export async function profileOf(deps: Pick<Deps, "database">, user: SessionUser) {
  const { db } = deps.database;
  const data = await findUserFor(db, user, user.user_id);
  if (!data) throw notFound("User");
  const open = await openUserChange(db, user.user_id);
  const meta = open?.meta as { changes?: Values; previous?: Values } | undefined;
  return {
    data,
    pending_request: open
      ? {
        notification_id: open.id,
        changes: meta?.changes ?? {},
        previous: meta?.previous ?? {},
        created_at: open.created_at.toISOString(),
      }
      : null,
  };
}

export async function updateOwnProfile(
  deps: Pick<Deps, "database" | "now">,
  actor: Actor,
  input: z.infer<typeof ProfileUpdateBody>,
) {
  const { db } = deps.database;
  const { user } = actor;
  const row = await findUserRow(db, user.user_id);
  if (!row) throw notFound("User");
  const { ssn, ...rest } = input;
  const proposed: Values = { ...rest, ...(ssn === undefined ? {} : { ssn_last4: ssn }) };
  const changes: Values = {};
  const previous: Values = {};
  for (const [k, v] of Object.entries(proposed)) {
    if (v === undefined || (row as Values)[k] === v) continue;
    changes[k] = v;
    previous[k] = (row as Values)[k] ?? null;
  }
  if (!Object.keys(changes).length) throw new AppError("VALIDATION_FAILED", PROFILE_MESSAGES.nothingToChange);
  if (typeof changes.email === "string" && await emailUsedByOther(db, changes.email, user.user_id)) {
    throw invalid("email", REGISTRATION_MESSAGES.emailTaken);
  }
  const identity = pick(changes, IDENTITY_FIELDS);
  const contact = pick(changes, CONTACT_FIELDS);

  await db.transaction().execute(async (trx) => {
    await lockUser(trx, user.user_id);
    if (Object.keys(identity).length && await openUserChange(trx, user.user_id)) {
      throw new AppError("CONFLICT", PROFILE_MESSAGES.changePending);
    }
    const report = async (fields: Values, awaiting: boolean) => {
      if (!Object.keys(fields).length) return;
      await notify(trx, {
        type: "UPDATE_USER",
        triggerUserId: user.user_id,
        userId: user.user_id,
        businessId: null,
        at: deps.now(),
        meta: {
          business_id: null,
          business_name: null,
          vessel_name: null,
          member_user_id: user.user_id,
          member_first_name: row.first_name,
          member_last_name: row.last_name,
          changes: fields as UserChange,
          previous: pick(previous, Object.keys(fields)) as UserChange,
          awaiting_approval: awaiting,
        },
      });
    };
    if (Object.keys(contact).length) await updateUserFields(trx, user.user_id, contact);
    await report(contact, false);
    await report(identity, true);
    await audit(trx, {
      actor: user.user_id,
      action: "user.profile.update",
      entity: "user",
      entityId: user.user_id,
      detail: { applied: Object.keys(contact), awaiting_approval: Object.keys(identity) },
      ip: actor.ip,
    });
  });
  return {
    ...await profileOf(deps, user),
    applied: Object.keys(contact),
    awaiting_approval: Object.keys(identity),
  };
}
