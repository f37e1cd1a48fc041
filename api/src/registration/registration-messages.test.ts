/**
 * The server's registration schemas say what the shared cases say (`@apca/rules/messages/registration-cases`);
 * the web's schemas run the same cases (web/src/features/registration/messages.test.ts), so both reject alike
 * in the same words.
 */
import {
  DER_CASES,
  DER_FORM_CASES,
  MEMBER_CASES,
  MEMBER_FORM_CASES,
} from "@apca/rules/messages/registration-cases";
import { assertEquals } from "../testing/assert.ts";
import { DerRegistrationBody, MemberRegistrationBody } from "./schemas.ts";

/** The first message per field. */
const serverIssues = (
  schema: { safeParse(i: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  input: unknown,
) =>
  Object.fromEntries(
    (schema.safeParse(input).error?.issues ?? []).map((i) => [i.path.join("."), i.message]).reverse(),
  );

Deno.test("registration: the server rejects members and DERs as the shared cases say", () => {
  for (const [input, issues] of [...MEMBER_CASES, ...MEMBER_FORM_CASES]) {
    assertEquals(serverIssues(MemberRegistrationBody, input), issues, JSON.stringify(input));
  }
  for (const [input, issues] of [...DER_CASES, ...DER_FORM_CASES]) {
    assertEquals(serverIssues(DerRegistrationBody, input), issues, JSON.stringify(input));
  }
});
