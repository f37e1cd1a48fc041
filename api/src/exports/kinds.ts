/**
 * What each export type writes: its header, how many source rows it will read (for progress), and its rows,
 * one keyset batch at a time. Adding a type is one entry here and one in schemas.ts.
 */
import type { Kysely } from "kysely";
import type { DB, ExportType, JsonObject } from "../db/types.ts";
import { addDays, officeDay, startOfDayIn } from "../lib/dates.ts";
import {
  countBusinesses,
  MIS_COLUMNS,
  misConsortium,
  type MisCounts,
  misEmployerBatch,
  misYear,
} from "../mis/service.ts";
import { type Cell, csvLine } from "./csv.ts";
import {
  countExpired,
  countOrders,
  countTests,
  countUsers,
  type CsvBatch,
  expiredCsvBatch,
  expiredCsvCopy,
  orderCsvBatch,
  orderCsvCopy,
  testCsvBatch,
  testCsvCopy,
  userCsvBatch,
  userCsvCopy,
} from "./queries.ts";

export interface KindContext {
  db: Kysely<DB>;
  officeTimeZone: string;
  now: Date;
}

export interface Batch {
  /** The id the next batch starts after; null when this was the last batch. */
  next: number | null;
  /** Source rows read (progress), which for the MIS report can be more than the lines written. */
  read: number;
  /** Records written. */
  lines: number;
  /** The records as CSV, each ended by CRLF. */
  text: string;
}

export interface ExportKind {
  label: string;
  header: string[];
  total(ctx: KindContext, filters: JsonObject): Promise<number>;
  batch(ctx: KindContext, filters: JsonObject, after: number, limit: number): Promise<Batch>;
  /**
   * The whole export as one `COPY ... TO STDOUT` text (values inlined as literals), for PostgreSQL: the same
   * records as the batches, streamed at the speed of COPY. Absent for a type computed here (the MIS report).
   */
  copy?(ctx: KindContext, filters: JsonObject): string;
}

const str = (v: unknown): string | null => typeof v === "string" && v ? v : null;

/** A batch rendered by PostgreSQL (queries.ts csvBatch): a full batch means another may follow. */
async function paged(batch: Promise<CsvBatch>, limit: number): Promise<Batch> {
  const b = await batch;
  return { next: b.rows === limit ? b.last : null, read: b.rows, lines: b.rows, text: b.text };
}

/** An inclusive date range of the filters as instants in the office's zone. */
function instants(filters: JsonObject, tz: string) {
  const from = str(filters.from), to = str(filters.to);
  return {
    from: from ? startOfDayIn(from, tz) : null,
    to: to ? startOfDayIn(addDays(to, 1), tz) : null,
  };
}

const testFilter = (ctx: KindContext, f: JsonObject) => ({
  reason: str(f.reason),
  ...instants(f, ctx.officeTimeZone),
});

const expiryFilter = (ctx: KindContext, f: JsonObject) => ({
  from: str(f.from),
  to: str(f.to),
  before: officeDay(ctx.now, ctx.officeTimeZone),
});

const misBusiness = (f: JsonObject) => typeof f.business_id === "number" ? f.business_id : null;
const misCells = (c: MisCounts) => MIS_COLUMNS.map(([key]) => c[key]);

export const KINDS: Record<ExportType, ExportKind> = {
  users: {
    label: "Users",
    header: [
      "User ID",
      "Member Number",
      "First Name",
      "Middle Name",
      "Last Name",
      "Email",
      "Phone",
      "Address",
      "Address 2",
      "City",
      "State",
      "Postal Code",
      "Country",
      "USCG Credential",
      "Administrator",
      "DER",
      "Primary Business",
      "Created",
    ],
    total: ({ db }) => countUsers(db),
    batch: ({ db }, _f, after, limit) => paged(userCsvBatch(db, after, limit), limit),
    copy: ({ db }) => userCsvCopy(db),
  },
  transactions: {
    label: "Transactions",
    header: [
      "Order ID",
      "Order Number",
      "Created",
      "Kind",
      "Status",
      "User ID",
      "First Name",
      "Last Name",
      "Email",
      "Business",
      "Total (USD)",
      "Payment Type",
      "Payment Medium",
      "Manual Charge Date",
      "Completed",
    ],
    total: ({ db }) => countOrders(db),
    batch: ({ db }, _f, after, limit) => paged(orderCsvBatch(db, after, limit), limit),
    copy: ({ db }) => orderCsvCopy(db),
  },
  i3_tests: {
    label: "I3 Tests",
    header: [
      "Test ID",
      "User ID",
      "Member Number",
      "First Name",
      "Last Name",
      "Employer",
      "Reason",
      "Status",
      "Result",
      "Created",
      "Ordered",
      "Collected",
      "Resulted",
    ],
    total: (ctx, f) => countTests(ctx.db, testFilter(ctx, f)),
    batch: (ctx, f, after, limit) => paged(testCsvBatch(ctx.db, testFilter(ctx, f), after, limit), limit),
    copy: (ctx, f) => testCsvCopy(ctx.db, testFilter(ctx, f)),
  },
  expired_memberships: {
    label: "Expired Memberships",
    header: [
      "Membership ID",
      "User ID",
      "Member Number",
      "First Name",
      "Last Name",
      "Email",
      "Phone",
      "Type",
      "Expired On",
      "Cancelled",
      "Business",
    ],
    total: (ctx, f) => countExpired(ctx.db, expiryFilter(ctx, f)),
    batch: (ctx, f, after, limit) =>
      paged(expiredCsvBatch(ctx.db, expiryFilter(ctx, f), after, limit), limit),
    copy: (ctx, f) => expiredCsvCopy(ctx.db, expiryFilter(ctx, f)),
  },
  mis: {
    label: "MIS Report",
    header: ["Year", "Business ID", "Employer", ...MIS_COLUMNS.map(([, label]) => label)],
    // Progress counts the employers examined; those with no covered employee and no result are left out.
    total: ({ db }, f) => countBusinesses(db, misBusiness(f)),
    async batch(ctx, f, after, limit) {
      const year = Number(f.year);
      const bounds = misYear(year, ctx.officeTimeZone);
      const only = misBusiness(f);
      const rows = await misEmployerBatch(ctx.db, bounds, after, limit, only);
      const lines: Cell[][] = rows.filter((r) => r.covered_employees > 0 || r.total_results > 0)
        .map((r) => [year, r.business_id, r.business_name, ...misCells(r)]);
      const last = rows.length === limit ? rows[rows.length - 1].business_id : null;
      // The consortium's line closes the whole-consortium report.
      if (last === null && only === null) {
        lines.push([year, null, "Consortium total", ...misCells(await misConsortium(ctx.db, bounds))]);
      }
      return { next: last, read: rows.length, lines: lines.length, text: lines.map(csvLine).join("") };
    },
  },
};
