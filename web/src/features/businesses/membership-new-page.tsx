/**
 * /app/member/businesses/{id}/membership/new: a member's membership belongs to the member, whichever company
 * they work for (a member in two companies is two relationships, one membership), so starting it from a
 * business is starting their own: the shared membership screen at /app/account/membership/new.
 */
import { Redirect } from "wouter";

export default function StartBusinessMembershipPage() {
  return <Redirect to="/app/account/membership/new" replace />;
}
