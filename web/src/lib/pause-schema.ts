/**
 * The pause form (admin spec §2, §3 "Pause form", §5, §9). The texts and reasons are the specification's,
 * shared with the server through `@apca/rules/messages/memberships` (decision 0055).
 */
import * as v from "valibot";
import {
  MEMBERSHIP_MESSAGES as PAUSE_MESSAGES,
  OTHER_REASON,
  OTHER_REASON_MAX,
  PAUSE_REASONS,
} from "@apca/rules/messages/memberships";

export { OTHER_REASON, OTHER_REASON_MAX, PAUSE_REASONS };

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
