/**
 * The "Users Improperly Configured" list as RFC 4180 CSV (UTF-8, CRLF), written page by page into a stream so
 * that a large list is never whole in memory. A cell that a spreadsheet would run as a formula (starting with
 * = + - @, or a tab or carriage return) is prefixed with an apostrophe.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import { usersWithoutPrimaryPage } from "./queries.ts";

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRow = (cells: unknown[]) => cells.map(csvCell).join(",") + "\r\n";

const HEADER = ["id", "email", "first_name", "last_name", "member_number", "phone", "created_at"];
const PAGE = 2000;

export function usersWithoutPrimaryCsv(db: Kysely<DB>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after = 0;
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvRow(HEADER)));
      }
      const rows = await usersWithoutPrimaryPage(db, after, PAGE);
      if (rows.length) {
        after = rows[rows.length - 1].id;
        controller.enqueue(
          encoder.encode(rows.map((r) => csvRow(HEADER.map((h) => r[h as keyof typeof r]))).join("")),
        );
      }
      if (rows.length < PAGE) controller.close();
    },
  });
}
