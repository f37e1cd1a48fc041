/** The web (valibot) and the server (zod) must reject the same contact input with the same words. */
import * as v from "valibot";
import {
  CONTACT_LIMITS as WEB_LIMITS,
  CONTACT_MESSAGES as WEB_MESSAGES,
  ContactSchema as WebContact,
  EMAIL_PATTERN as WEB_EMAIL_PATTERN,
  PHONE_PATTERN as WEB_PHONE_PATTERN,
} from "../../../web/src/features/public/contact-schema.ts";
import { EMAIL_PATTERN } from "../auth/schemas.ts";
import { assertEquals } from "../testing/assert.ts";
import { CONTACT_LIMITS, CONTACT_MESSAGES, ContactBody, PHONE_PATTERN } from "./schemas.ts";

// First message per field, as both forms show them.
const serverIssues = (input: unknown) =>
  Object.fromEntries(
    (ContactBody.safeParse(input).error?.issues ?? []).map((i) => [i.path.join("."), i.message]).reverse(),
  );
const webIssues = (input: unknown) =>
  Object.fromEntries(
    (v.safeParse(WebContact, input, { abortPipeEarly: true }).issues ?? []).map((
      i: v.BaseIssue<unknown>,
    ) => [v.getDotPath(i) ?? "", i.message]).reverse(),
  );

Deno.test("contact: web and server messages agree", () => {
  assertEquals(WEB_MESSAGES, CONTACT_MESSAGES);
  assertEquals(WEB_LIMITS, CONTACT_LIMITS);
  assertEquals(WEB_EMAIL_PATTERN.source, EMAIL_PATTERN.source);
  assertEquals(WEB_PHONE_PATTERN.source, PHONE_PATTERN.source);
  const ok = { name: "Sam Mariner", email: "sam@example.com", message: "Hello", recaptcha: "t" };
  const cases = [
    {},
    { name: "", email: "", phone: "", message: "", recaptcha: "" },
    { name: "  ", email: "  ", message: "  ", recaptcha: "" },
    { ...ok, email: "not-an-email" },
    { ...ok, email: "a@b" },
    { ...ok, phone: "12345" },
    { ...ok, phone: "555-0100" },
    { ...ok, phone: "+1 (504) 555-0100" },
    { ...ok, phone: "504.555.0100" },
    { ...ok, phone: "  " },
    { ...ok, name: "x".repeat(201) },
    { ...ok, message: "x".repeat(5001) },
    { ...ok, message: "x".repeat(5000) },
    ok,
  ];
  for (const input of cases) assertEquals(webIssues(input), serverIssues(input), JSON.stringify(input));
  // And both turn a blank phone into none.
  const blank = { ...ok, phone: " " };
  assertEquals(v.parse(WebContact, blank).phone, undefined);
  assertEquals(ContactBody.parse(blank).phone, undefined);
});
