/** The web (valibot) and the server (zod) must reject the same registration input with the same words. */
import * as v from "valibot";
import * as web from "../../../web/src/features/registration/schemas.ts";
import { assertEquals } from "../testing/assert.ts";
import * as server from "./schemas.ts";
import { derPayload, memberPayload } from "./test-payloads.ts";

const serverIssues = (
  schema: { safeParse(i: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  input: unknown,
) =>
  Object.fromEntries(
    (schema.safeParse(input).error?.issues ?? []).map((i) => [i.path.join("."), i.message]).reverse(),
  );
const webIssues = (schema: v.GenericSchema, input: unknown) =>
  Object.fromEntries(
    (v.safeParse(schema, input).issues ?? []).map((
      i: v.BaseIssue<unknown>,
    ) => [v.getDotPath(i) ?? "", i.message])
      .reverse(),
  );

Deno.test("registration: web and server share messages, patterns and verdicts", () => {
  assertEquals(web.REGISTRATION_MESSAGES, server.REGISTRATION_MESSAGES);
  assertEquals(web.PASSWORD_MIN_LENGTH, server.PASSWORD_MIN_LENGTH);
  assertEquals(web.DEFAULT_COUNTRY, server.DEFAULT_COUNTRY);
  for (const name of ["EMAIL_PATTERN", "PHONE_PATTERN", "POSTAL_CODE_PATTERN", "SSN_PATTERN"] as const) {
    assertEquals(web[name].source, server[name].source, name);
  }
  const members: Record<string, unknown>[] = [
    memberPayload(),
    memberPayload({ email: "", password: "", first_name: " ", phone: "12", postal_code: "7a" }),
    memberPayload({ password: "short", email: "a@b" }),
    memberPayload({ is_licensed: true, ssn: undefined }),
    memberPayload({ ssn: "12345" }),
    memberPayload({ is_company: true }),
    memberPayload({ is_company: true, company_name: "X", company_phone: "555" }),
    memberPayload({ is_llc: true }),
    memberPayload({ is_licensed: undefined, is_company: undefined }),
    memberPayload({ terms_and_conditions: false }),
  ];
  for (const input of members) {
    assertEquals(
      webIssues(web.MemberRegistrationSchema, input),
      serverIssues(server.MemberRegistrationBody, input),
      JSON.stringify(input),
    );
  }
  const ders: Record<string, unknown>[] = [
    derPayload(),
    derPayload({ company_name: "", company_phone: "", company_tax_id: "" }),
    derPayload({ company_phone: "123", company_email: "x@" }),
  ];
  for (const input of ders) {
    assertEquals(
      webIssues(web.DerRegistrationSchema, input),
      serverIssues(server.DerRegistrationBody, input),
      JSON.stringify(input),
    );
  }
});

// The forms validate with abortPipeEarly (web/src/lib/form.ts): the first message per field, as here.
const formIssues = (schema: v.GenericSchema, input: unknown) =>
  Object.fromEntries(
    (v.safeParse(schema, input, { abortPipeEarly: true }).issues ?? []).map((
      i: v.BaseIssue<unknown>,
    ) => [v.getDotPath(i) ?? "", i.message]).reverse(),
  );

Deno.test("registration: missing, null and wrong-typed answers get the same words on both sides", () => {
  const members: Record<string, unknown>[] = [
    {},
    memberPayload({ email: "  ", last_name: "", recaptcha: "", terms_and_conditions: "yes" }),
    memberPayload({ email: null, first_name: null, middle_name: null, address_two: null }),
    memberPayload({ phone: "", address_one: "", city: "", state: "", postal_code: "" }),
    memberPayload({ phone: "+1 504.555.0123", email: " Pat@Example.com " }),
    memberPayload({ country: "" }),
    memberPayload({ country: undefined }),
    memberPayload({ is_licensed: "yes", is_company: "company" }),
    memberPayload({ is_licensed: null, is_company: null }),
    memberPayload({ is_licensed: true, uscg_cred: "" }),
    memberPayload({ is_licensed: true, uscg_cred: null, ssn: "not checked when licensed" }),
    memberPayload({ ssn: "" }),
    memberPayload({ ssn: "12" }),
    memberPayload({ is_company: true, company_name: "Gulf Tugs", company_phone: "" }),
    memberPayload({ is_company: true, company_name: "Gulf Tugs", company_phone: "504 555 0100" }),
    memberPayload({ is_company: false, company_phone: "12" }),
    memberPayload({ is_llc: true, llc_name: " " }),
    memberPayload({ is_llc: true, llc_name: "Pat LLC", business_name: "Pat's" }),
    memberPayload({ is_company: true, company_name: "Gulf Tugs", is_llc: true }),
  ];
  for (const input of members) {
    assertEquals(
      formIssues(web.MemberRegistrationSchema, input),
      serverIssues(server.MemberRegistrationBody, input),
      JSON.stringify(input),
    );
  }
  const ders: Record<string, unknown>[] = [
    {},
    derPayload({ company_email: "" }),
    derPayload({ company_dba: null, company_email: null }),
    derPayload({ terms_and_conditions: "yes", recaptcha: "  ", password: "1234567" }),
  ];
  for (const input of ders) {
    assertEquals(
      formIssues(web.DerRegistrationSchema, input),
      serverIssues(server.DerRegistrationBody, input),
      JSON.stringify(input),
    );
  }
});
