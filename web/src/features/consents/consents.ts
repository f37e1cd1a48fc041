/**
 * Consents to release test results (49 CFR 40.321; decision 0092): the member's calls (list, sign, revoke, PDF),
 * the recipient's (the consents naming them, the results one releases), and the sign form's rules with the
 * server's words (`@apca/rules/messages/consents`). The member's list is saved on the device like the letter
 * (decision 0014); a recipient's view of someone else's results never is.
 */
import * as v from "valibot";
import { CONSENT_MESSAGES as M } from "@apca/rules/messages/consents";
import type { CompanyChoice, Consent, ConsentRequest, DrugTest } from "@api/contract";
import { call, callFile } from "../../lib/typed-api.ts";
import type { ResourceKey } from "../../lib/resource-store.ts";
import { addYears, officeDay } from "../../lib/dates.ts";

export type { CompanyChoice, Consent };
export { M as CONSENT_MESSAGES };

export const CONSENTS_PATH = "/app/account/consents";
export const RECEIVED_PATH = "/app/consents";
export const CONSENTS_KEY: ResourceKey = ["consents"];
export const RECEIVED_KEY: ResourceKey = ["consents-received"];

export async function fetchConsents(signal: AbortSignal): Promise<Consent[]> {
  return (await call("/auth/account/consents").GET({ signal })).data;
}

export async function fetchReceived(signal: AbortSignal): Promise<Consent[]> {
  return (await call("/auth/consents/received").GET({ signal })).data;
}

export async function findCompanies(q: string, signal?: AbortSignal): Promise<CompanyChoice[]> {
  return (await call("/auth/consent-companies").GET({ query: { q }, signal })).data;
}

export async function signConsent(body: ConsentRequest): Promise<{ data: Consent; message?: string }> {
  return await call("/auth/account/consents").POST({
    body,
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
}

export async function revokeConsent(id: number): Promise<{ data: Consent; message?: string }> {
  return await call("/auth/account/consents/{id}/revoke").POST({ params: { id } });
}

export async function resultsUnder(id: number): Promise<{ consent: Consent; results: DrugTest[] }> {
  return (await call("/auth/consents/{id}/results").GET({ params: { id } })).data;
}

export async function downloadConsent(id: number): Promise<{ blob: Blob; filename: string }> {
  const file = await callFile("/auth/consents/{id}/pdf").GET({ params: { id } });
  return { blob: file.blob, filename: file.filename ?? `consent-${id}.pdf` };
}

/** The form's first values: results of the last year, running a year, signed today (office days). */
export function formDefaults(now: Date) {
  const today = officeDay(now);
  return { today, yearAgo: addYears(today, -1), inAYear: addYears(today, 1) };
}

const date = (message: string) => v.pipe(v.string(message), v.regex(/^\d{4}-\d{2}-\d{2}$/, message));
const optional = (schema: v.GenericSchema<string, string>) =>
  v.optional(v.union([v.literal(""), schema]), "");

/** The sign form as the page's fields give it (strings), checked as the server checks it. */
export const ConsentFormSchema = v.pipe(
  v.object({
    recipient_kind: v.picklist(["company", "person"], M.recipient),
    recipient_business_id: v.optional(v.string(), ""),
    recipient_email: optional(v.pipe(v.string(), v.trim(), v.email(M.email))),
    results: v.picklist(["all", "range"], M.range),
    results_from: optional(date(M.range)),
    results_to: optional(date(M.range)),
    expires_on: date(M.expires),
    signature: v.pipe(
      v.string(M.signature),
      v.trim(),
      v.minLength(2, M.signature),
      v.maxLength(200, M.signature),
    ),
    signed_on: date(M.signedOn),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const f = dataset.value;
    const issue = (key: string, message: string) =>
      addIssue({
        message,
        path: [{
          type: "object",
          origin: "value",
          input: f,
          key,
          value: (f as Record<string, unknown>)[key],
        }],
      });
    if (f.recipient_kind === "company" && !f.recipient_business_id) issue("recipient_business_id", M.company);
    if (f.recipient_kind === "person" && !f.recipient_email) issue("recipient_email", M.recipient);
    if (f.results === "range" && (!f.results_from || !f.results_to || f.results_from > f.results_to)) {
      issue("results_to", M.range);
    }
  }),
);

/** The request the form's checked values make. */
export function consentRequest(f: v.InferOutput<typeof ConsentFormSchema>): ConsentRequest {
  const company = f.recipient_kind === "company";
  const range = f.results === "range";
  return {
    recipient_business_id: company ? Number(f.recipient_business_id) : null,
    recipient_email: company ? null : f.recipient_email,
    results_from: range ? f.results_from : null,
    results_to: range ? f.results_to : null,
    expires_on: f.expires_on,
    signature: f.signature,
    signed_on: f.signed_on,
  };
}

export const STATUS_WORDS: Record<Consent["status"], string> = {
  active: "In force",
  revoked: "Revoked",
  expired: "Expired",
};
