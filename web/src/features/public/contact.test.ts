/**
 * The web's contact form says what the shared cases say (`@apca/rules/messages/contact-cases`); the server's
 * schema runs the same cases (api/src/contact/messages.test.ts), so both reject alike in the same words.
 */
import assert from "node:assert/strict";
import * as v from "valibot";
import { CONTACT_BLANK_PHONE, CONTACT_CASES } from "@apca/rules/messages/contact-cases";
import { ContactSchema } from "./contact-schema.ts";

// First message per field, as the form shows them (forms validate with abortPipeEarly, web/src/lib/form.ts).
const webIssues = (input: unknown) =>
  Object.fromEntries(
    (v.safeParse(ContactSchema, input, { abortPipeEarly: true }).issues ?? []).map((
      i,
    ) => [v.getDotPath(i) ?? "", i.message]).reverse(),
  );

Deno.test("contact: the web form rejects as the shared cases say", () => {
  for (const [input, issues] of CONTACT_CASES) {
    assert.deepStrictEqual(webIssues(input), issues, JSON.stringify(input));
  }
  // And turns a blank phone into none.
  assert.equal(v.parse(ContactSchema, CONTACT_BLANK_PHONE).phone, undefined);
});
