/** The public prices: every amount in integer cents. */
import { z } from "zod";

const cents = (what: string) => z.number().int().nonnegative().describe(`${what}, in integer cents`);

export const PricesResponse = z.object({
  annual_new_cents: cents("Annual consortium membership for a new member"),
  annual_renewal_cents: cents("Annual consortium membership for a renewing or existing member"),
  one_time_cents: cents("One-time drug test membership"),
  compliance_kit_cents: cents("Business compliance kit (one-time)"),
});

/** The validation texts of the administrators' Settings form (decision 0075). */
export const SETTINGS_MESSAGES = {
  price: "Price must be an amount from $0.50 to $10,000.00",
  noticeDays: "Renewal notice days must be a whole number from 15 to 45",
  rosterMonths: "Roster confirmations are asked every 1, 3, 6 or 12 months",
  changed:
    "The settings were changed by another administrator since you opened them. Reload to see their changes, " +
    "then make yours again.",
  updated: "Settings have been updated",
  unchanged: "Nothing to save: the settings are as they were",
} as const;

/** A price an administrator may set: the card processor's least charge ($0.50) up to $10,000. */
const price = (what: string) =>
  z.number({ error: SETTINGS_MESSAGES.price }).int(SETTINGS_MESSAGES.price).min(50, SETTINGS_MESSAGES.price)
    .max(1_000_000, SETTINGS_MESSAGES.price).describe(`${what}, in integer cents (50 to 1,000,000)`);

export const AdminSettingsRecord = PricesResponse.extend({
  renewal_notice_days: z.number().int().describe(
    "Days before an automatic annual renewal that its notice (date, amount, card, how to cancel) is mailed; " +
      "15 to 45, what state automatic-renewal laws ask for terms of a year",
  ),
  roster_confirmation_months: z.number().int().describe(
    "Months between the requests that ask each company's DER to confirm its crew list (1, 3, 6 or 12; " +
      "decision 0087)",
  ),
  pause_warning_days: z.number().int().describe(
    "Paused days within the window from which a resuming member needs a drug test (46 CFR 16.210(b)(2)); " +
      "read only",
  ),
  pause_window_days: z.number().int().describe("The window of the pause rule, in days; read only"),
  updated_at: z.string().describe("When the settings last changed (ISO 8601); send it back with a change"),
});

export const AdminSettingsResponse = z.object({ data: AdminSettingsRecord });

export const AdminSettingsChangeResponse = AdminSettingsResponse.extend({
  message: z.string().describe("What the change did, for the screen's notice"),
});

export const AdminSettingsBody = z.object({
  annual_new_cents: price("Annual consortium membership for a new member"),
  annual_renewal_cents: price("Annual consortium membership for a renewing or existing member"),
  one_time_cents: price("One-time drug test membership"),
  compliance_kit_cents: price("Business compliance kit (one-time)"),
  renewal_notice_days: z.number({ error: SETTINGS_MESSAGES.noticeDays }).int(SETTINGS_MESSAGES.noticeDays)
    .min(15, SETTINGS_MESSAGES.noticeDays).max(45, SETTINGS_MESSAGES.noticeDays)
    .describe("Days before an automatic renewal that its notice is mailed (15 to 45)"),
  roster_confirmation_months: z.number({ error: SETTINGS_MESSAGES.rosterMonths }).int(
    SETTINGS_MESSAGES.rosterMonths,
  )
    .refine((n) => [1, 3, 6, 12].includes(n), SETTINGS_MESSAGES.rosterMonths).optional()
    .describe("Months between roster confirmation requests (1, 3, 6 or 12); unchanged when left out"),
  updated_at: z.iso.datetime({ offset: true, error: "updated_at must be the settings' last change" })
    .describe(
      "The `updated_at` the form was opened with: a change made meanwhile by someone else answers 409",
    ),
});
