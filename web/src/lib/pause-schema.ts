/**
 * The pause form (admin spec §2, §3 "Pause form", §5, §9). The texts and reasons are the specification's and
 * must equal the server's (api/src/memberships/schemas.ts MEMBERSHIP_MESSAGES, PAUSE_REASONS); a server test
 * (api/src/memberships/messages.test.ts) checks that both sides reject the same input with the same words.
 */
import * as v from "valibot";

export const PAUSE_REASONS = [
  "No longer working on the water",
  "Currently out of season",
  "Joining a different consortium",
  "Other",
] as const;

export const OTHER_REASON = "Other";
export const OTHER_REASON_MAX = 500;

export const PAUSE_MESSAGES = {
  reasonRequired: "Reason is required",
  otherReasonRequired: "Reason for pausing membership is required",
  /** Not worded by the specification: the server's limit on the free text. */
  otherReasonTooLong: "Keep the reason under 500 characters",
} as const;

const text = v.optional(v.pipe(v.unknown(), v.transform((x) => (typeof x === "string" ? x.trim() : ""))), "");

/** The form's values; for 'Other' the free text is required and is what the server stores as the reason. */
export const PauseSchema = v.pipe(
  v.object({
    reason: v.pipe(text, v.picklist(PAUSE_REASONS, PAUSE_MESSAGES.reasonRequired)),
    other_reason: text,
  }),
  v.forward(
    v.partialCheck(
      [["reason"], ["other_reason"]],
      (input) => input.reason !== OTHER_REASON || input.other_reason !== "",
      PAUSE_MESSAGES.otherReasonRequired,
    ),
    ["other_reason"],
  ),
  v.forward(
    v.partialCheck(
      [["reason"], ["other_reason"]],
      (input) => input.reason !== OTHER_REASON || input.other_reason.length <= OTHER_REASON_MAX,
      PAUSE_MESSAGES.otherReasonTooLong,
    ),
    ["other_reason"],
  ),
  // The request body: other_reason only travels with 'Other'.
  v.transform((input) =>
    input.reason === OTHER_REASON
      ? { reason: input.reason, other_reason: input.other_reason }
      : { reason: input.reason }
  ),
);

export type PauseInput = v.InferOutput<typeof PauseSchema>;
