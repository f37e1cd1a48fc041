/**
 * The desk's decisions beyond one click (issue 24, decision 0059): declining a change, a company request or an
 * employee request with a reason; the bulk archive and the bulk acknowledgement of changes that need no
 * judgement; and the e-mail that tells the requester every decision, through the one mail outbox. Each item of
 * a bulk action runs in its own locked transaction (`onOpen`), so two administrators never apply one twice: the
 * second finds it processed and it is reported, not repeated.
 */
import type { Deps } from "../lib/context.ts";
import type { Actor } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { lockBusinessRequest, rejectBusinessRequest } from "../businesses/desk.ts";
import { lockEmployeeRequest, rejectEmployeeRequest } from "../employees/desk.ts";
import { decideAndArchive } from "../notifications/center.ts";
import { tellRequester } from "./decision-mail.ts";
import { CHANGES } from "./changes.ts";
import { alreadyProcessed, archive, onOpen } from "./service.ts";
import { NOTIFICATION_MESSAGES as M } from "./schemas.ts";

/** The notification types that can be declined with a reason. */
export const DECLINABLE = [
  ...CHANGES,
  "NEW_BUSINESS_REQUEST",
  "NEW_EMPLOYEE_REQUEST",
  "REGISTRATION",
] as const;

/**
 * Declines with a reason: a change is refused (nothing applies), a company or employee request is rejected;
 * the notification is decided, archived with the reason, and the requester is told. A registration's company
 * request is declined on the registration's notification, which stays open (the member is still registered).
 */
export async function decline(deps: Deps, actor: Actor, id: number, reason: string) {
  await onOpen(deps, actor, id, DECLINABLE, "decline", async (trx, n, at) => {
    const by = actor.user.user_id;
    if (n.type === "NEW_BUSINESS_REQUEST" || n.type === "REGISTRATION") {
      const request = await lockBusinessRequest(trx, n);
      if (!request) throw new AppError("CONFLICT", M.noRequest);
      if (request.status !== "pending" || !await rejectBusinessRequest(trx, request.id, { by, at })) {
        throw alreadyProcessed();
      }
      if (n.type === "REGISTRATION") {
        if (request.notification_id) {
          await decideAndArchive(trx, request.notification_id, { approved: false, by, at, reason });
        }
        return;
      }
    } else if (n.type === "NEW_EMPLOYEE_REQUEST") {
      const request = await lockEmployeeRequest(trx, id);
      if (!request) throw new AppError("CONFLICT", M.noEmployeeRequest);
      if (request.status !== "pending" || !await rejectEmployeeRequest(trx, request.id, { by, at })) {
        throw alreadyProcessed();
      }
    } else if (n.approved !== null) throw alreadyProcessed();
    if (!await decideAndArchive(trx, id, { approved: false, by, at, reason })) throw alreadyProcessed();
  });
  await tellRequester(deps, id, { kind: "declined", reason });
  return M.declined;
}

/** One item's outcome in a bulk action. */
export interface BulkOutcome {
  id: number;
  ok: boolean;
  code?: string;
  message: string;
}

/**
 * Archives (or acknowledges, `approve`) each notification in its own locked transaction. An item another
 * administrator processed first answers ALREADY_PROCESSED; a change that waits for a decision is never approved
 * in bulk (409 CONFLICT). Nothing is applied twice, and one item's refusal does not stop the others.
 */
export async function bulk(deps: Deps, actor: Actor, action: "archive" | "approve", ids: number[]) {
  const outcomes: BulkOutcome[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      const message = action === "archive"
        ? await archive(deps, actor, id)
        : await acknowledge(deps, actor, id);
      outcomes.push({ id, ok: true, message });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes.push({ id, ok: false, code: error.code, message: error.message });
    }
  }
  const done = outcomes.filter((o) => o.ok).length;
  const verb = action === "archive" ? "Archived" : "Approved";
  return {
    data: outcomes,
    message: `${verb} ${done} of ${outcomes.length} notification${outcomes.length === 1 ? "" : "s"}`,
  };
}

/** Approves a change that applied when it was made (no judgement needed); the requester is told. */
async function acknowledge(deps: Deps, actor: Actor, id: number) {
  await onOpen(deps, actor, id, CHANGES, "approve", async (trx, n, at) => {
    if (n.approved !== null) throw alreadyProcessed();
    const meta = n.meta as { awaiting_approval?: boolean };
    if (meta.awaiting_approval) throw new AppError("CONFLICT", M.needsReview);
    if (!await decideAndArchive(trx, id, { approved: true, by: actor.user.user_id, at })) {
      throw alreadyProcessed();
    }
  });
  await tellRequester(deps, id, { kind: "approved" });
  return M.approved;
}
