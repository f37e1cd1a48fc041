/**
 * Queries built and compiled by Kysely once per database handle, for the reads every request makes. Building and
 * compiling a query costs more CPU than running a short indexed read (docs/benchmarks.md): here only the
 * parameters change per call. The query is built once with marker arguments; every parameter that is one of
 * the markers is filled with the call's argument, every other parameter (a constant such as a `limit`) is kept.
 */
import { type Compilable, CompiledQuery, type Kysely } from "kysely";
import type { DB } from "./types.ts";

interface Compiled {
  sql: string;
  /** Per parameter: the index of the argument that fills it, or -1 for a constant kept from `constants`. */
  slots: number[];
  constants: readonly unknown[];
}

/** `build` compiled once per database handle, with the marker arguments located among its parameters. */
function compiler<A extends unknown[], R>(
  build: (db: Kysely<DB>, ...args: A) => Compilable<R>,
  marks: A,
): (db: Kysely<DB>) => Compiled {
  const cache = new WeakMap<Kysely<DB>, Compiled>();
  return (db) => {
    let compiled = cache.get(db);
    if (!compiled) {
      const { sql, parameters } = build(db, ...marks).compile();
      const slots = parameters.map((p) => marks.findIndex((m) => Object.is(m, p)));
      const unused = marks.findIndex((_, i) => !slots.includes(i));
      if (unused >= 0) throw new Error(`compiledRead: argument ${unused} is not a parameter of the query`);
      compiled = { sql, slots, constants: parameters };
      cache.set(db, compiled);
    }
    return compiled;
  };
}

function parametersOf({ slots, constants }: Compiled, args: readonly unknown[]): unknown[] {
  const parameters = new Array<unknown>(slots.length);
  for (let i = 0; i < slots.length; i++) parameters[i] = slots[i] < 0 ? constants[i] : args[slots[i]];
  return parameters;
}

/**
 * A read built and compiled by Kysely once per database handle, with `marks` (one per argument, each distinct and
 * of the argument's type, used by the query as a parameter), that runs itself and answers its rows. On a handle
 * with a direct driver read (`registerDirectReads`) only the SQL text and the call's parameters go to the driver,
 * without a `CompiledQuery` (its frozen query node and query id serve Kysely's executor alone); on any other
 * handle through Kysely's executor, as `runCompiled` does. The member's dashboard reads (memberships/queries.ts).
 */
export function compiledRead<A extends unknown[], R>(
  build: (db: Kysely<DB>, ...args: A) => Compilable<R>,
  marks: A,
): (db: Kysely<DB>, ...args: A) => Promise<R[]> {
  const compiledFor = compiler(build, marks);
  return async (db, ...args) => {
    const compiled = compiledFor(db);
    const parameters = parametersOf(compiled, args);
    const direct = directReads.get(db);
    if (direct) return await direct(compiled.sql, parameters) as R[];
    return (await db.executeQuery(CompiledQuery.raw(compiled.sql, parameters) as CompiledQuery<R>)).rows;
  };
}

type DirectRead = (sql: string, parameters: readonly unknown[]) => Promise<unknown[]>;
const directReads = new WeakMap<Kysely<DB>, DirectRead>();

/**
 * Lets `runCompiled` and `compiledRead` hand a handle's compiled reads straight to its driver (db/client.ts does it for PostgreSQL).
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
  if (direct) return await direct(query.sql, query.parameters) as R[];
  return (await db.executeQuery(query)).rows;
}
