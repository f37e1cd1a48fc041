/**
 * What the contact form must say for given input: the first message per field. The server's zod schema
 * (api/src/contact/messages.test.ts) and the web's valibot form (web/src/features/public/contact.test.ts) each
 * run these, so the two agree without one side importing the other (decision 0055).
 */
import type { Verdicts } from "./auth.cases.ts";
import { CONTACT_MESSAGES as M } from "./contact.ts";

const ok = { name: "Sam Mariner", email: "sam@example.com", message: "Hello", recaptcha: "t" };
const allRequired = {
  name: M.nameRequired,
  email: M.emailRequired,
  message: M.messageRequired,
  recaptcha: M.recaptchaRequired,
};

export const CONTACT_CASES: Verdicts = [
  [{}, allRequired],
  [{ name: "", email: "", phone: "", message: "", recaptcha: "" }, allRequired],
  [{ name: "  ", email: "  ", message: "  ", recaptcha: "" }, allRequired],
  [{ ...ok, email: "not-an-email" }, { email: M.emailInvalid }],
  [{ ...ok, email: "a@b" }, { email: M.emailInvalid }],
  [{ ...ok, phone: "12345" }, { phone: M.phoneInvalid }],
  [{ ...ok, phone: "555-0100" }, { phone: M.phoneInvalid }],
  [{ ...ok, phone: "+1 (504) 555-0100" }, {}],
  [{ ...ok, phone: "504.555.0100" }, {}],
  [{ ...ok, phone: "  " }, {}],
  [{ ...ok, name: "x".repeat(201) }, { name: M.nameTooLong }],
  [{ ...ok, message: "x".repeat(5001) }, { message: M.messageTooLong }],
  [{ ...ok, message: "x".repeat(5000) }, {}],
  [ok, {}],
];

/** Both sides turn a blank phone into none. */
export const CONTACT_BLANK_PHONE = { ...ok, phone: " " };
