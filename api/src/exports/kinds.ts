/**
 * What each export type writes: its header, how many source rows it will read (for progress), and its rows,
 * one keyset batch at a time. Adding a type is one entry here and one in schemas.ts.
 */
import type { Kysely } from "kysely";
import type { DB, ExportType, JsonObject } from "../db/types.ts";
import { addDays, officeDay, startOfDayIn } from "../lib/dates.ts";
import { countBusinesses, misConsortium, type MisCounts, misEmployerBatch } from "../mis/queries.ts";
import { MIS_COLUMNS, misYear } from "../mis/service.ts";
import type { Cell } from "./csv.ts";
import {
  countExpired,
  countOrders,
  countTests,
  countUsers,
  expiredBatch,
  orderBatch,
  testBatch,
  userBatch,
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
  lines: Cell[][];
}

export interface ExportKind {
  label: string;
  header: string[];
  total(ctx: KindContext, filters: JsonObject): Promise<number>;
  batch(ctx: KindContext, filters: JsonObject, after: number, limit: number): Promise<Batch>;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
const str = (v: unknown): string | null => typeof v === "string" && v ? v : null;

/** A keyset batch of rows with an `id`, mapped to lines. */
async function paged<R extends { id: number }>(
  rows: Promise<R[]>,
  limit: number,
  toLine: (r: R) => Cell[],
): Promise<Batch> {
  const list = await rows;
  return {
    next: list.length === limit ? list[list.length - 1].id : null,
    read: list.length,
    lines: list.map(toLine),
  };
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
    batch: ({ db }, _f, after, limit) =>
      paged(userBatch(db, after, limit), limit, (u) => [
        u.id,
        u.member_number,
        u.first_name,
        u.middle_name,
        u.last_name,
        u.email,
        u.phone,
        u.address_one,
        u.address_two,
        u.city,
        u.state,
        u.postal_code,
        u.country,
        u.uscg_cred,
        u.is_admin,
        u.is_der,
        u.primary_business,
        u.created_at,
      ]),
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
    batch: ({ db }, _f, after, limit) =>
      paged(orderBatch(db, after, limit), limit, (o) => [
        o.id,
        o.number,
        o.created_at,
        o.kind,
        o.status,
        o.user_id,
        o.first_name,
        o.last_name,
        o.email,
        o.business,
        dollars(o.total_cents),
        o.payment_type,
        o.payment_medium,
        o.manual_charge_date,
        o.completed_at,
      ]),
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
    batch: (ctx, f, after, limit) =>
      paged(testBatch(ctx.db, testFilter(ctx, f), after, limit), limit, (t) => [
        t.id,
        t.user_id,
        t.member_number,
        t.first_name,
        t.last_name,
        t.employer,
        t.reason,
        t.status,
        t.result,
        t.created_at,
        t.ordered_at,
        t.collected_at,
        t.resulted_at,
      ]),
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
      paged(expiredBatch(ctx.db, expiryFilter(ctx, f), after, limit), limit, (m) => [
        m.id,
        m.user_id,
        m.member_number,
        m.first_name,
        m.last_name,
        m.email,
        m.phone,
        m.type,
        m.expire_at,
        m.cancelled_at,
        m.business,
      ]),
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
      return { next: last, read: rows.length, lines };
    },
  },
};
