/**
 * Money formatting. Every amount in this product is integer cents (server, database, API); this is the one place
 * that turns cents into the dollars a person reads.
 */

const WHOLE_DOLLARS = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const WITH_CENTS = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/**
 * Formats integer cents as US dollars: 10500 → "$105", 1999 → "$19.99"; `{ cents: true }` gives 700 → "$7.00".
 * Whole-dollar amounts drop the ".00" unless `{ cents: true }` asks for them (tables, receipts).
 */
export function formatMoney(cents: number, options: { cents?: boolean } = {}): string {
  if (!Number.isFinite(cents)) return "";
  const dollars = cents / 100;
  return options.cents || !Number.isInteger(dollars)
    ? WITH_CENTS.format(dollars)
    : WHOLE_DOLLARS.format(dollars);
}

/** Dollars a person typed as integer cents: "12.50" → 1250, "$60" → 6000; anything else → null. */
export function dollarsToCents(text: string): number | null {
  const m = /^\s*\$?(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
}

const COUNT = new Intl.NumberFormat("en-US");

/** A count as a person reads it: 1234567 → "1,234,567". */
export function formatCount(n: number): string {
  return COUNT.format(n);
}
