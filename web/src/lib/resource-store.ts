/**
 * The web's one cache of server data, shared by every screen (issue 9 item 5). A resource is named by a key
 * (["membership", "self"], ["cards", "user:7"], ["tests", 2]); screens subscribe to keys and a mutation
 * invalidates a key or a key prefix, so a pause on one screen refreshes the dashboard's summary, the account
 * page and the details alike without a hand-made reload key.
 *
 * Rules, each tested in resource-store.test.ts:
 * - a subscriber arriving loads the key again (the data already held is shown meanwhile, so a screen
 *   opened twice is never older than the server), unless a load of it is already running: concurrent
 *   identical loads are one request;
 * - a forced load (reload, invalidation) aborts the one running, and an answer that arrives after a newer
 *   load started is dropped, so a slow old answer never overwrites a newer one;
 * - invalidating a prefix reloads every watched key under it at once (a key nobody watches is loaded by
 *   its next subscriber anyway);
 * - when the last subscriber leaves, its running load is aborted.
 * No React here: the hook is lib/use-resource.ts.
 */

export type KeyPart = string | number;
export type ResourceKey = readonly KeyPart[];
export type Loader<T> = (signal: AbortSignal) => Promise<T>;

export interface ResourceState<T> {
  data: T | undefined;
  error: unknown;
  /** A load is running (the data of the last one, if any, is still in `data`). */
  loading: boolean;
  /**
   * How many loads of this key have settled (answered, failed, or been replaced by `set`), ever: a screen
   * compares it with the count when it mounted, to show only data loaded since (lib/use-resource.ts).
   */
  settled: number;
}

interface Entry {
  key: ResourceKey;
  state: ResourceState<unknown>;
  loader?: Loader<unknown>;
  controller?: AbortController;
  listeners: Set<() => void>;
}

const IDLE: ResourceState<never> = Object.freeze({
  data: undefined,
  error: undefined,
  loading: false,
  settled: 0,
});

/** The string a key is stored under (its parts are plain strings and numbers). */
export const keyId = (key: ResourceKey): string => JSON.stringify(key);

/** Whether `key` starts with every part of `prefix` (a key is a prefix of itself). */
export const hasPrefix = (key: ResourceKey, prefix: ResourceKey): boolean =>
  prefix.length <= key.length && prefix.every((part, i) => key[i] === part);

const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

export class ResourceStore {
  #entries = new Map<string, Entry>();

  #entry(key: ResourceKey): Entry {
    const id = keyId(key);
    let entry = this.#entries.get(id);
    if (!entry) {
      entry = { key, state: IDLE, listeners: new Set() };
      this.#entries.set(id, entry);
    }
    return entry;
  }

  #set(entry: Entry, state: ResourceState<unknown>): void {
    entry.state = state;
    for (const listener of [...entry.listeners]) listener();
  }

  /** What is known of `key` now (the same object until it changes, as useSyncExternalStore needs). */
  state<T>(key: ResourceKey): ResourceState<T> {
    return (this.#entries.get(keyId(key))?.state ?? IDLE) as ResourceState<T>;
  }

  /** Calls `listener` whenever the state of `key` changes; answers the unsubscribe. */
  subscribe(key: ResourceKey, listener: () => void): () => void {
    const entry = this.#entry(key);
    entry.listeners.add(listener);
    return () => {
      entry.listeners.delete(listener);
      if (entry.listeners.size === 0 && entry.controller) {
        // Nobody waits for it any more; the data held stays for the next visit, which loads again.
        entry.controller.abort();
        entry.controller = undefined;
        if (entry.state.loading) this.#set(entry, { ...entry.state, loading: false });
      }
    };
  }

  /**
   * Loads `key` with `loader` (remembered for later invalidations). Without `force` a load already running
   * is joined instead of repeated; with it the running load is aborted and a new one starts.
   */
  load<T>(key: ResourceKey, loader: Loader<T>, { force = false } = {}): Promise<void> {
    const entry = this.#entry(key);
    entry.loader = loader as Loader<unknown>;
    if (entry.controller && !force) return Promise.resolve();
    return this.#start(entry);
  }

  #start(entry: Entry): Promise<void> {
    entry.controller?.abort();
    const controller = new AbortController();
    entry.controller = controller;
    this.#set(entry, { ...entry.state, error: undefined, loading: true });
    const current = () => entry.controller === controller && !controller.signal.aborted;
    return entry.loader!(controller.signal).then(
      (data) => {
        if (!current()) return;
        entry.controller = undefined;
        this.#set(entry, { data, error: undefined, loading: false, settled: entry.state.settled + 1 });
      },
      (error) => {
        if (!current() || isAbort(error)) return;
        entry.controller = undefined;
        this.#set(entry, { data: entry.state.data, error, loading: false, settled: entry.state.settled + 1 });
      },
    );
  }

  /**
   * After a change on the server: every key under `prefix` is out of date. Watched keys reload now (their
   * data stays shown meanwhile); a load of an unwatched one is dropped, as its answer may predate the change.
   */
  invalidate(prefix: ResourceKey): Promise<void> {
    const reloads: Promise<void>[] = [];
    for (const entry of this.#entries.values()) {
      if (!hasPrefix(entry.key, prefix)) continue;
      if (entry.listeners.size > 0 && entry.loader) reloads.push(this.#start(entry));
      else {
        entry.controller?.abort();
        entry.controller = undefined;
      }
    }
    return Promise.all(reloads).then(() => undefined);
  }

  /** Puts a mutation's answer in place (e.g. the cards left after a removal); a running load is dropped. */
  set<T>(key: ResourceKey, data: T): void {
    const entry = this.#entry(key);
    entry.controller?.abort();
    entry.controller = undefined;
    this.#set(entry, { data, error: undefined, loading: false, settled: entry.state.settled + 1 });
  }

  /** Forgets everything (another user signed in): loads running are aborted, watchers see nothing held. */
  clear(): void {
    for (const entry of this.#entries.values()) {
      entry.controller?.abort();
      entry.controller = undefined;
      // The count goes on: a screen mounted before the clear still waits for a load of its own.
      if (entry.state.data !== undefined || entry.state.error !== undefined || entry.state.loading) {
        this.#set(entry, { ...IDLE, settled: entry.state.settled });
      }
    }
    for (const [id, entry] of this.#entries) if (entry.listeners.size === 0) this.#entries.delete(id);
  }
}
