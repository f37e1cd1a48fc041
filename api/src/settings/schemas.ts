/** The public prices: every amount in integer cents. */
import { z } from "zod";

const cents = (what: string) => z.number().int().nonnegative().describe(`${what}, in integer cents`);

export const PricesResponse = z.object({
  annual_new_cents: cents("Annual consortium membership for a new member"),
  annual_renewal_cents: cents("Annual consortium membership for a renewing or existing member"),
  one_time_cents: cents("One-time drug test membership"),
  compliance_kit_cents: cents("Business compliance kit (one-time)"),
});
