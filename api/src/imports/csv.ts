/**
 * Reading CSV files that other systems wrote (decision 0084), meant to be shared by every upload of a list:
 * the bytes are looked at once as they stream in (`inspect`: hash, size, whether they are UTF-8, a NUL byte
 * that says "not a text file", and the first bytes for the header), then read as records by csv-parse (npm)
 * in streaming fashion, so a 200 MB file never sits in memory.
 *
 * - Encoding: UTF-8 when every byte of the file decodes as UTF-8 (a BOM is dropped), else Windows-1252 (what
 *   Excel on Windows saves as "CSV"): every byte is a character there, so nothing is refused for its encoding.
 * - Separator: the one of `,` `;` tab that splits the header line into the most fields outside quotes.
 * - Quoted fields keep their separators, doubled quotes and line breaks.
 */
import { parse } from "csv-parse/stream";

export type Encoding = "utf-8" | "windows-1252";
export type Separator = "," | ";" | "\t";

/** The first bytes kept for the header and the sample rows. */
export const HEAD_BYTES = 64 * 1024;

export const NOT_CSV =
  "This file is not a CSV file: save it from your spreadsheet as CSV and upload it again.";

export interface Inspection {
  sha256: string;
  size: number;
  validUtf8: boolean;
  hasNul: boolean;
  head: Uint8Array;
}

/**
 * A pass-through stream that looks at every byte once on its way to storage; `result()` resolves when the
 * stream ended. The SHA-256 is computed incrementally (hash-wasm), never over the whole file held at once.
 */
export async function inspector(): Promise<
  { stream: TransformStream<Uint8Array, Uint8Array>; result: () => Inspection }
> {
  const { createSHA256 } = await import("hash-wasm");
  const hash = await createSHA256();
  hash.init();
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  let size = 0, validUtf8 = true, hasNul = false, digest = "";
  const head = new Uint8Array(HEAD_BYTES);
  let headLength = 0;
  const stream = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      hash.update(chunk);
      size += chunk.length;
      if (!hasNul && chunk.includes(0)) hasNul = true;
      if (validUtf8) {
        try {
          utf8.decode(chunk, { stream: true });
        } catch {
          validUtf8 = false;
        }
      }
      if (headLength < HEAD_BYTES) {
        const take = chunk.subarray(0, HEAD_BYTES - headLength);
        head.set(take, headLength);
        headLength += take.length;
      }
      controller.enqueue(chunk);
    },
    flush() {
      if (validUtf8) {
        try {
          utf8.decode();
        } catch {
          validUtf8 = false;
        }
      }
      digest = hash.digest("hex");
    },
  });
  return {
    stream,
    result: () => ({ sha256: digest, size, validUtf8, hasNul, head: head.slice(0, headLength) }),
  };
}

/** Text of `bytes` in `encoding`, without a BOM. */
export function decode(bytes: Uint8Array, encoding: Encoding): string {
  return new TextDecoder(encoding).decode(bytes);
}

/** The separator that splits the first record into the most fields outside quotes (ties: comma). */
export function sniffSeparator(text: string): Separator {
  const counts: Record<Separator, number> = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && ch in counts) counts[ch as Separator]++;
  }
  let best: Separator = ",";
  for (const sep of [";", "\t"] as const) if (counts[sep] > counts[best]) best = sep;
  return best;
}

export interface CsvRecord {
  /** The record's number in the file: the header is 1. */
  number: number;
  cells: string[];
}

/**
 * The records of a CSV byte stream, header first, read in streaming fashion. Empty lines are skipped; rows may
 * have more or fewer cells than the header (the caller decides). A malformed file (a quote never closed)
 * throws a CsvFileError naming the line.
 */
export async function* records(
  body: ReadableStream<Uint8Array>,
  encoding: Encoding,
  separator: Separator,
): AsyncGenerator<CsvRecord> {
  const parser = parse({
    delimiter: separator,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    record_delimiter: ["\r\n", "\n", "\r"],
  }) as unknown as TransformStream<Uint8Array, string[]>;
  // csv-parse reads UTF-8 bytes: a Windows-1252 file is decoded and written again as UTF-8 on the way.
  const text = encoding === "utf-8"
    ? body
    : body.pipeThrough(new TextDecoderStream(encoding) as unknown as TransformStream<Uint8Array, string>)
      .pipeThrough(new TextEncoderStream());
  let number = 0;
  try {
    for await (const cells of text.pipeThrough(parser)) {
      number++;
      yield { number, cells: cells.map((c) => c.replace(/^\uFEFF/, "")) };
    }
  } catch (error) {
    throw new CsvFileError(
      `The file could not be read as CSV after row ${number}: ${
        error instanceof Error ? error.message.split("\n")[0] : String(error)
      }`,
    );
  }
}

export class CsvFileError extends Error {}

/** The header and the first `sampleRows` data records from the first bytes of a file. */
export async function headOf(
  head: Uint8Array,
  encoding: Encoding,
  separator: Separator,
  sampleRows: number,
): Promise<{ header: string[]; sample: string[][] }> {
  // The head may end inside a record: only the complete records before the cut are kept.
  const stream = new Blob([head.slice()]).stream();
  const out: string[][] = [];
  try {
    for await (const r of records(stream, encoding, separator)) {
      out.push(r.cells);
      if (out.length > sampleRows + 1) break;
    }
  } catch {
    // A record cut by the head's end: what came before it is enough.
  }
  const [header = [], ...rest] = out;
  return { header: header.map((h) => h.trim()), sample: rest.slice(0, sampleRows) };
}

/** Whether an upload reads as a CSV file: text, and a header of at least two named columns. */
export function looksLikeCsv(i: Inspection, header: string[]): boolean {
  if (i.hasNul || i.size === 0) return false;
  return header.length >= 2 && header.filter((h) => h !== "").length >= 2;
}

/** One CSV field for files we write (the error file): quoted when needed, RFC 4180. */
export function csvField(value: string | null | undefined): string {
  const text = value ?? "";
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRow = (cells: readonly (string | null | undefined)[]) =>
  cells.map(csvField).join(",") + "\r\n";
