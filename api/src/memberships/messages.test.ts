/** The web's pause form (valibot) and the server (zod) must reject the same input with the same words. */
import * as v from "valibot";
import {
  PAUSE_MESSAGES as WEB_MESSAGES,
  PAUSE_REASONS as WEB_REASONS,
  PauseSchema as WebPause,
} from "../../../web/src/lib/pause-schema.ts";
import {
  MANUAL_CHARGE_MESSAGES,
  ManualChargeSchema as WebManualCharge,
  PAYMENT_MEDIUMS as WEB_MEDIUMS,
  UPDATE_MESSAGES,
  UpdateSchema as WebUpdate,
} from "../../../web/src/features/payments/admin-membership-schemas.ts";
import { assertEquals } from "../testing/assert.ts";
import {
  AdminStartBody,
  MEMBERSHIP_MESSAGES,
  PAUSE_REASONS,
  PauseBody,
  PAYMENT_MEDIUMS,
  UpdateBody,
} from "./schemas.ts";

const serverIssues = (input: unknown) =>
  Object.fromEntries(
    (PauseBody.safeParse(input).error?.issues ?? []).map((i) => [i.path.join("."), i.message]).reverse(),
  );
const webIssues = (input: unknown) =>
  Object.fromEntries(
    (v.safeParse(WebPause, input).issues ?? []).map((
      i: v.BaseIssue<unknown>,
    ) => [v.getDotPath(i) ?? "", i.message]).reverse(),
  );

Deno.test("pause: web and server reasons and messages agree", () => {
  assertEquals([...WEB_REASONS], [...PAUSE_REASONS]);
  assertEquals(WEB_MESSAGES.reasonRequired, MEMBERSHIP_MESSAGES.reasonRequired);
  assertEquals(WEB_MESSAGES.otherReasonRequired, MEMBERSHIP_MESSAGES.otherReasonRequired);
  const cases = [
    {},
    { reason: "" },
    { reason: "   " },
    { reason: "Bored" },
    { reason: 7 },
    { reason: "Other" },
    { reason: "Other", other_reason: "   " },
    { reason: "Other", other_reason: 12 },
    { reason: "Other", other_reason: "x".repeat(501) },
    { reason: "Other", other_reason: " Dry dock for the winter " },
    { reason: "Currently out of season" },
    { reason: " Joining a different consortium ", other_reason: "ignored" },
  ];
  for (const input of cases) assertEquals(webIssues(input), serverIssues(input), JSON.stringify(input));
});

Deno.test("pause: what the web sends is what the server stores", () => {
  const sent = v.parse(WebPause, { reason: "Other", other_reason: " Dry dock " });
  assertEquals(sent, { reason: "Other", other_reason: "Dry dock" });
  assertEquals(PauseBody.parse(sent), { reason: "Dry dock", otherReason: "Dry dock" });
  assertEquals(
    PauseBody.parse(v.parse(WebPause, { reason: "Currently out of season", other_reason: "x" })),
    { reason: "Currently out of season", otherReason: null },
  );
});

/** The first message per field, as both sides show them under the fields. */
const issuesOf = (issues: { path: string; message: string }[]) => {
  const found: Record<string, string> = {};
  for (const { path, message } of issues) found[path] ??= message;
  return found;
};
const zodIssues = (error?: { issues: { path: PropertyKey[]; message: string }[] }) =>
  issuesOf((error?.issues ?? []).map((i) => ({ path: i.path.join("."), message: i.message })));
const valibotIssues = (issues?: v.BaseIssue<unknown>[]) =>
  issuesOf((issues ?? []).map((i) => ({ path: v.getDotPath(i) ?? "", message: i.message })));

Deno.test("manual charge: web and server mediums and messages agree (admin §3, §5)", () => {
  assertEquals([...WEB_MEDIUMS], [...PAYMENT_MEDIUMS]);
  assertEquals(MANUAL_CHARGE_MESSAGES.paymentMediumRequired, MEMBERSHIP_MESSAGES.paymentMediumRequired);
  assertEquals(MANUAL_CHARGE_MESSAGES.paymentDateRequired, MEMBERSHIP_MESSAGES.paymentDateRequired);
  assertEquals(MANUAL_CHARGE_MESSAGES.dateInvalid, MEMBERSHIP_MESSAGES.dateInvalid);
  const cases = [
    {},
    { payment_medium: "", payment_date: "" },
    { payment_medium: "Check Received" },
    { payment_date: "2026-11-20" },
    { payment_medium: "Bitcoin", payment_date: "2026-11-20" },
    { payment_medium: "Cash Received", payment_date: " 2026-11-20 " },
    { payment_medium: "Cash Received", payment_date: "tomorrow" },
  ];
  for (const input of cases) {
    // What the web refuses the server refuses with the same words; what it accepts it sends as its output.
    const web = v.safeParse(WebManualCharge, input);
    const sent = web.success ? web.output : input;
    const server = AdminStartBody.safeParse({ type: "manual", membership_type: "annual", ...sent });
    assertEquals(valibotIssues(web.issues), zodIssues(server.error), JSON.stringify(input));
  }
});

Deno.test("update: the web's form and the server refuse and accept the same expiry (admin §5)", () => {
  assertEquals(UPDATE_MESSAGES.expirationDateRequired, MEMBERSHIP_MESSAGES.expirationDateRequired);
  // A checkbox sends "on" when ticked and nothing otherwise; the web sends its output as JSON.
  const cases: Record<string, string>[] = [
    { has_expiration: "on", date: "" },
    { has_expiration: "on", date: "   " },
    { has_expiration: "on", date: "2028-01-31" },
    { has_expiration: "on", date: "31/01/2028" },
    { date: "2028-01-31" },
    {},
  ];
  for (const form of cases) {
    const web = v.safeParse(WebUpdate, form);
    const asSent = web.success
      ? web.output
      : { has_expiration: form.has_expiration === "on", date: form.date };
    const server = UpdateBody.safeParse(asSent);
    assertEquals(valibotIssues(web.issues), zodIssues(server.error), JSON.stringify(form));
    if (web.success) {
      assertEquals(server.data, { hasExpiration: web.output.has_expiration, date: web.output.date });
    }
  }
});
