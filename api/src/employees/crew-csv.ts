/**
 * Reading a crew list a DER uploads or pastes (decision 0086): files made by other systems. The bytes are
 * UTF-8 (with or without a byte-order mark) or, when they are not valid UTF-8, Windows-1252 (what Excel on
 * Windows saves as "CSV"); the separator is the one the header line uses most (comma, semicolon or tab);
 * quoted fields may hold separators and line breaks. Parsing is csv-parse's (npm), not ours. A file that is
 * not text (a spreadsheet, a PDF, an image) or has no name columns is refused with a 422 that says so.
 */
import { parse } from "csv-parse/sync";
import { AppError } from "../lib/errors.ts";

export const CREW_CSV_MESSAGES = {
  notText: "This file is not a CSV list. Save the crew list as CSV (comma-separated values) and upload that.",
  notACsv:
    "This is not a crew list we can read: it needs a header line with First Name and Last Name columns.",
  unreadable: "This CSV cannot be read: a quoted field is not closed. Check the row it names and try again.",
  empty: "The list is empty: add a header line and one row per employee.",
  tooMany: (max: number) => `A crew list holds at most ${max} rows; split it into several uploads.`,
} as const;

/** The most rows one upload files (a large company sends several). */
export const MAX_CREW_ROWS = 500;

/** The fields a crew list may have, each with the header names other systems use for it (lower case). */
const HEADERS = {
  first_name: ["first name", "first_name", "firstname", "first", "given name", "given_name"],
  middle_name: ["middle name", "middle_name", "middlename", "middle", "middle initial", "mi"],
  last_name: ["last name", "last_name", "lastname", "last", "surname", "family name"],
  email: ["email", "e-mail", "email address", "e-mail address", "mail"],
  phone: ["phone", "phone number", "telephone", "mobile", "cell", "cell phone"],
  address_one: ["address", "address 1", "address_one", "address1", "street", "street address"],
  address_two: ["address 2", "address_two", "address2", "apt", "suite"],
  city: ["city", "town"],
  state: ["state", "st", "province"],
  postal_code: ["zip", "zip code", "zipcode", "postal code", "postal_code", "postcode"],
  country: ["country"],
  uscg_cred: [
    "uscg cred",
    "uscg_cred",
    "uscg credential",
    "mmc",
    "mmc number",
    "reference number",
    "credential",
  ],
  ssn: ["ssn", "ssn last 4", "ssn last four", "last 4 ssn", "last four ssn", "ssn_last4", "last4", "ssn4"],
} as const;

export type CrewField = keyof typeof HEADERS;
export type CrewCells = Partial<Record<CrewField, string>>;
export interface CrewLine {
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  row: number;
  cells: CrewCells;
}

const normalise = (h: string) => h.trim().toLowerCase().replace(/[\s_.\-#:]+/g, " ").trim();
const FIELD_OF = new Map<string, CrewField>(
  (Object.entries(HEADERS) as [CrewField, readonly string[]][]).flatMap(([field, names]) =>
    names.map((n) => [normalise(n), field] as const)
  ),
);

/** The text of the bytes: UTF-8 (a BOM dropped), else Windows-1252; binary content is refused. */
export function decodeCrewBytes(bytes: Uint8Array): string {
  // NUL bytes do not occur in a text file of either encoding; spreadsheets, PDFs and images have them early.
  if (bytes.subarray(0, 8192).includes(0)) throw new AppError("VALIDATION_FAILED", CREW_CSV_MESSAGES.notText);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  return text.replace(/^\uFEFF/, "");
}

/** The separator the header line uses most, outside quotes: a comma unless a semicolon or a tab wins. */
function separatorOf(text: string): string {
  const counts = new Map([[",", 0], [";", 0], ["\t", 0]]);
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0][1] > 0
    ? [...counts].sort((a, b) => b[1] - a[1])[0][0]
    : ",";
}

/**
 * The rows of a crew list, each with its cells by field (unknown columns are ignored, blank rows skipped).
 * Refuses (422) text without a First Name and a Last Name column, an unclosed quote, and more than
 * MAX_CREW_ROWS rows.
 */
export function readCrewList(text: string): CrewLine[] {
  if (!text.trim()) throw new AppError("VALIDATION_FAILED", CREW_CSV_MESSAGES.empty);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: separatorOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      bom: true,
    }) as string[][];
  } catch {
    throw new AppError("VALIDATION_FAILED", CREW_CSV_MESSAGES.unreadable);
  }
  const [header, ...rest] = records;
  const columns = (header ?? []).map((h) => FIELD_OF.get(normalise(h)) ?? null);
  if (!columns.includes("first_name") || !columns.includes("last_name")) {
    throw new AppError("VALIDATION_FAILED", CREW_CSV_MESSAGES.notACsv);
  }
  const lines: CrewLine[] = [];
  // csv-parse does not say which line a record began on once quoted line breaks occur; the row number counts
  // records, as a spreadsheet opening the file numbers its rows.
  rest.forEach((record, i) => {
    if (record.every((cell) => !cell)) return;
    const cells: CrewCells = {};
    columns.forEach((field, c) => {
      if (field && record[c] && cells[field] === undefined) cells[field] = record[c];
    });
    lines.push({ row: i + 2, cells });
  });
  if (!lines.length) throw new AppError("VALIDATION_FAILED", CREW_CSV_MESSAGES.empty);
  if (lines.length > MAX_CREW_ROWS) {
    throw new AppError("VALIDATION_FAILED", CREW_CSV_MESSAGES.tooMany(MAX_CREW_ROWS));
  }
  return lines;
}
