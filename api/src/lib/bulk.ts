/**
 * Set-based writes of many rows (the import's chunks, decision 0089): one statement per shape of row instead of
 * one per row. The rows travel as one JSON document that `jsonb_populate_recordset` turns into rows of the
 * table's own type, so each value takes its column's type (dates, timestamps, integers) with no cast written out,
 * on PostgreSQL and PGlite alike. The owning domain's queries.ts names the table (decision 0046).
 */
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/types.ts";

type Row = Record<string, unknown>;
type Table = keyof DB & string;

/** The rows grouped by the set of columns they carry, so that a missing column never becomes a NULL. */
function byShape<T>(rows: T[], columns: (row: T) => string[]): Map<string, { columns: string[]; rows: T[] }> {
  const groups = new Map<string, { columns: string[]; rows: T[] }>();
  for (const row of rows) {
    const cols = columns(row).sort();
    const shape = cols.join(",");
    const group = groups.get(shape);
    if (group) group.rows.push(row);
    else groups.set(shape, { columns: cols, rows: [row] });
  }
  return groups;
}

/** `n` new ids from `table`'s identity, in the order they are handed out (one statement). */
export async function reserveIds(db: Kysely<DB>, table: Table, n: number): Promise<number[]> {
  if (n === 0) return [];
  const r = await sql<{ id: number }>`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id
    from generate_series(1, ${n}::int)`.execute(db);
  return r.rows.map((x) => x.id);
}

/**
 * Inserts every row (each with its `id` already reserved), one statement per shape. Answers nothing: the ids
 * are the caller's.
 */
export async function insertAll(db: Kysely<DB>, table: Table, rows: Row[]): Promise<void> {
  for (const { columns, rows: group } of byShape(rows, (r) => Object.keys(r)).values()) {
    const names = sql.join(columns.map((c) => sql.ref(c)));
    const values = sql.join(columns.map((c) => sql.ref(`v.${c}`)));
    await sql`insert into ${sql.table(table)} (${names})
      select ${values} from jsonb_populate_recordset(null::${sql.table(table)}, ${
      JSON.stringify(group)
    }::text::jsonb) v`
      .execute(db);
  }
}

/** Updates each row `id` with its `change`, one statement per set of changed columns. */
export async function updateAll(
  db: Kysely<DB>,
  table: Table,
  rows: { id: number; change: Row }[],
): Promise<void> {
  const changed = rows.filter((r) => Object.keys(r.change).length > 0);
  for (const { columns, rows: group } of byShape(changed, (r) => Object.keys(r.change)).values()) {
    const set = sql.join(columns.map((c) => sql`${sql.ref(c)} = ${sql.ref(`v.${c}`)}`));
    const json = JSON.stringify(group.map((r) => ({ ...r.change, id: r.id })));
    await sql`update ${sql.table(table)} t set ${set}
      from jsonb_populate_recordset(null::${sql.table(table)}, ${json}::text::jsonb) v where t.id = v.id`
      .execute(
        db,
      );
  }
}

/** Inserts the rows with new ids; answers the ids in the rows' order. */
export async function insertWithIds(db: Kysely<DB>, table: Table, rows: Row[]): Promise<number[]> {
  const ids = await reserveIds(db, table, rows.length);
  await insertAll(db, table, rows.map((r, i) => ({ ...r, id: ids[i] })));
  return ids;
}
