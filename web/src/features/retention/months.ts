/** A retention period in words: "63 months (5 years 3 months)", "12 months (1 year)", "6 months". */
export function monthsInWords(months: number): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const years = Math.floor(months / 12);
  const rest = months % 12;
  if (!years) return plural(months, "month");
  const parts = [plural(years, "year"), rest ? plural(rest, "month") : ""].filter(Boolean);
  return `${plural(months, "month")} (${parts.join(" ")})`;
}
