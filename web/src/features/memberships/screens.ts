/**
 * Where a subject's membership screens are (features/payments/subject.ts says whose): the member's own under
 * /app/account/membership, a user's for an administrator, an employee's for the company.
 */
import type { Subject } from "../payments/subject.ts";

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
