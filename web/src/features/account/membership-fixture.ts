/** A membership record for web tests: an active annual membership, with `attributes` overriding any field. */
import type { Membership } from "./api.ts";

export const membershipFixture = (attributes: Partial<Membership["attributes"]> = {}): Membership => ({
  id: 1,
  type: "membership",
  attributes: {
    type: "annual",
    created_at: "2026-06-15T12:00:00.000Z",
    expire_at: "2027-06-15",
    has_expiration: true,
    failed: false,
    failure_reason: null,
    cancelled: false,
    is_pending: false,
    is_paused: false,
    paused_at: null,
    pause_reason: null,
    autorenew: true,
    status: "active",
    expired: false,
    renewable_from: "2027-05-16",
    can_renew: false,
    can_pause: true,
    can_resume: false,
    can_cancel: true,
    pause_warning: null,
    ...attributes,
  },
});
