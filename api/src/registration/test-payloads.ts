/** Valid registration payloads for tests, with a fresh e-mail each time; `more` overrides fields. */
import { DEV_CAPTCHA_TOKEN } from "../integrations/captcha/development.ts";

let n = 0;
export const uniqueEmail = (prefix = "new") =>
  `${prefix}.${++n}.${crypto.randomUUID().slice(0, 8)}@example.com`;

export const memberPayload = (more: Record<string, unknown> = {}) => ({
  email: uniqueEmail("member"),
  password: "anchors-aweigh-1",
  recaptcha: DEV_CAPTCHA_TOKEN,
  opt_in_text: true,
  first_name: "Pat",
  middle_name: "Q",
  last_name: "Mariner",
  terms_and_conditions: true,
  phone: "(504) 555-0100",
  address_one: "1 Levee Rd",
  city: "New Orleans",
  state: "LA",
  postal_code: "70112",
  country: "United States of America",
  is_licensed: false,
  ssn: "1234",
  is_company: false,
  ...more,
});

export const derPayload = (more: Record<string, unknown> = {}) => ({
  email: uniqueEmail("der"),
  password: "anchors-aweigh-1",
  recaptcha: DEV_CAPTCHA_TOKEN,
  first_name: "Dana",
  last_name: "Reed",
  terms_and_conditions: true,
  company_name: "Gulf Tugs LLC",
  company_dba: "Gulf Tugs",
  company_city: "Houma",
  company_phone: "+1 985-555-0100",
  company_email: "office@gulftugs.example",
  company_tax_id: "12-3456789",
  ...more,
});
