import assert from "node:assert/strict";
import type { Membership, MembershipHistoryRow } from "@api/contract";
import { membershipFixture } from "./membership-fixture.ts";
import {
  autorenewWords,
  historyChips,
  membershipActions,
  membershipChips,
  membershipWords,
  renewalBlocked,
} from "./membership-view.ts";
import { SELF } from "../payments/subject.ts";
import { screenPaths } from "./screens.ts";

const membership = membershipFixture;
const PATHS = screenPaths(SELF);
const keys = (m: Membership | null) => membershipActions(m, PATHS).map((a) => a.key);
const day = (d: string) => `<${d}>`;

Deno.test("actions follow the server's flags", () => {
  assert.deepEqual(membershipActions(null, PATHS), [
    { key: "renew", label: "Start Membership", href: PATHS.new, primary: true },
  ]);
  assert.deepEqual(keys(membership({})), ["pause", "cancel"]);
  assert.deepEqual(
    keys(membership({ status: "paused", is_paused: true, can_pause: false, can_resume: true })),
    ["resume", "cancel"],
  );
  assert.deepEqual(
    keys(membership({ status: "cancelled", can_pause: false, can_cancel: false, can_renew: true })),
    ["renew"],
  );
  const renewable = membershipActions(membership({ can_renew: true }), PATHS);
  assert.deepEqual(renewable.map((a) => [a.key, a.primary ?? false]), [
    ["renew", true],
    ["pause", false],
    ["cancel", false],
  ]);
});

Deno.test("chips: the status, and Auto-renews while it renews itself", () => {
  assert.deepEqual(membershipChips(membership({}).attributes).map((c) => c.label), ["Active", "Auto-renews"]);
  assert.deepEqual(
    membershipChips(membership({ status: "failed", autorenew: false }).attributes).map((
      c,
    ) => [c.label, c.tone]),
    [["Failed", "danger"]],
  );
});

Deno.test("history chips: Failed and Cancelled, otherwise the row's status", () => {
  const row = (a: Partial<MembershipHistoryRow["attributes"]>): MembershipHistoryRow["attributes"] => ({
    type: "annual",
    created_at: "2026-01-01T00:00:00Z",
    expire_at: "2027-01-01",
    has_expiration: true,
    is_renewal: false,
    price_cents: 25000,
    failed: false,
    cancelled: false,
    expired: false,
    status: "active",
    order_number: null,
    ...a,
  });
  assert.deepEqual(historyChips(row({ failed: true, status: "failed" })).map((c) => c.label), ["Failed"]);
  assert.deepEqual(historyChips(row({ cancelled: true, status: "cancelled" })).map((c) => c.label), [
    "Cancelled",
  ]);
  assert.deepEqual(historyChips(row({ status: "expired", expired: true })).map((c) => c.label), ["Expired"]);
});

Deno.test("renewal: offered without a membership or when can_renew, otherwise says why", () => {
  assert.equal(renewalBlocked(null, day), null);
  assert.equal(renewalBlocked(membership({ can_renew: true }), day), null);
  assert.equal(
    renewalBlocked(membership({}), day),
    "Your membership runs until <2027-06-15>. It can be renewed from <2027-05-16>.",
  );
  assert.match(renewalBlocked(membership({ status: "paused", renewable_from: null }), day)!, /Resume it/);
});

Deno.test("an administrator's screens link to the user's own membership screens and speak of the member", () => {
  const paths = screenPaths({ kind: "user", userId: 42 });
  assert.deepEqual(membershipActions(membership({ can_renew: true }), paths).map((a) => a.href), [
    "/app/admin/users/42/membership/new",
    "/app/admin/users/42/membership/pause",
    "/app/admin/users/42/membership/cancel",
  ]);
  const words = membershipWords({ kind: "user", userId: 42 });
  assert.equal(words.loadError, "Unable to load membership details");
  assert.match(
    renewalBlocked(membership({ status: "paused", renewable_from: null }), day, words)!,
    /^The membership is paused/,
  );
});

Deno.test("a paused membership's renewal says it waits for the resume and charges nothing meanwhile (decision 0011)", () => {
  const paused = membership({ status: "paused", is_paused: true }).attributes;
  assert.deepEqual(membershipChips(paused).map((c) => c.label), ["Paused", "Auto-renewal waits for resume"]);
  assert.match(autorenewWords(paused, true), /not renewed or charged/);
  assert.match(autorenewWords(paused, true), /once resumed, it renews with your default card/);
  assert.equal(autorenewWords(membership({}).attributes, false), "On: renews with the member's default card");
  assert.equal(autorenewWords(membership({ autorenew: false }).attributes, true), "Off");
});
