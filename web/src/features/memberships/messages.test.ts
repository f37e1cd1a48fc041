/**
 * The web's membership forms say what the shared cases say (`@apca/rules/messages/memberships-cases`); the
 * server's schemas run the same cases (api/src/memberships/messages.test.ts), so both reject alike in the same
 * words.
 */
import assert from "node:assert/strict";
import * as v from "valibot";
import {
  MANUAL_CHARGE_CASES,
  PAUSE_CASES,
  PAUSE_SENT,
  UPDATE_CASES,
} from "@apca/rules/messages/memberships-cases";
import { PauseSchema } from "./pause-schema.ts";
import { ManualChargeSchema, UpdateSchema } from "../payments/admin-membership-schemas.ts";

/** The first message per field, as the forms show them under the fields. */
const valibotIssues = (issues?: v.BaseIssue<unknown>[]) => {
  const found: Record<string, string> = {};
  for (const i of issues ?? []) found[v.getDotPath(i) ?? ""] ??= i.message;
  return found;
};

Deno.test("pause: the web form rejects as the shared cases say", () => {
  for (const [input, issues] of PAUSE_CASES) {
    assert.deepStrictEqual(
      valibotIssues(v.safeParse(PauseSchema, input).issues),
      issues,
      JSON.stringify(input),
    );
  }
});

Deno.test("pause: the web sends what the shared cases say", () => {
  for (const [form, sent] of PAUSE_SENT) assert.deepStrictEqual(v.parse(PauseSchema, form), sent);
});

Deno.test("manual charge: the web form refuses and sends as the shared cases say (admin §3, §5)", () => {
  for (const [form, sent, issues] of MANUAL_CHARGE_CASES) {
    const web = v.safeParse(ManualChargeSchema, form);
    assert.deepStrictEqual(valibotIssues(web.issues), issues, JSON.stringify(form));
    if (sent) assert.deepStrictEqual(web.output, sent);
  }
});

Deno.test("update: the web form refuses and sends the expiry as the shared cases say (admin §5)", () => {
  for (const [form, sent, issues] of UPDATE_CASES) {
    const web = v.safeParse(UpdateSchema, form);
    assert.deepStrictEqual(valibotIssues(web.issues), issues, JSON.stringify(form));
    assert.equal(web.success, sent !== null, JSON.stringify(form));
    if (sent) assert.deepStrictEqual(web.output, sent);
  }
});
