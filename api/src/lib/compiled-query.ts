/**
 * Queries built and compiled by Kysely once per database handle, for the reads every request makes. Building and
 * compiling a query costs more CPU than running a short indexed read (docs/benchmarks.md): here only the
 * parameters change per call. The query is built once with marker arguments; every parameter that is one of
 * the markers is filled with the call's argument, every other parameter (a constant such as a `limit`) is kept.
 */
import { type Compilable, CompiledQuery, type Kysely } from "kysely";
import type { DB } from "../db/types.ts";

export function compiledOnce<A extends unknown[], R>(
  build: (db: Kysely<DB>, ...args: A) => Compilable<R>,
  /** One marker per argument, each distinct and of the argument's type, that the query uses as a parameter. */
  marks: A,
): (db: Kysely<DB>, ...args: A) => CompiledQuery<R> {
  const cache = new WeakMap<Kysely<DB>, { sql: string; slots: number[]; constants: readonly unknown[] }>();
  return (db, ...args) => {
    let compiled = cache.get(db);
    if (!compiled) {
      const { sql, parameters } = build(db, ...marks).compile();
      const slots = parameters.map((p) => marks.findIndex((m) => Object.is(m, p)));
      const unused = marks.findIndex((_, i) => !slots.includes(i));
      if (unused >= 0) throw new Error(`compiledOnce: argument ${unused} is not a parameter of the query`);
      compiled = { sql, slots, constants: parameters };
      cache.set(db, compiled);
    }
    const { sql, slots, constants } = compiled;
    return CompiledQuery.raw(sql, slots.map((s, i) => s < 0 ? constants[i] : args[s])) as CompiledQuery<R>;
  };
}

type DirectRead = (query: CompiledQuery<unknown>) => Promise<unknown[]>;
const directReads = new WeakMap<Kysely<DB>, DirectRead>();

/**
 * Lets `runCompiled` hand a handle's compiled reads straight to its driver (db/client.ts does it for PostgreSQL).
 * Kysely's executor reserves a pool connection for every statement (postgres.js builds a new reserved client each
 * time): about a third of a short read's CPU, and no statement can share a connection's round trip meanwhile.
 */
export function registerDirectReads(db: Kysely<DB>, read: DirectRead): void {
  directReads.set(db, read);
}

/**
 * Runs a compiled read and answers its rows: straight through the driver when the handle registered one (the
 * server's PostgreSQL handle), through Kysely's executor otherwise (PGlite, transactions, a handle with plugins or
 * a query log). Same SQL, parameters, type parsers and errors either way.
 */
export async function runCompiled<R>(db: Kysely<DB>, query: CompiledQuery<R>): Promise<R[]> {
  const direct = directReads.get(db);
  if (direct) return await direct(query) as R[];
  return (await db.executeQuery(query)).rows;
}
