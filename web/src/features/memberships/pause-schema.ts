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

export interface PauseWords {
  question: string;
  lead: string;
  otherHint: string;
}

/**
 * The pause form's words follow whose membership it is (issue 23): the member's own form keeps the spec's
 * question; an administrator or a company pausing someone else's reads about that member, by name once known.
 */
export function pauseWords(own: boolean, memberName?: string | null): PauseWords {
  if (own) {
    return {
      question: "Why are you pausing your membership?",
      lead: "While your membership is paused you are out of the random testing pool and no Letter of " +
        "Compliance is issued. You can resume it at any time.",
      otherHint: "Tell us in a few words; this is stored as your reason.",
    };
  }
  const name = memberName?.trim();
  const whose = name ? `${name}'s membership` : "this member's membership";
  return {
    question: `Why are you pausing ${whose}?`,
    lead: `While ${whose} is paused ${name || "the member"} is out of the random testing pool and no ` +
      "Letter of Compliance is issued. It can be resumed at any time.",
    otherHint: "This is stored as the reason for pausing.",
  };
}
