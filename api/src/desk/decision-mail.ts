/**
 * The e-mail that tells a requester the administrators' decision on their change or request (issue 24,
 * decision 0059): approved, declined with the reason, linked or created, with the vessel or company named. It is
 * sent through the one mail outbox (integrations/mail) after the transaction that made the decision.
 */
import type { Deps } from "../lib/context.ts";
import { findNotification } from "../notifications/center.ts";
import { contactOf } from "../users/desk.ts";

/** What a decision says to the requester. */
export type Decision =
  | { kind: "approved" }
  | { kind: "declined"; reason: string }
  | { kind: "linked"; to: string }
  | { kind: "created"; what: string };

const SUBJECT: Record<string, string> = {
  UPDATE_USER: "your change of details",
  UPDATE_BUSINESS: "your change of company details",
  NEW_VESSEL: "your new vessel",
  UPDATE_VESSEL: "your vessel change",
  NEW_BUSINESS_REQUEST: "your company request",
  REGISTRATION: "your company request",
  NEW_EMPLOYEE_REQUEST: "your employee request",
};

/** What the request was about, in words (the vessel or company named). */
function aboutOf(type: string, meta: Record<string, unknown>): string {
  const what = SUBJECT[type] ?? "your request";
  if (type === "NEW_VESSEL" || type === "UPDATE_VESSEL") {
    return `${what} (${meta.vessel_name ?? "vessel"}${meta.business_name ? `, ${meta.business_name}` : ""})`;
  }
  if (type === "NEW_EMPLOYEE_REQUEST") {
    const user = (meta.user ?? {}) as { first_name?: string; last_name?: string };
    return `${what} to add ${user.first_name ?? ""} ${user.last_name ?? ""} to ${
      meta.company_name ?? "your company"
    }`
      .replace(/\s+/g, " ");
  }
  const company = meta.business_name ?? meta.company_name;
  return company ? `${what} (${company})` : what;
}

/** The e-mail of a decision: subject and text. */
export function decisionMail(
  firstName: string,
  type: string,
  meta: Record<string, unknown>,
  d: Decision,
): { subject: string; text: string } {
  const about = aboutOf(type, meta);
  const outcome = d.kind === "approved"
    ? `APCA approved ${about}.`
    : d.kind === "declined"
    ? `APCA declined ${about}.\n\nReason: ${d.reason}`
    : d.kind === "linked"
    ? `APCA settled ${about}: it is now linked to ${d.to}.`
    : `APCA settled ${about}: ${d.what} was created.`;
  const subject = d.kind === "declined" ? "Your APCA request was declined" : "Your APCA request was settled";
  return {
    subject,
    text: [`Hello ${firstName},`, "", outcome, "", "Questions? Reply to this e-mail or call the APCA office."]
      .join("\n"),
  };
}

/**
 * Tells the requester of notification `id` the decision, after the transaction that made it: the user who
 * asked (trigger), else the member it is about. A deleted account or a failed send does not undo the decision.
 */
export async function tellRequester(
  deps: Pick<Deps, "database" | "mailer" | "log">,
  id: number,
  d: Decision,
) {
  const { db } = deps.database;
  const n = await findNotification(db, id);
  const to = n?.trigger_user_id ?? n?.user_id;
  if (!n || !to) return;
  const who = await contactOf(db, to);
  if (!who) return;
  const mail = decisionMail(who.first_name, n.type, n.meta as Record<string, unknown>, d);
  try {
    await deps.mailer.send({ to: who.email, ...mail });
  } catch (error) {
    deps.log({
      level: "warn",
      event: "desk.decision_mail_failed",
      notification_id: id,
      error: String(error),
    });
  }
}
