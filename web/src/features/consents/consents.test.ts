/** The consent form: what it refuses (in the server's words) and the request its fields make. */
import assert from "node:assert/strict";
import { validate } from "../../lib/form.ts";
import { CONSENT_MESSAGES as M, ConsentFormSchema, consentRequest, formDefaults } from "./consents.ts";

const filled = {
  recipient_kind: "company",
  recipient_business_id: "7",
  recipient_email: "",
  results: "range",
  results_from: "2025-12-07",
  results_to: "2026-12-07",
  expires_on: "2027-12-07",
  signature: " Rita Mariner ",
  signed_on: "2026-12-07",
};

Deno.test("consent form: a company and a range make the request, trimmed", () => {
  const result = validate(ConsentFormSchema, filled);
  assert.ok(result.success);
  assert.deepStrictEqual(consentRequest(result.output), {
    recipient_business_id: 7,
    recipient_email: null,
    results_from: "2025-12-07",
    results_to: "2026-12-07",
    expires_on: "2027-12-07",
    signature: "Rita Mariner",
    signed_on: "2026-12-07",
  });
});

Deno.test("consent form: a person and all results send no company and no dates", () => {
  const result = validate(ConsentFormSchema, {
    ...filled,
    recipient_kind: "person",
    recipient_email: "hr@ship.example",
    results: "all",
  });
  assert.ok(result.success);
  const body = consentRequest(result.output);
  assert.deepStrictEqual(
    [body.recipient_business_id, body.recipient_email, body.results_from, body.results_to],
    [null, "hr@ship.example", null, null],
  );
});

Deno.test("consent form: each refusal under its field, in the server's words", () => {
  const errors = (input: Record<string, string>) =>
    validate(ConsentFormSchema, { ...filled, ...input }).errors;
  assert.deepStrictEqual(errors({ recipient_business_id: "" }), { recipient_business_id: M.company });
  assert.deepStrictEqual(errors({ recipient_kind: "person" }), { recipient_email: M.recipient });
  assert.deepStrictEqual(errors({ recipient_kind: "person", recipient_email: "nope" }), {
    recipient_email: M.email,
  });
  assert.deepStrictEqual(errors({ results_from: "2027-01-01" }), { results_to: M.range });
  assert.deepStrictEqual(errors({ signature: " x " }), { signature: M.signature });
  assert.deepStrictEqual(errors({ expires_on: "" }), { expires_on: M.expires });
});

Deno.test("consent form: defaults are the office's today, a year back and a year on", () => {
  // 02:00 UTC on Jan 1 is still Dec 31 in New York.
  assert.deepStrictEqual(formDefaults(new Date("2027-01-01T02:00:00Z")), {
    today: "2026-12-31",
    yearAgo: "2025-12-31",
    inAYear: "2027-12-31",
  });
});
