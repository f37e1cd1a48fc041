/**
 * Merging two accounts of one person (issue 37, decision 0080): an administrator keeps one account and closes
 * the other. Each domain moves its own rows through its own function (decision 0046), all in one transaction:
 * memberships (not the failed ones, nor ended ones later than the kept account's running term), drug tests, orders (with their receipts and refunds), documents,
 * business links and the businesses the closed account represents, employee requests, notifications, the
 * registration progress and consents (the ones it gave, and the ones naming it by e-mail: decision 0092); the kept account takes the member number, the DER flag and the safety concern letter
 * it lacks. The closed account is minimised as a deletion is (decision 0024), its sessions end, its reset links
 * go and it says which account it was merged into, so the kept account's History shows its rows too. Saved
 * cards and random draws' candidates stay where they are (a card belongs to its account's customer at the
 * processor; a draw is verified against the ids it drew).
 *
 * Refused (409 MERGE_REFUSED, the reason in words) when both accounts have a running membership, when the
 * account to close is an administrator, when either is deleted, and when the kept account's latest membership
 * would not be its running one. The preview runs the very same merge in a transaction it rolls back, so what
 * it lists is what the merge does.
 */
import { revokeAllSessions } from "../auth/sessions.ts";
import { moveBusinessLinksOfUser } from "../businesses/merge.ts";
import { moveConsentsGivenBy, moveConsentsReceivedBy } from "../consents/merge.ts";
import { moveDocumentsOfUser } from "../documents/merge.ts";
import { moveDrugTestsOfUser } from "../drug-tests/merge.ts";
import { moveEmployeeRequestsOfUser } from "../employees/merge.ts";
import { audit } from "../lib/audit.ts";
import type { Actor, Deps } from "../lib/context.ts";
import { coverageDay } from "../lib/dates.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { moveMembershipsOfUser, runningMembershipsOn } from "../memberships/merge.ts";
import { moveNotificationsOfUser } from "../notifications/merge.ts";
import { moveOrdersOfUser } from "../orders/merge.ts";
import { deleteTokensOf } from "../password-reset/desk.ts";
import { cardCountOf } from "../payment-methods/merge.ts";
import { candidateCountOf } from "../randoms/merge.ts";
import { moveRegistrationOfUser } from "../registration/merge.ts";
import { adoptMergedAccount, closeMergedAccount, lockUser, mergeParties } from "../users/merge.ts";

/** The reasons a merge is refused, in the words the administrator reads (decision 0080). */
export const MERGE_MESSAGES = {
  merged: "Accounts Merged",
  same: "Choose another account: an account cannot be merged into itself.",
  deleted: (name: string) => `${name}'s account has been deleted: only live accounts can be merged.`,
  admin: (name: string) =>
    `${name} is an administrator: revoke their admin rights before closing their account in a merge.`,
  bothRunning: (keep: string, close: string) =>
    `Both accounts have a running membership (${keep} and ${close}). Cancel one of them, or wait until it ` +
    "ends, before merging.",
  notLatest: (close: string) =>
    `The running membership is on ${close}'s account, and the account to keep has a later membership: keep ` +
    `${close}'s account instead.`,
} as const;

type Party = Awaited<ReturnType<typeof mergeParties>>[number];
const nameOf = (p: Party) => `${p.first_name} ${p.last_name}`;

export interface MergeCounts {
  memberships: number;
  drug_tests: number;
  orders: number;
  documents: number;
  business_links: number;
  businesses_represented: number;
  employee_requests: number;
  notifications: number;
  registration: number;
  safety_letter: number;
  consents_given: number;
  consents_received: number;
}

export interface MergePlan {
  keep: Party;
  close: Party;
  moved: MergeCounts;
  /** What stays with the closed account. */
  stays: { cards: number; random_selections: number };
  /** The kept account's own fields that change, [before, after]. */
  changes: Record<string, [unknown, unknown]>;
}

/** Rolls the preview's transaction back, carrying its plan out. */
class Preview extends Error {
  constructor(readonly plan: MergePlan) {
    super("preview");
  }
}

async function parties(deps: Pick<Deps, "database">, keepId: number, closeId: number) {
  if (keepId === closeId) {
    throw new AppError("VALIDATION_FAILED", MERGE_MESSAGES.same, [{
      path: "close_user_id",
      message: MERGE_MESSAGES.same,
    }]);
  }
  const rows = await mergeParties(deps.database.db, [keepId, closeId]);
  const keep = rows.find((r) => r.id === keepId), close = rows.find((r) => r.id === closeId);
  if (!keep || !close) throw notFound("User");
  return { keep, close };
}

/** Everything a merge does, inside `trx`; throws MERGE_REFUSED (and the transaction rolls back) when refused. */
async function mergeWithin(
  trx: Parameters<typeof lockUser>[0],
  keepId: number,
  closeId: number,
  now: Date,
): Promise<MergePlan> {
  // Both rows locked in one order, so two merges (or a merge and a change) of the same pair queue up.
  for (const id of [keepId, closeId].sort((a, b) => a - b)) await lockUser(trx, id);
  const rows = await mergeParties(trx, [keepId, closeId]);
  const keep = rows.find((r) => r.id === keepId)!, close = rows.find((r) => r.id === closeId)!;
  const refuse = (message: string) => new AppError("MERGE_REFUSED", message);
  for (const p of [keep, close]) if (p.deleted_at) throw refuse(MERGE_MESSAGES.deleted(nameOf(p)));
  if (close.is_admin) throw refuse(MERGE_MESSAGES.admin(nameOf(close)));
  const today = coverageDay(now);
  const keepRunning = await runningMembershipsOn(trx, keepId, today);
  const closeRunning = await runningMembershipsOn(trx, closeId, today);
  if (keepRunning.length && closeRunning.length) {
    throw refuse(MERGE_MESSAGES.bothRunning(nameOf(keep), nameOf(close)));
  }
  const stays = {
    cards: await cardCountOf(trx, closeId),
    random_selections: await candidateCountOf(trx, closeId),
  };
  await closeMergedAccount(trx, closeId, keepId, now);
  await revokeAllSessions(trx, closeId, now);
  await deleteTokensOf(trx, closeId);
  const adopted = await adoptMergedAccount(trx, keep, close, now);
  // A term of the closed account later than the kept account's running one stays behind (decision 0080).
  const memberships = await moveMembershipsOfUser(trx, closeId, keepId, keepRunning[0]?.id);
  if (closeRunning.length) {
    const after = await runningMembershipsOn(trx, keepId, today);
    if (!after.some((m) => m.is_current)) throw refuse(MERGE_MESSAGES.notLatest(nameOf(close)));
  }
  const business = await moveBusinessLinksOfUser(trx, closeId, keepId, now);
  const moved: MergeCounts = {
    memberships,
    drug_tests: await moveDrugTestsOfUser(trx, closeId, keepId),
    orders: await moveOrdersOfUser(trx, closeId, keepId),
    documents: await moveDocumentsOfUser(trx, closeId, keepId),
    business_links: business.links,
    businesses_represented: business.represented,
    employee_requests: await moveEmployeeRequestsOfUser(trx, closeId, keepId),
    notifications: await moveNotificationsOfUser(trx, closeId, keepId),
    registration: await moveRegistrationOfUser(trx, closeId, keepId),
    safety_letter: adopted.letterMoved,
    consents_given: await moveConsentsGivenBy(trx, closeId, keepId),
    consents_received: await moveConsentsReceivedBy(trx, closeId, close.email, keepId),
  };
  return { keep, close, moved, stays, changes: adopted.changes };
}

/** What merging `closeId` into `keepId` would do, or why it is refused (`refusal`), changing nothing. */
export async function previewMerge(deps: Pick<Deps, "database" | "now">, keepId: number, closeId: number) {
  const { keep, close } = await parties(deps, keepId, closeId);
  try {
    await deps.database.db.transaction().execute(async (trx) => {
      throw new Preview(await mergeWithin(trx, keepId, closeId, deps.now()));
    });
  } catch (error) {
    if (error instanceof Preview) return toAnswer(error.plan, null);
    if (error instanceof AppError && error.code === "MERGE_REFUSED") {
      return toAnswer({ keep, close, moved: null, stays: null, changes: {} }, error.message);
    }
    throw error;
  }
  throw new Error("unreachable: the preview always rolls back");
}

/** Merges `closeId` into `keepId` and closes it; audited on both accounts with before → after. */
export async function mergeAccounts(
  deps: Pick<Deps, "database" | "now">,
  actor: Actor,
  keepId: number,
  closeId: number,
) {
  await parties(deps, keepId, closeId);
  const now = deps.now();
  const plan = await deps.database.db.transaction().execute(async (trx) => {
    const plan = await mergeWithin(trx, keepId, closeId, now);
    await audit(trx, {
      actor: actor.user.user_id,
      action: "accounts_merged",
      entity: "user",
      entityId: keepId,
      ip: actor.ip,
      detail: {
        closed_user_id: closeId,
        moved: plan.moved,
        stays_with_closed: plan.stays,
        changes: { ...plan.changes, merged_from: [null, closeId] },
      },
    });
    await audit(trx, {
      actor: actor.user.user_id,
      action: "account_merged_into",
      entity: "user",
      entityId: closeId,
      ip: actor.ip,
      detail: {
        kept_user_id: keepId,
        changes: {
          email: [plan.close.email, `deleted-user-${closeId}@deleted.invalid`],
          member_number: [plan.close.member_number, null],
          status: ["open", "closed"],
          merged_into_user_id: [null, keepId],
        },
      },
    });
    return plan;
  });
  return toAnswer(plan, null);
}

function person(p: Party) {
  return {
    id: p.id,
    full_name: nameOf(p),
    email: p.email,
    member_number: p.member_number,
  };
}

function toAnswer(
  plan: Omit<MergePlan, "moved" | "stays"> & { moved: MergeCounts | null; stays: MergePlan["stays"] | null },
  refusal: string | null,
) {
  return {
    keep: person(plan.keep),
    close: person(plan.close),
    refusal,
    moves: plan.moved,
    stays: plan.stays,
    changes: Object.entries(plan.changes).map(([field, [before, after]]) => ({
      field,
      before: before === null || before === undefined ? null : String(before),
      after: after === null || after === undefined ? null : String(after),
    })),
  };
}
