/**
 * One database handle for both engines: PostgreSQL through postgres.js when DATABASE_URL is set, embedded
 * PGlite otherwise. Everything above this file talks Kysely and never knows which engine it has.
 */
import { Kysely } from "kysely";
import { PostgresJSDialect } from "kysely-postgres-js";
import { PGliteDialect } from "kysely-pglite-dialect";
import postgres from "postgres";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { mkdirSync } from "node:fs";
import type { Buffer } from "node:buffer";
import type { Readable } from "node:stream";
import type { DB } from "./types.ts";
import { registerDirectReads } from "../lib/compiled-query.ts";

export interface Database {
  db: Kysely<DB>;
  engine: "postgres" | "pglite";
  /** Runs a multi-statement SQL text and records it in schema_migrations, in one transaction. */
  applyMigration(name: string, checksum: string, text: string): Promise<boolean>;
  /** Raw parameterised query outside Kysely, for the migrator and benchmarks. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * PostgreSQL only: the output of a `COPY (...) TO STDOUT` statement, streamed at its reader's pace. COPY takes
   * no bound parameters, so `text` must carry its values as literals. The statement starts at the first read,
   * and cancelling the stream cancels it. PGlite has no such stream (undefined).
   */
  copyOut?(text: string): ReadableStream<Uint8Array>;
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

/**
 * How long opening a connection, and one statement, may take. A request waits for these at most before it
 * answers 503 DATABASE_UNAVAILABLE (docs/decisions/0016-database-outages.md); DATABASE_CONNECT_TIMEOUT_MS and
 * DATABASE_STATEMENT_TIMEOUT_MS override them.
 */
const POSTGRES_TIMEOUTS = { connectMs: 3000, statementMs: 15_000 };

export interface PostgresOptions {
  max?: number;
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
  /** false behind PgBouncer in transaction mode, whose server connections change between statements. */
  prepare?: boolean;
}

/**
 * Seconds before a connection that closed with an error is opened again. postgres.js's default grows to 20 s
 * after a few failures, and a query handed to that connection waits it out before even trying: requests took
 * 30 s and more while the database was down, and as long to recover once it was back. A short, jittered pause
 * keeps failures fast and recovery prompt; every attempt is made for a waiting query, never in a loop.
 */
const reconnectPause = () => 0.05 + Math.random() * 0.1;

export function connectPostgres(url: string, options: PostgresOptions = {}): Database {
  // postgres.js is the patched copy in vendor/postgres (see its PATCHES.md): a connection that breaks while
  // reserved no longer kills the process.
  const sql = postgres(url, {
    max: options.max ?? 10,
    prepare: options.prepare ?? true,
    connect_timeout: (options.connectTimeoutMs ?? POSTGRES_TIMEOUTS.connectMs) / 1000,
    backoff: reconnectPause,
    connection: { statement_timeout: options.statementTimeoutMs ?? POSTGRES_TIMEOUTS.statementMs },
    onnotice: () => {},
    types: {
      int8: { to: INT8, from: [INT8], parse: (v: string) => Number(v), serialize: (v: number) => String(v) },
      date: { to: DATE, from: [DATE], parse: (v: string) => v, serialize: (v: string) => v },
    },
  });
  const db = new Kysely<DB>({ dialect: new PostgresJSDialect({ postgres: sql }) });
  // The hot reads' compiled statements skip Kysely's per-statement connection reservation (lib/compiled-query.ts).
  const prepare = options.prepare ?? true;
  registerDirectReads(
    db,
    (q) => sql.unsafe(q.sql, q.parameters as postgres.ParameterOrJSON<never>[], { prepare }),
  );
  return {
    db,
    engine: "postgres",
    async applyMigration(name, checksum, text) {
      await sql.unsafe(BOOKKEEPING);
      return await sql.begin(async (tx) => {
        // A migration may rewrite a large table: the statement timeout is for requests.
        await tx.unsafe("set local statement_timeout = 0");
        await tx.unsafe(LOCK_SQL);
        if ((await tx.unsafe(APPLIED_SQL, [name])).length) return false;
        await tx.unsafe(text);
        await tx.unsafe(RECORD_SQL, [name, checksum]);
        return true;
      });
    },
    query: async <T>(text: string, params: unknown[] = []) =>
      (await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[])) as unknown as T[],
    copyOut: (text) => copyOutStream(sql, text),
    close: () => sql.end({ timeout: 5 }),
  };
}

/**
 * COPY TO STDOUT on a reserved connection (postgres.js gives it as a Node stream whose backpressure pauses the
 * socket). One statement for a whole file, paced by its reader (e.g. a storage write): the request timeout is
 * lifted for it and restored before the connection goes back to the pool.
 */
function copyOutStream(sql: postgres.Sql, text: string): ReadableStream<Uint8Array> {
  let reserved: postgres.ReservedSql | null = null;
  let query: postgres.PendingQuery<postgres.Row[]> | null = null;
  let next: (() => Promise<Uint8Array | null>) | null = null;
  const release = async () => {
    const r = reserved;
    reserved = null;
    if (!r) return;
    await r.unsafe("reset statement_timeout").catch(() => {});
    r.release();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!next) {
          reserved = await sql.reserve();
          await reserved.unsafe("set statement_timeout = 0");
          query = reserved.unsafe(text);
          next = reader(await query.readable());
        }
        const chunk = await next();
        if (chunk === null) {
          await release();
          controller.close();
        } else controller.enqueue(chunk);
      } catch (error) {
        await release();
        throw error;
      }
    },
    async cancel() {
      if (query && next) {
        // The server stops at the cancel request; the rest of its output is read and dropped, or the paused
        // socket would never see the statement end and the connection would be lost with its reservation.
        query.cancel();
        try {
          while (await next() !== null);
        } catch { /* the cancel's own error */ }
      }
      await release();
    },
  }, { highWaterMark: 0 });
}

/**
 * What the Node stream holds at each read, or null at its end, or its error. postgres.js pushes one buffer per
 * COPY row and a reader usually gets them one at a time: a reader that wants larger pieces gathers them
 * (exports/bodies.ts).
 */
function reader(node: Readable): () => Promise<Uint8Array | null> {
  let ended = false, failure: unknown = null;
  node.on("end", () => ended = true);
  node.on("error", (error) => failure = error);
  return async () => {
    for (;;) {
      if (failure) throw failure;
      const b: Buffer | null = node.read();
      if (b !== null) return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
      if (ended) return null;
      await new Promise<void>((resolve) => {
        const done = () => {
          node.off("readable", done).off("end", done).off("error", done);
          resolve();
        };
        node.on("readable", done).on("end", done).on("error", done);
      });
    }
  };
}

export async function connectPglite(dataDir: string | null): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // The options form: PGlite ignores the second argument when the first is undefined (in-memory).
  const pg = await PGlite.create({
    dataDir: dataDir ?? undefined,
    // The header search's trigram indexes (sql/0039, decision 0070): PGlite 0.4 ships pg_trgm as a contrib.
    extensions: { pg_trgm },
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
