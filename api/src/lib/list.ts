/**
 * Lists and records. Every list answers `{ data, meta: { total, page, per_page } }`, pages from 1, sorts by id
 * descending unless asked otherwise, and sorts only by whitelisted columns. Every record is
 * `{ id, type, attributes, relationships }`.
 */
import { type Expression, type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { DB } from "../db/types.ts";
import { z } from "zod";
import { intText } from "./params.ts";

export const SORT_DIRECTIONS = ["asc", "desc"] as const;

/** Query schema for a list sortable by `id` and the given columns (names as the API exposes them). */
export function listQuery<const C extends string>(sortable: readonly C[]) {
  const columns = ["id", ...sortable] as [string, ...string[]];
  return z.object({
    page: intText("page must be a whole number from 1", 1).default(1),
    per_page: intText("per_page must be between 1 and 100", 1).max(100, "per_page must be between 1 and 100")
      .default(20),
    sort_by: z.enum(columns, { error: `sort_by must be one of: ${columns.join(", ")}` }).default("id"),
    sort_dir: z.string().toLowerCase().pipe(
      z.enum(SORT_DIRECTIONS, { error: "sort_dir must be asc or desc" }),
    )
      .default("desc"),
  });
}

export interface ListParams {
  page: number;
  per_page: number;
  sort_by: string;
  sort_dir: "asc" | "desc";
}

export interface ListMeta {
  total: number;
  page: number;
  per_page: number;
}

export const listMetaSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});

/** Response schema of a list of `record`s. */
export const listOf = <T extends z.ZodType>(record: T) =>
  z.object({ data: z.array(record), meta: listMetaSchema });

/**
 * Runs one page of `query` and its total. `columns` maps each sortable API name to its SQL column; the id
 * column breaks ties so pages never overlap.
 */
export async function paginate<D, T extends keyof D, O>(
  query: SelectQueryBuilder<D, T, O>,
  params: ListParams,
  columns: Record<string, string>,
) {
  const column = columns[params.sort_by];
  if (!column) throw new Error(`No column for sort_by=${params.sort_by}`);
  const [rows, count] = await Promise.all([
    query.orderBy(sql.ref(column), params.sort_dir).orderBy(sql.ref(columns.id), params.sort_dir)
      .limit(params.per_page).offset((params.page - 1) * params.per_page).execute(),
    query.clearSelect().select(sql<number>`count(*)::int`.as("total")).executeTakeFirst(),
  ]);
  const meta: ListMeta = {
    total: Number((count as { total?: number } | undefined)?.total ?? 0),
    page: params.page,
    per_page: params.per_page,
  };
  return { rows, meta };
}

/**
 * `paginate` for a list over a large table (the users at a million members, decision 0096): the page's ids are
 * found first, in the list's order (an index-only walk where an index holds the sort column with the id, e.g.
 * sql/0061), and only those rows are read; a deep page then skips index entries instead of whole rows. `total`,
 * when given, answers the total instead of counting the query's rows (an unfiltered list: `liveTotal`).
 * `rowsOf`, when given, reads the page's rows instead of `query` (its `columns` named alike): the rows of the
 * ids it is handed, with joins that only the page needs (the notification center's cards), while `query`, which
 * finds and counts them, holds none.
 */
export async function paginateById<D, T extends keyof D, O, RD = D, RT extends keyof RD = never, R = O>(
  query: SelectQueryBuilder<D, T, O>,
  params: ListParams,
  columns: Record<string, string>,
  total?: () => Promise<number>,
  rowsOf?: (ids: Expression<unknown>) => SelectQueryBuilder<RD, RT, R>,
): Promise<{ rows: R[]; meta: ListMeta }> {
  const column = columns[params.sort_by];
  if (!column) throw new Error(`No column for sort_by=${params.sort_by}`);
  const ids = query.clearSelect().select(sql.ref(columns.id).as("page_id"))
    .orderBy(sql.ref(column), params.sort_dir).orderBy(sql.ref(columns.id), params.sort_dir)
    .limit(params.per_page).offset((params.page - 1) * params.per_page);
  const read = rowsOf
    ? rowsOf(ids).orderBy(sql.ref(column), params.sort_dir).orderBy(sql.ref(columns.id), params.sort_dir)
      .execute()
    : query.where(sql<boolean>`${sql.ref(columns.id)} in (${ids})`)
      .orderBy(sql.ref(column), params.sort_dir).orderBy(sql.ref(columns.id), params.sort_dir)
      .execute() as Promise<unknown[]> as Promise<R[]>;
  const [rows, count] = await Promise.all([
    read,
    total ? total() : query.clearSelect().select(sql<number>`count(*)::int`.as("total")).executeTakeFirst()
      .then((row) => (row as { total?: number } | undefined)?.total ?? 0),
  ]);
  const meta: ListMeta = {
    total: Number(count),
    page: params.page,
    per_page: params.per_page,
  };
  return { rows, meta };
}

/**
 * The live (not soft-deleted) rows of a large list's table, kept by triggers (sql/0064): the total of the list
 * when no filter is applied, instead of counting a million index entries a request (decision 0096).
 */
export async function liveTotal(db: Kysely<DB>, list: "users" | "businesses"): Promise<number> {
  const row = await db.selectFrom("stats_live_totals").select("n").where("list", "=", list)
    .executeTakeFirst();
  return row?.n ?? 0;
}

export interface Ref {
  data: { id: number; type: string } | null;
}

/** A relationship to one record, or null when there is none. */
export const ref = (type: string, id: number | null | undefined): Ref => ({
  data: id == null ? null : { id, type },
});

export function record<T extends string, A>(
  type: T,
  id: number,
  attributes: A,
  relationships: Record<string, Ref> = {},
) {
  return { id, type, attributes, relationships };
}

const refSchema = z.object({ data: z.object({ id: z.number().int(), type: z.string() }).nullable() });

/** Response schema of a record with the given attributes and relationship names. */
export function recordSchema<T extends string, A extends z.ZodType>(
  type: T,
  attributes: A,
  relationships: string[] = [],
) {
  return z.object({
    id: z.number().int(),
    type: z.literal(type),
    attributes,
    relationships: z.object(Object.fromEntries(relationships.map((r) => [r, refSchema]))),
  });
}
