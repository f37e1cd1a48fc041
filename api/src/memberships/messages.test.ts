/**
 * The server's membership schemas say what the shared cases say (`@apca/rules/messages/memberships-cases`);
 * the web's forms run the same cases (web/src/features/memberships/messages.test.ts), so both reject alike in
 * the same words.
 */
import {
  MANUAL_CHARGE_CASES,
  PAUSE_CASES,
  PAUSE_SENT,
  UPDATE_CASES,
} from "@apca/rules/messages/memberships-cases";
import { assertEquals } from "../testing/assert.ts";
import { AdminStartBody, PauseBody, UpdateBody } from "./schemas.ts";

/** The first message per field, as the forms show them under the fields. */
const zodIssues = (error?: { issues: { path: PropertyKey[]; message: string }[] }) => {
  const found: Record<string, string> = {};
  for (const i of error?.issues ?? []) found[i.path.join(".")] ??= i.message;
  return found;
};

Deno.test("pause: the server rejects as the shared cases say", () => {
  for (const [input, issues] of PAUSE_CASES) {
    assertEquals(zodIssues(PauseBody.safeParse(input).error), issues, JSON.stringify(input));
  }
});

Deno.test("pause: what the web sends is what the server stores", () => {
  for (const [, sent, stored] of PAUSE_SENT) assertEquals(PauseBody.parse(sent), stored);
});

Deno.test("manual charge: the server rejects as the shared cases say (admin §3, §5)", () => {
  for (const [form, sent, issues] of MANUAL_CHARGE_CASES) {
    const server = AdminStartBody.safeParse({ type: "manual", membership_type: "annual", ...(sent ?? form) });
    assertEquals(zodIssues(server.error), issues, JSON.stringify(form));
  }
});

Deno.test("update: the server refuses and accepts the expiry as the shared cases say (admin §5)", () => {
  for (const [form, sent, issues] of UPDATE_CASES) {
    const server = UpdateBody.safeParse(
      sent ?? { has_expiration: form.has_expiration === "on", date: form.date },
    );
    assertEquals(zodIssues(server.error), issues, JSON.stringify(form));
    if (sent) assertEquals(server.data, { hasExpiration: sent.has_expiration, date: sent.date });
  }
});
