/**
 * CSV as RFC 4180 says: fields separated by commas, records ended by CRLF, and every text field enclosed in
 * quotes with its quotes doubled (RFC 4180 allows quoting any field; quoting all of them is the cheapest rule
 * for PostgreSQL, which renders export rows by the same rules: sql/0022 export_csv_cell). Numbers, booleans
 * and instants are never quoted. UTF-8 with a byte order mark, so that Excel (the tool
 * the office opens exports with) reads names such as "Zoë" right; other readers skip the mark.
 *
 * Spreadsheet formula injection (OWASP "CSV injection"): a cell starting with = + - @, a tab or a CR is
 * run as a formula by Excel and LibreOffice, so such a cell gets a leading apostrophe and is shown as text.
 * This also prefixes negative numbers written as text; exports write amounts as plain dollars (never
 * negative) and ids, so nothing an administrator needs is lost.
 */

export const BOM = "\uFEFF";

/** Characters that make a spreadsheet treat a cell as a formula when they start it. */
const FORMULA_START = /^[=+\-@\t\r]/;

export type Cell = string | number | boolean | Date | null | undefined;

/** One field, neutralised and (text) quoted. null and undefined are empty fields. */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date
    ? value.toISOString()
    : typeof value === "boolean"
    ? (value ? "true" : "false")
    : String(value);
  if (typeof value !== "string") return text;
  // Numbers are written by us and never start a formula except a negative one, which stays a number.
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** One record with its CRLF. */
export function csvLine(cells: readonly Cell[]): string {
  return cells.map(csvCell).join(",") + "\r\n";
}
