/** The web's pause form (valibot) and the server (zod) must reject the same input with the same words. */
import * as v from "valibot";
import {
  PAUSE_MESSAGES as WEB_MESSAGES,
  PAUSE_REASONS as WEB_REASONS,
  PauseSchema as WebPause,
} from "../../../web/src/lib/pause-schema.ts";
import { assertEquals } from "../testing/assert.ts";
import { MEMBERSHIP_MESSAGES, PAUSE_REASONS, PauseBody } from "./schemas.ts";

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
