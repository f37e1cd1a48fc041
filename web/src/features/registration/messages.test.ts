/**
 * The web's registration schemas say what the shared cases say (`@apca/rules/messages/registration-cases`);
 * the server's schemas run the same cases (api/src/registration/registration-messages.test.ts), so both
 * reject alike in the same words.
 */
import assert from "node:assert/strict";
import * as v from "valibot";
import {
  DER_CASES,
  DER_FORM_CASES,
  MEMBER_CASES,
  MEMBER_FORM_CASES,
} from "@apca/rules/messages/registration-cases";
import { DerRegistrationSchema, MemberRegistrationSchema } from "./schemas.ts";

/** The first message per field; the forms validate with abortPipeEarly (web/src/lib/form.ts). */
const webIssues = (schema: v.GenericSchema, input: unknown, abortPipeEarly = false) =>
  Object.fromEntries(
    (v.safeParse(schema, input, { abortPipeEarly }).issues ?? []).map((
      i,
    ) => [v.getDotPath(i) ?? "", i.message])
      .reverse(),
  );

Deno.test("registration: a plain parse rejects as the shared cases say", () => {
  for (const [input, issues] of MEMBER_CASES) {
    assert.deepStrictEqual(webIssues(MemberRegistrationSchema, input), issues, JSON.stringify(input));
  }
  for (const [input, issues] of DER_CASES) {
    assert.deepStrictEqual(webIssues(DerRegistrationSchema, input), issues, JSON.stringify(input));
  }
});

Deno.test("registration: the forms reject missing, null and wrong-typed answers as the shared cases say", () => {
  for (const [input, issues] of MEMBER_FORM_CASES) {
    assert.deepStrictEqual(webIssues(MemberRegistrationSchema, input, true), issues, JSON.stringify(input));
  }
  for (const [input, issues] of DER_FORM_CASES) {
    assert.deepStrictEqual(webIssues(DerRegistrationSchema, input, true), issues, JSON.stringify(input));
  }
});
