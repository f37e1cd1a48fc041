/**
 * Valid registration payloads for tests, with a fresh e-mail each time and the development captcha's token;
 * `more` overrides fields. The fields are the shared cases' (`@apca/rules/messages/registration-cases`), so
 * the API's tests and the cases both sides run start from one valid member and one valid DER.
 */
import { der, member } from "@apca/rules/messages/registration-cases";
import { DEV_CAPTCHA_TOKEN } from "../integrations/captcha/development.ts";

let n = 0;
export const uniqueEmail = (prefix = "new") =>
  `${prefix}.${++n}.${crypto.randomUUID().slice(0, 8)}@example.com`;

/** A payload's fields, with the e-mail the tests look the new account up by. */
export type Payload = Record<string, unknown> & { email: string };

export const memberPayload = (more: Record<string, unknown> = {}): Payload =>
  member({ email: uniqueEmail("member"), recaptcha: DEV_CAPTCHA_TOKEN, ...more }) as Payload;

export const derPayload = (more: Record<string, unknown> = {}): Payload =>
  der({ email: uniqueEmail("der"), recaptcha: DEV_CAPTCHA_TOKEN, ...more }) as Payload;
