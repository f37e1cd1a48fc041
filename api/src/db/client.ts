/**
 * One database handle for both engines: PostgreSQL through postgres.js when DATABASE_URL is set, embedded
 * PGlite otherwise. Everything above this file talks Kysely and never knows which engine it has.
 */
import { Kysely } from "kysely";
import { PostgresJSDialect } from "kysely-postgres-js";
import { PGliteDialect } from "kysely-pglite-dialect";
import postgres from "postgres";
import { PGlite } from "@electric-sql/pglite";
import { mkdirSync } from "node:fs";
import type { DB } from "./types.ts";

export interface Database {
  db: Kysely<DB>;
  engine: "postgres" | "pglite";
  /** Runs a multi-statement SQL text and records it in schema_migrations, in one transaction. */
  applyMigration(name: string, checksum: string, text: string): Promise<boolean>;
  /** Raw parameterised query outside Kysely, for the migrator and benchmarks. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

// Both drivers return the same JavaScript types: int8 as number (ids and counts fit), date as 'YYYY-MM-DD'.
const INT8 = 20, DATE = 1082;

// Serialises migrators of several processes on one database (an arbitrary constant of this project).
const MIGRATION_LOCK = 718_204_113;

const RECORD_SQL = "insert into schema_migrations (name, checksum) values ($1, $2)";
const LOCK_SQL = `select pg_advisory_xact_lock(${MIGRATION_LOCK})`;
const APPLIED_SQL = "select 1 from schema_migrations where name = $1";
const BOOKKEEPING = `create table if not exists schema_migrations (
  name text primary key, checksum text not null, applied_at timestamptz not null default now())`;

export function connectPostgres(url: string, options: { max?: number } = {}): Database {
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    types: {
      int8: { to: INT8, from: [INT8], parse: (v: string) => Number(v), serialize: (v: number) => String(v) },
      date: { to: DATE, from: [DATE], parse: (v: string) => v, serialize: (v: string) => v },
    },
  });
  return {
    db: new Kysely<DB>({ dialect: new PostgresJSDialect({ postgres: sql }) }),
    engine: "postgres",
    async applyMigration(name, checksum, text) {
      await sql.unsafe(BOOKKEEPING);
      return await sql.begin(async (tx) => {
        await tx.unsafe(LOCK_SQL);
        if ((await tx.unsafe(APPLIED_SQL, [name])).length) return false;
        await tx.unsafe(text);
        await tx.unsafe(RECORD_SQL, [name, checksum]);
        return true;
      });
    },
    query: async <T>(text: string, params: unknown[] = []) =>
      (await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[])) as unknown as T[],
    close: () => sql.end({ timeout: 5 }),
  };
}

export async function connectPglite(dataDir: string | null): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // The options form: PGlite ignores the second argument when the first is undefined (in-memory).
  const pg = await PGlite.create({
    dataDir: dataDir ?? undefined,
    parsers: { [INT8]: (v: string) => Number(v), [DATE]: (v: string) => v },
  });
  return {
    db: new Kysely<DB>({ dialect: new PGliteDialect(pg) }),
    engine: "pglite",
    async applyMigration(name, checksum, text) {
      await pg.exec(BOOKKEEPING);
      return await pg.transaction(async (tx) => {
        if ((await tx.query(APPLIED_SQL, [name])).rows.length) return false;
        await tx.exec(text);
        await tx.query(RECORD_SQL, [name, checksum]);
        return true;
      });
    },
    query: async <T>(text: string, params: unknown[] = []) => (await pg.query<T>(text, params)).rows,
    close: () => pg.close(),
  };
}
