/**
 * This process's memory of recent session checks (decision 0068): the answer of the session query for a session
 * id, kept for at most TTL_MS and never past the session's own expiry, at most MAX_ENTRIES of them. It is
 * dropped whole whenever a committed write may have changed any answer (db/client.ts watchSessionFacts: the
 * triggers of sql/0037 and this process's own writes), and bypassed entirely while that news cannot arrive
 * (the LISTEN connection is down): then every request reads the database, as before the cache.
 */
import type { SessionFactsWatcher } from "../db/client.ts";
import type { SessionUser } from "./context.ts";

export interface CachedSession {
  user: SessionUser;
  /** The session row's own expiry (by the injected clock). */
  expiresAt: Date;
}

interface Entry extends CachedSession {
  /** performance.now() when the answer was read. */
  readAt: number;
}

export class SessionCache implements SessionFactsWatcher {
  static TTL_MS = 5000;
  static MAX_ENTRIES = 10_000;
  #entries = new Map<string, Entry>();
  #live = false;
  /** Bumped at every change: an answer read before a change is not kept after it. */
  #generation = 0;
  hits = 0;
  misses = 0;
  /** Lookups made while not live (the database answered them). */
  bypassed = 0;

  readonly options: { ttlMs?: number; maxEntries?: number };

  constructor(options: { ttlMs?: number; maxEntries?: number } = {}) {
    this.options = options;
  }

  changed(local = false): void {
    this.#generation++;
    if (local) this.#localChanges++;
    this.#entries.clear();
  }

  #localChanges = 0;

  /** How many changes this process wrote itself: a request that moved it confirms them before answering. */
  get localChanges(): number {
    return this.#localChanges;
  }

  live(up: boolean): void {
    this.changed();
    this.#live = up;
  }

  get isLive(): boolean {
    return this.#live;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The cached answer for the session, if fresh; `undefined` means: ask the database. */
  get(sessionId: string, now: Date): CachedSession | undefined {
    if (!this.#live) {
      this.bypassed++;
      return undefined;
    }
    const entry = this.#entries.get(sessionId);
    if (!entry) {
      this.misses++;
      return undefined;
    }
    if (
      performance.now() - entry.readAt >= (this.options.ttlMs ?? SessionCache.TTL_MS) ||
      entry.expiresAt.getTime() <= now.getTime()
    ) {
      this.#entries.delete(sessionId);
      this.misses++;
      return undefined;
    }
    this.hits++;
    return entry;
  }

  /** A mark to take before reading the database, handed back to `put`. */
  mark(): number {
    return this.#generation;
  }

  /** Keeps an answer read after `mark`, unless anything changed since. */
  put(mark: number, sessionId: string, session: CachedSession): void {
    if (!this.#live || mark !== this.#generation) return;
    const max = this.options.maxEntries ?? SessionCache.MAX_ENTRIES;
    if (this.#entries.size >= max) {
      // The oldest read goes first (a Map iterates in insertion order).
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    // Shared by every request that hits it: frozen, so no request can change what the next one sees.
    this.#entries.set(sessionId, {
      user: Object.freeze(session.user),
      expiresAt: session.expiresAt,
      readAt: performance.now(),
    });
  }

  /** Prometheus text for /api/metrics: lookups by outcome, and whether the cache is live. */
  render(): string {
    return [
      "# HELP apca_session_cache_lookups_total Session checks by outcome (decision 0068).",
      "# TYPE apca_session_cache_lookups_total counter",
      `apca_session_cache_lookups_total{outcome="hit"} ${this.hits}`,
      `apca_session_cache_lookups_total{outcome="miss"} ${this.misses}`,
      `apca_session_cache_lookups_total{outcome="bypassed"} ${this.bypassed}`,
      "# HELP apca_session_cache_live 1 while the change feed is heard and the cache is used, else 0.",
      "# TYPE apca_session_cache_live gauge",
      `apca_session_cache_live ${this.#live ? 1 : 0}`,
    ].join("\n") + "\n";
  }
}
