/**
 * A membership record for web tests (the account screens, the dashboard summary, the offline projection): an
 * active annual membership, with `attributes` overriding any field. Typed by the API contract, so a changed
 * record changes this fixture's type check too.
 */
import type { Membership } from "@api/contract";

export const membershipFixture = (attributes: Partial<Membership["attributes"]> = {}): Membership => ({
  id: 1,
  type: "membership",
  attributes: {
    type: "annual",
    created_at: "2026-06-15T12:00:00.000Z",
    expire_at: "2027-06-15",
    has_expiration: true,
    is_renewal: false,
    price_cents: 25000,
    failed: false,
    failure_reason: null,
    cancelled: false,
    cancelled_at: null,
    is_renewable: false,
    is_pending: false,
    is_paused: false,
    paused_at: null,
    pause_reason: null,
    autorenew: true,
    order_test: null,
    status: "active",
    expired: false,
    renewable_from: "2027-05-16",
    can_renew: false,
    can_pause: true,
    can_resume: false,
    can_cancel: true,
    can_update: false,
    pause_warning: null,
    pause_outlook: null,
    account_deletion_warning: false,
    account_deletion_at: null,
    ...attributes,
  },
  relationships: { user: { data: { id: 1, type: "user" } }, order: { data: null }, business: { data: null } },
});
