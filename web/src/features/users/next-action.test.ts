import assert from "node:assert/strict";
import { fixes, nextAction, type UserFlags } from "./next-action.ts";

const ok: UserFlags = {
  id: 7,
  has_pending_company_request: false,
  pending_request_notification_id: null,
  is_attached_business: true,
  is_primary_business_setup: true,
  primary_business_id: 3,
};

Deno.test("the user page's next action: the first blocker, then the membership's state", () => {
  assert.deepStrictEqual(
    nextAction({ ...ok, has_pending_company_request: true, pending_request_notification_id: 41 }, null),
    {
      label: "Review the company request",
      href: "/app/admin/notifications/41/business/review",
    },
  );
  assert.equal(
    nextAction({ ...ok, is_attached_business: false }, "active").href,
    "/app/admin/users/7?tab=businesses",
  );
  assert.deepStrictEqual(nextAction({ ...ok, is_primary_business_setup: false }, "active"), {
    label: "Set up the primary business in i3",
    href: "/app/admin/businesses/3",
  });
  assert.equal(nextAction(ok, null).label, "Set up a membership");
  assert.equal(nextAction(ok, "expired").href, "/app/admin/users/7/membership/new");
  assert.equal(nextAction(ok, "paused").label, "Resume the membership");
  assert.equal(nextAction(ok, "active").href, "/app/admin/users/7/membership/details");
});

Deno.test("every warning links to where it is fixed", () => {
  assert.deepStrictEqual(fixes({ ...ok, pending_request_notification_id: 41, primary_business_id: null }), {
    companyRequest: "/app/admin/notifications/41/business/review",
    attach: "/app/admin/users/7?tab=businesses",
    primary: "/app/admin/users/7?tab=businesses",
  });
});
