/**
 * What the admin user page says first (issue 24 item 3, decision 0069): the one next action for this person,
 * and where each warning is fixed. The first blocker wins: a company request waiting, no business, a primary
 * business not set up in i3; then the membership's own state.
 */
export interface UserFlags {
  id: number | string;
  has_pending_company_request: boolean;
  pending_request_notification_id: number | null;
  is_attached_business: boolean;
  is_primary_business_setup: boolean;
  primary_business_id: number | null;
}

export type MembershipState = "failed" | "pending" | "cancelled" | "expired" | "paused" | "active" | null;

export interface NextAction {
  label: string;
  href: string;
}

/** Where each warning of the page is fixed. */
export function fixes(u: UserFlags) {
  const base = `/app/admin/users/${u.id}`;
  return {
    companyRequest: u.pending_request_notification_id
      ? `/app/admin/notifications/${u.pending_request_notification_id}/business/review`
      : "/app?category=changes",
    attach: `${base}?tab=businesses`,
    primary: u.primary_business_id
      ? `/app/admin/businesses/${u.primary_business_id}`
      : `${base}?tab=businesses`,
  };
}

export function nextAction(u: UserFlags, membership: MembershipState): NextAction {
  const base = `/app/admin/users/${u.id}`;
  const fix = fixes(u);
  if (u.has_pending_company_request) return { label: "Review the company request", href: fix.companyRequest };
  if (!u.is_attached_business) return { label: "Attach to a business", href: fix.attach };
  if (!u.is_primary_business_setup) return { label: "Set up the primary business in i3", href: fix.primary };
  switch (membership) {
    case null:
      return { label: "Set up a membership", href: `${base}/membership/new` };
    case "expired":
    case "cancelled":
    case "failed":
      return { label: "Renew the membership", href: `${base}/membership/new` };
    case "paused":
      return { label: "Resume the membership", href: `${base}/membership/details` };
    case "pending":
      return { label: "Check the pending payment", href: `${base}/membership/details` };
    default:
      return { label: "Membership details", href: `${base}/membership/details` };
  }
}
