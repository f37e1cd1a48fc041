/**
 * One database handle for both engines: PostgreSQL through postgres.js when DATABASE_URL is set, embedded
 * PGlite otherwise. Everything above this file talks Kysely and never knows which engine it has.
 */
import { Kysely, type KyselyPlugin, type QueryId, type RootOperationNode } from "kysely";
import { PostgresJSDialect } from "kysely-postgres-js";
import { PGliteDialect } from "kysely-pglite-dialect";
import postgres from "postgres";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { mkdirSync } from "node:fs";
import type { Buffer } from "node:buffer";
import type { Readable } from "node:stream";
import type { Config } from "../config.ts";
import type { DB } from "./types.ts";
import { registerDirectReads } from "./compiled-query.ts";

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
  /**
   * Tells `watcher` of every committed write that may change a session check's answer (the triggers of
   * sql/0037 notify channel session_facts), and whether it can be told at all right now (decision 0068).
   * PostgreSQL: a LISTEN connection of its own; `live(false)` as soon as it closes or stops answering its
   * heartbeat, `live(true)` once listening again. This process's own writes through `db` or `query` are told
   * at once, before their promise settles, not only when the notification comes back. PGlite: one process, and
   * its notifications arrive before the writing statement's promise settles; always live.
   */
  watchSessionFacts(watcher: SessionFactsWatcher): void;
  /**
   * After this process changed a session's facts: sends an echo after that change committed and resolves once
   * every listening process (this one included) has acknowledged it. PostgreSQL delivers notifications to each
   * listener in commit order, so a process that heard the echo has heard the change and dropped its cache: the
   * client's next request, on any process, finds no stale answer. Waits at most `timeoutMs` (a process that
   * died is waited for until it misses three heartbeats); resolves at once on PGlite or while not listening.
   */
  confirmSessionFacts(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface SessionFactsWatcher {
  /** `local`: this process wrote the change (it then confirms it before answering: app.ts). */
  changed(local?: boolean): void;
  live(up: boolean): void;
}

export const SESSION_FACTS_CHANNEL = "session_facts";
/** The payload prefix of confirmSessionFacts's notifications (sql/0037's triggers send an empty payload). */
const ECHO = "echo:";
/** `ack:<process>:<echo>`: a process heard an echo. `hello:<process>`: a process listens (every heartbeat). */
const ACK = "ack:", HELLO = "hello:";
/** The tables whose writes can change a session check's answer (sql/0037 has their triggers). */
const SESSION_FACT_TABLES = new Set(["sessions", "users", "user_second_factors"]);

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
  /**
   * Where the session-facts LISTEN connection goes (decision 0068): a direct connection, since a LISTEN through
   * PgBouncer in transaction mode hears nothing reliably. Default: the database URL, unless `prepare` is false
   * (PgBouncer): then there is no listener and the session cache stays bypassed.
   */
  listenUrl?: string;
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
  const localWrites = new LocalWrites();
  const db = new Kysely<DB>({ dialect: new PostgresJSDialect({ postgres: sql }), plugins: [localWrites] });
  const listenUrl = options.listenUrl ?? (options.prepare === false ? undefined : url);
  const facts = new FactsListener(listenUrl, options);
  // The hot reads' compiled statements skip Kysely's per-statement connection reservation (db/compiled-query.ts).
  const directOptions = { prepare: options.prepare ?? true };
  registerDirectReads(
    db,
    (text, parameters) => sql.unsafe(text, parameters as postgres.ParameterOrJSON<never>[], directOptions),
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
    async query<T>(text: string, params: unknown[] = []) {
      try {
        return (await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[])) as unknown as T[];
      } finally {
        if (!/^\s*select\b/i.test(text)) localWrites.tell();
      }
    },
    copyOut: (text) => copyOutStream(sql, text),
    watchSessionFacts(watcher) {
      localWrites.watchers.push(watcher);
      facts.watchers.push(watcher);
      facts.start();
    },
    async confirmSessionFacts(timeoutMs = 1000) {
      if (!facts.listening) return;
      const echo = ECHO + crypto.randomUUID();
      const heard = facts.hear(echo, timeoutMs);
      try {
        await sql.unsafe("select pg_notify($1, $2)", [SESSION_FACTS_CHANNEL, echo]);
      } catch {
        facts.forget(echo);
        return;
      }
      await heard;
    },
    close: async () => {
      await facts.stop();
      await sql.end({ timeout: 5 });
    },
  };
}

/**
 * Tells the watchers when this process writes one of the session-fact tables through Kysely, once the statement
 * has answered (inside a transaction that is before its commit: a read racing the commit may cache the old
 * answer again, and the trigger's notification at commit drops it).
 */
class LocalWrites implements KyselyPlugin {
  watchers: SessionFactsWatcher[] = [];
  #pending = new WeakSet<QueryId>();

  tell(): void {
    for (const w of this.watchers) w.changed(true);
  }

  transformQuery({ node, queryId }: { node: RootOperationNode; queryId: QueryId }): RootOperationNode {
    if (node.kind !== "SelectQueryNode" && writesSessionFacts(node)) this.#pending.add(queryId);
    return node;
  }

  // deno-lint-ignore require-await
  async transformResult<R>({ result, queryId }: { result: R; queryId: QueryId }): Promise<R> {
    if (this.#pending.has(queryId)) this.tell();
    return result;
  }
}

function writesSessionFacts(node: RootOperationNode): boolean {
  let target: unknown;
  if (node.kind === "UpdateQueryNode") target = node.table;
  else if (node.kind === "DeleteQueryNode") target = node.from.froms[0];
  else if (node.kind === "InsertQueryNode") target = node.into;
  else return node.kind === "RawNode"; // raw SQL: assume the worst
  const table = tableName(target);
  return table === null || SESSION_FACT_TABLES.has(table);
}

function tableName(node: unknown): string | null {
  const n = node as { kind?: string; node?: unknown; table?: { identifier?: { name?: string } } } | undefined;
  if (n?.kind === "AliasNode") return tableName(n.node);
  if (n?.kind === "TableNode") return n.table?.identifier?.name ?? null;
  return null;
}

/**
 * The LISTEN connection of one process. Any doubt about it (closed, or no answer to the heartbeat within
 * HEARTBEAT_TIMEOUT_MS) makes the watchers not live until a new connection listens again, so a cache that
 * relies on it is bypassed rather than trusted (decision 0068).
 */
class FactsListener {
  static HEARTBEAT_MS = 5000;
  static HEARTBEAT_TIMEOUT_MS = 2000;
  /** A process not heard from for this long (three missed hellos) is no longer waited for. */
  static PEER_TTL_MS = 15_000;
  watchers: SessionFactsWatcher[] = [];
  #sql: postgres.Sql | null = null;
  #started = false;
  #stopped = false;
  #heartbeat: ReturnType<typeof setInterval> | undefined;
  #reconnect: ReturnType<typeof setTimeout> | undefined;

  #url: string | undefined;
  #options: PostgresOptions;

  /** Without a URL it never listens: its watchers are never live. */
  constructor(url: string | undefined, options: PostgresOptions) {
    this.#url = url;
    this.#options = options;
  }

  start(): void {
    if (this.#started || !this.#url) return;
    this.#started = true;
    this.#connect();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#heartbeat);
    clearTimeout(this.#reconnect);
    const sql = this.#sql;
    this.#sql = null;
    this.#live(false);
    await sql?.end({ timeout: 1 }).catch(() => {});
  }

  #live(up: boolean): void {
    this.#listening = up;
    for (const w of this.watchers) w.live(up);
  }

  #changed(): void {
    for (const w of this.watchers) w.changed();
  }

  /** This process's name among the listeners (its hellos and acknowledgements carry it). */
  readonly #id = crypto.randomUUID();
  /** The listening processes heard from (hello or acknowledgement), with when: performance.now(). */
  #peers = new Map<string, number>();
  /** Echoes sent by this process and not yet acknowledged by every peer. */
  #echoes = new Map<string, { waitingFor: Set<string>; done: () => void }>();
  #listening = false;

  get listening(): boolean {
    return this.#listening;
  }

  /**
   * Resolves once every listening process known now (this one included) has acknowledged `echo`, or after
   * `timeoutMs`. A process acknowledges an echo when it hears it, and it hears it only after every change
   * committed before it: its acknowledgement proves its cache holds nothing older.
   */
  hear(echo: string, timeoutMs: number): Promise<void> {
    const fresh = performance.now() - FactsListener.PEER_TTL_MS;
    const waitingFor = new Set([...this.#peers].filter(([, seen]) => seen >= fresh).map(([id]) => id));
    waitingFor.add(this.#id);
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      const echoes = this.#echoes;
      function done() {
        clearTimeout(timer);
        echoes.delete(echo);
        resolve();
      }
      echoes.set(echo, { waitingFor, done });
    });
  }

  forget(echo: string): void {
    this.#echoes.get(echo)?.done();
  }

  #acknowledge(sql: postgres.Sql, echo: string): void {
    sql.unsafe("select pg_notify($1, $2)", [SESSION_FACTS_CHANNEL, `${ACK}${this.#id}:${echo}`]).catch(
      () => {},
    );
  }

  #acknowledged(payload: string): void {
    const rest = payload.slice(ACK.length);
    const colon = rest.indexOf(":");
    const peer = rest.slice(0, colon), echo = rest.slice(colon + 1);
    this.#peers.set(peer, performance.now());
    const waiting = this.#echoes.get(echo);
    if (!waiting) return;
    waiting.waitingFor.delete(peer);
    if (waiting.waitingFor.size === 0) waiting.done();
  }

  #hello(sql: postgres.Sql) {
    return sql.unsafe("select pg_notify($1, $2)", [SESSION_FACTS_CHANNEL, HELLO + this.#id]);
  }

  async #connect(): Promise<void> {
    if (this.#stopped || !this.#url) return;
    const sql = postgres(this.#url, {
      max: 1,
      fetch_types: false,
      max_lifetime: 0, // none: a planned close would only blank the cache
      idle_timeout: 0,
      connect_timeout: (this.#options.connectTimeoutMs ?? POSTGRES_TIMEOUTS.connectMs) / 1000,
      onnotice: () => {},
      onnotify: (channel: string, payload: string) => {
        if (channel !== SESSION_FACTS_CHANNEL || this.#sql !== sql) return;
        // An echo (confirmSessionFacts, any process's) changes nothing; it only tells its sender that everything
        // committed before it has arrived.
        if (payload.startsWith(ECHO)) this.#acknowledge(sql, payload);
        else if (payload.startsWith(ACK)) this.#acknowledged(payload);
        else if (payload.startsWith(HELLO)) this.#peers.set(payload.slice(HELLO.length), performance.now());
        else this.#changed();
      },
      onclose: () => {
        if (this.#sql === sql) this.#drop(sql);
      },
    } as postgres.Options<Record<string, never>>);
    this.#sql = sql;
    try {
      await sql.unsafe(`listen ${SESSION_FACTS_CHANNEL}`);
      if (this.#sql !== sql) return;
      // Whatever was written while nobody listened is unknown: the watchers start again from nothing.
      this.#changed();
      await this.#hello(sql);
      this.#live(true);
      clearInterval(this.#heartbeat);
      this.#heartbeat = setInterval(() => this.#beat(sql), FactsListener.HEARTBEAT_MS);
      Deno.unrefTimer(this.#heartbeat as unknown as number);
    } catch {
      if (this.#sql === sql) this.#drop(sql);
    }
  }

  async #beat(sql: postgres.Sql): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("heartbeat")), FactsListener.HEARTBEAT_TIMEOUT_MS);
    });
    try {
      // The heartbeat is this process's hello: the others learn it is listening (and wait for its acknowledgements).
      await Promise.race([this.#hello(sql), late]);
    } catch {
      if (this.#sql === sql) this.#drop(sql);
    } finally {
      clearTimeout(timer);
    }
  }

  #drop(sql: postgres.Sql): void {
    this.#sql = null;
    clearInterval(this.#heartbeat);
    this.#live(false);
    sql.end({ timeout: 0 }).catch(() => {});
    if (this.#stopped) return;
    this.#reconnect = setTimeout(() => this.#connect(), 100 + Math.random() * 400);
    Deno.unrefTimer(this.#reconnect as unknown as number);
  }
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
    // One process: its listener has heard every change before the writing statement's promise settled.
    confirmSessionFacts: () => Promise.resolve(),
    watchSessionFacts(watcher) {
      // Live once listening: until then a cache that relies on it is bypassed.
      pg.listen(SESSION_FACTS_CHANNEL, () => watcher.changed()).then(
        () => watcher.live(true),
        () => watcher.live(false),
      );
    },
    close: () => pg.close(),
  };
}

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR. */
export async function openDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? connectPostgres(config.databaseUrl, {
      max: config.databasePool,
      connectTimeoutMs: config.databaseConnectTimeoutMs,
      statementTimeoutMs: config.databaseStatementTimeoutMs,
      prepare: config.databasePrepare,
      listenUrl: config.databaseListenUrl,
    })
    : await connectPglite(`${config.dataDir}/pglite`);
}
