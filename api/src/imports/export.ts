/**
 * Out and back in (issue 36 item 4, decision 0084): everything the import takes, written in the import's own
 * templates (the same columns in the same order, the same words and formats), so an export is an import file
 * and an export imported into an empty database exports the same bytes. Streamed page by page in key order.
 */
import type { Kysely } from "kysely";
import type { DB, ImportKind } from "../db/types.ts";
import { csvRow } from "./csv.ts";
import { dollars, ein, REASON_WORDS, TEMPLATES } from "./fields.ts";
import { exportCompanies, exportMembers, exportMemberships, exportTests } from "./queries.ts";
import { storeOrdersPage } from "./store-orders/kind.ts";

const PAGE = 5000;
const day = (d: Date | string | null) => d === null ? null : new Date(d).toISOString().slice(0, 10);
const RESULT_WORDS: Record<string, string> = {
  negative: "Passed",
  negative_dilute: "Passed",
  positive: "Not passed",
  refusal: "Refusal",
  cancelled: "Cancelled",
};

type Cells = (string | null)[];

/** One page of a kind's rows after `after` (its natural key), as template cells, with the last key. */
async function page(
  db: Kysely<DB>,
  kind: ImportKind,
  after: string,
): Promise<{ rows: Cells[]; last: string }> {
  if (kind === "store_orders") return await storeOrdersPage(db, after, PAGE);
  if (kind === "companies") {
    const rows = await exportCompanies(db, after, PAGE);
    return {
      rows: rows.map((r) => [
        ein(r.tax_id),
        r.name,
        r.dba_name,
        r.email,
        r.phone,
        r.address_one,
        r.address_two,
        r.city,
        r.state,
        r.postal_code,
        r.country,
        r.der_email?.toLowerCase() ?? null,
        r.der_first_name,
        r.der_last_name,
        r.der_member_number,
      ]),
      last: rows.at(-1)?.k ?? "",
    };
  }
  if (kind === "members") {
    const rows = await exportMembers(db, after, PAGE);
    return {
      rows: rows.map((r) => [
        r.k,
        r.member_number,
        r.first_name,
        r.middle_name,
        r.last_name,
        r.phone,
        r.address_one,
        r.address_two,
        r.city,
        r.state,
        r.postal_code,
        r.country,
        r.uscg_cred,
        r.ssn_last4,
        ein(r.employer_ein),
      ]),
      last: rows.at(-1)?.k ?? "",
    };
  }
  if (kind === "memberships") {
    const rows = await exportMemberships(db, after, PAGE);
    return {
      rows: rows.map((r) => [
        r.k.split("|")[0],
        r.type,
        r.starts_on,
        r.expire_at,
        r.manual_charge_date,
        dollars(r.price_cents),
        ein(r.paid_by_ein),
      ]),
      last: rows.at(-1)?.k ?? "",
    };
  }
  const rows = await exportTests(db, after, PAGE);
  return {
    rows: rows.map((r) => [
      r.k,
      r.member_email,
      ein(r.employer_ein),
      REASON_WORDS[r.reason],
      day(r.collected_at),
      RESULT_WORDS[r.result!],
      day(r.resulted_at),
    ]),
    last: rows.at(-1)?.k ?? "",
  };
}

/** The kind's export as a stream of CSV bytes (UTF-8, header first, CRLF). */
export function exportStream(db: Kysely<DB>, kind: ImportKind): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after = "";
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(encoder.encode(csvRow(TEMPLATES[kind].map((f) => f.name))));
    },
    async pull(c) {
      if (done) return c.close();
      const { rows, last } = await page(db, kind, after);
      if (rows.length < PAGE) done = true;
      after = last;
      if (rows.length) c.enqueue(encoder.encode(rows.map((r) => csvRow(r)).join("")));
      if (done) c.close();
    },
  });
}
