/**
 * Whose membership and cards a screen shows: the caller's own, an employee's of the caller's business, or
 * any user's for an administrator (issue 9 item 5). The membership screens are written once and take a
 * subject; this module says where each subject's screens live and which cache keys hold its data (its
 * calls, typed by path, are in lib/membership.ts and features/payments/payments.ts). An employee's membership is run by the
 * company (its owner, the DER): its calls are under /auth/business/{id}/employee/{eid} and it is paid with
 * the company's cards, not the member's.
 */
import type { ResourceKey } from "./resource-store.ts";

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

/** Cache keys: a mutation of the membership invalidates `membershipKey(subject)`, which holds the rest. */
export const membershipKey = (subject: Subject): ResourceKey => ["membership", subjectId(subject)];
export const historyKey = (subject: Subject, page: number, perPage: number): ResourceKey => [
  ...membershipKey(subject),
  "history",
  page,
  perPage,
];
/** An employee's membership is paid with the company's cards: every employee of a company shares them. */
export const cardsKey = (subject: Subject): ResourceKey =>
  subject.kind === "employee" ? ["cards", `business:${subject.businessId}`] : ["cards", subjectId(subject)];

/** Where the subject's membership screens are. */
export function screenBase(subject: Subject): string {
  switch (subject.kind) {
    case "self":
      return "/app/account/membership";
    case "user":
      return `/app/admin/users/${subject.userId}/membership`;
    case "employee":
      return `/app/member/businesses/${subject.businessId}/employee/${subject.employeeId}/membership`;
  }
}

export interface ScreenPaths {
  details: string;
  new: string;
  pause: string;
  resume: string;
  cancel: string;
  update: string;
  payments: string;
  addCard: string;
}

export function screenPaths(subject: Subject): ScreenPaths {
  const base = screenBase(subject);
  return {
    details: `${base}/details`,
    new: `${base}/new`,
    pause: `${base}/pause`,
    resume: `${base}/resume`,
    cancel: `${base}/cancel`,
    update: `${base}/update`,
    payments: `${base}/payments`,
    addCard: `${base}/payments/add`,
  };
}
