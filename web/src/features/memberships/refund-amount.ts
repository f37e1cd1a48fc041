/** The Refund section's check of the amount typed, before anything is sent (decision 0081). */
import { dollarsToCents, formatMoney } from "../../lib/money.ts";

/** Why an amount cannot be sent, or null: dollars and cents, at least $0.01, at most what is left. */
export function amountProblem(text: string, left: number): string | null {
  const cents = dollarsToCents(text);
  if (cents === null) return "Enter an amount in dollars, such as 20 or 20.50.";
  if (cents < 1) return "The amount must be at least $0.01.";
  if (cents > left) {
    return `The amount cannot be more than ${formatMoney(left, { cents: true })}, what is left to refund.`;
  }
  return null;
}
