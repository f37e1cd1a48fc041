import assert from "node:assert/strict";
import type { AdminSettings } from "./admin-api.ts";
import { asText, changes, request } from "./settings-form.ts";

const SETTINGS: AdminSettings = {
  annual_new_cents: 10500,
  annual_renewal_cents: 9500,
  one_time_cents: 7500,
  compliance_kit_cents: 10000,
  renewal_notice_days: 30,
  roster_confirmation_months: 3,
  pause_warning_days: 125,
  pause_window_days: 185,
  updated_at: "2026-11-27T21:00:00.000Z",
};

Deno.test("settings form: the stored values as the fields show them, and back unchanged", () => {
  const text = asText(SETTINGS);
  assert.deepEqual(text, {
    annual_new_cents: "105.00",
    annual_renewal_cents: "95.00",
    one_time_cents: "75.00",
    compliance_kit_cents: "100.00",
    renewal_notice_days: "30",
    roster_confirmation_months: "3",
  });
  const body = request(text, SETTINGS.updated_at);
  assert.deepEqual(body, {
    annual_new_cents: 10500,
    annual_renewal_cents: 9500,
    one_time_cents: 7500,
    compliance_kit_cents: 10000,
    renewal_notice_days: 30,
    roster_confirmation_months: 3,
    updated_at: SETTINGS.updated_at,
  });
  assert.deepEqual(changes(SETTINGS, body), []);
});

Deno.test("settings form: each change in words; a typo is sent as typed for the server to name", () => {
  const text = { ...asText(SETTINGS), one_time_cents: "$80", renewal_notice_days: " 21 " };
  assert.deepEqual(changes(SETTINGS, request(text, SETTINGS.updated_at)), [
    "One-time drug test: $75.00 → $80.00",
    "Renewal notice: 30 → 21 days before",
  ]);
  const typo = request(
    { ...text, annual_new_cents: "1o5", renewal_notice_days: "thirty" },
    SETTINGS.updated_at,
  );
  assert.equal(typo.annual_new_cents, "1o5");
  assert.equal(typo.renewal_notice_days, "thirty");
  // A typo is never offered for confirmation as a change.
  assert.deepEqual(changes(SETTINGS, typo), ["One-time drug test: $75.00 → $80.00"]);
});

Deno.test("settings form: the roster schedule's change in words", () => {
  const text = { ...asText(SETTINGS), roster_confirmation_months: "1" };
  assert.deepEqual(changes(SETTINGS, request(text, SETTINGS.updated_at)), [
    "Crew list confirmation: every quarter → every month",
  ]);
});
