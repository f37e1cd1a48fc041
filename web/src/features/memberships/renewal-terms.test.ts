import assert from "node:assert/strict";
import { RENEWAL_WORDS } from "@apca/rules/messages/memberships";
import type { Membership } from "@api/contract";
import { renewalTermsWords, renewsOn } from "./renewal-terms.ts";

const annual = {
  type: "annual",
  autorenew: true,
  cancelled: false,
  failed: false,
  is_paused: false,
  expire_at: "2027-11-25",
} as Membership["attributes"];

Deno.test("renewal terms: only an annual, autorenewing, live membership renews, on its last day", () => {
  assert.equal(renewsOn(annual), "2027-11-25");
  assert.equal(renewsOn({ ...annual, autorenew: false }), null);
  assert.equal(renewsOn({ ...annual, cancelled: true }), null);
  assert.equal(renewsOn({ ...annual, failed: true }), null);
  assert.equal(renewsOn({ ...annual, is_paused: true }), null);
  assert.equal(renewsOn({ ...annual, type: "one_time" }), null);
});

Deno.test("renewal terms: the date, the amount, the card on file and how to cancel, in the e-mails' words", () => {
  const words = renewalTermsWords({ expireAt: "2027-11-25", amountCents: 9500, card: "Visa ending in 4242" });
  assert.equal(
    words.renews,
    "Your annual membership renews automatically on Nov 25, 2027 for $95.00, charged to your card on file " +
      "(Visa ending in 4242).",
  );
  assert.equal(words.renews, RENEWAL_WORDS.renews("Nov 25, 2027", "$95.00", "Visa ending in 4242"));
  assert.equal(
    `${words.beforeLink}the cancellation page${words.afterLink}`,
    "To cancel, so that you are not charged, choose Cancel on the cancellation page before Nov 25, 2027. " +
      "A cancelled membership is not renewed or charged again.",
  );
  const unknown = renewalTermsWords({ expireAt: "2027-11-25", amountCents: null, card: null });
  assert.match(unknown.renews, /for the renewal price, charged to your card on file \(none yet/);
  const offline = renewalTermsWords({ expireAt: "2027-11-25", amountCents: 9500, card: undefined });
  assert.match(offline.renews, /for \$95\.00, charged to your card on file\.$/);
});
