/** The analytics event the web sends (the registration wizard's funnel, for now). */
import { z } from "zod";

/** The events the web may send; anything else is refused so the table stays meaningful. */
export const ANALYTICS_EVENTS = [
  "registration_started",
  "registration_account_created",
  "registration_payment_method_added",
  "registration_membership_type_chosen",
  "registration_completed",
] as const;

export const AnalyticsEventBody = z.object({
  name: z.enum(ANALYTICS_EVENTS, { error: `name must be one of: ${ANALYTICS_EVENTS.join(", ")}` }),
  props: z.record(
    z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, "props keys are snake_case, at most 40 characters"),
    z.union([z.string().max(200), z.number(), z.boolean(), z.null()], {
      error: "props values are short strings, numbers, booleans or null",
    }),
  ).refine((p) => Object.keys(p).length <= 20, "props holds at most 20 entries").optional(),
});
