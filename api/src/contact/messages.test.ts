/**
 * The server's contact schema says what the shared cases say (`@apca/rules/messages/contact-cases`); the web's
 * form runs the same cases (web/src/features/public/contact.test.ts), so both reject alike in the same words.
 */
import { CONTACT_BLANK_PHONE, CONTACT_CASES } from "@apca/rules/messages/contact-cases";
import { assertEquals } from "../testing/assert.ts";
import { ContactBody } from "./schemas.ts";

// First message per field, as the form shows them.
const serverIssues = (input: unknown) =>
  Object.fromEntries(
    (ContactBody.safeParse(input).error?.issues ?? []).map((i) => [i.path.join("."), i.message]).reverse(),
  );

Deno.test("contact: the server rejects as the shared cases say", () => {
  for (const [input, issues] of CONTACT_CASES) {
    assertEquals(serverIssues(input), issues, JSON.stringify(input));
  }
  // And turns a blank phone into none.
  assertEquals(ContactBody.parse(CONTACT_BLANK_PHONE).phone, undefined);
});
