/**
 * Whose membership and cards a screen shows: the caller's own, an employee's of the caller's business, or
 * any user's for an administrator (issue 9 item 5). The membership screens are written once and take a
 * subject; this module names the subject and the cache key of its cards (the cards' calls, typed by path, are
 * in payments.ts; the membership's calls and keys in features/memberships/api.ts, its screens' addresses in
 * features/memberships/screens.ts). An employee's membership is run by the company (its owner, the DER): its
 * calls are under /auth/business/{id}/employee/{eid} and it is paid with the company's cards, not the
 * member's. Here, in the payments feature at the bottom of the features' graph, because every feature that
 * shows a subject's membership or pays for one uses it (decision 0054).
 */
import type { ResourceKey } from "../../lib/resource-store.ts";

export type Subject =
  | { kind: "self" }
  | { kind: "employee"; businessId: number; employeeId: number }
  | { kind: "user"; userId: number };

export const SELF: Subject = { kind: "self" };

/** The route families of the membership screens, and the route parameters each reads its subject from. */
export type SubjectFamily = Subject["kind"];

/** The subject named by a route's parameters (`:id`, `:eid`). */
export function subjectOf(family: SubjectFamily, params: Partial<Record<string, string>>): Subject {
  if (family === "self") return SELF;
  if (family === "user") return { kind: "user", userId: Number(params.id) };
  return { kind: "employee", businessId: Number(params.id), employeeId: Number(params.eid) };
}

/**
 * Whose cards a company pays with: its cards are the same for every employee subject of the company (only
 * `businessId` addresses them), so the compliance kit's card form names the company this way.
 */
export const companyCards = (businessId: number): Subject => ({
  kind: "employee",
  businessId,
  employeeId: 0,
});

/** A short stable name for cache keys: "self", "user:7", "employee:3:12". */
export function subjectId(subject: Subject): string {
  switch (subject.kind) {
    case "self":
      return "self";
    case "user":
      return `user:${subject.userId}`;
    case "employee":
      return `employee:${subject.businessId}:${subject.employeeId}`;
  }
}

/** An employee's membership is paid with the company's cards: every employee of a company shares them. */
export const cardsKey = (subject: Subject): ResourceKey =>
  subject.kind === "employee" ? ["cards", `business:${subject.businessId}`] : ["cards", subjectId(subject)];
