/**
 * Screens' side of the resource cache (lib/resource-store.ts): `useResource(key, load)` answers
 * `{ data, error, loading, reload }` for a keyed resource, and `invalidate(prefix)` after a mutation refreshes
 * every screen showing a key under it. There is one store per page; it is emptied when the signed-in user
 * changes, so one user's data is never shown to the next.
 */
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { effect } from "@preact/signals-react";
import { type Loader, type ResourceKey, type ResourceState, ResourceStore } from "./resource-store.ts";
import { session } from "./session.ts";

export type { ResourceKey };

export interface Resource<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload(): void;
}

/** The page's one store. */
export const resources = new ResourceStore();

let signedIn: number | null | undefined;
effect(() => {
  const userId = session.value?.user_id ?? null;
  if (signedIn !== undefined && userId !== signedIn) resources.clear();
  signedIn = userId;
});

/** Refreshes every resource whose key starts with `prefix` (call it after the server changed them). */
export const invalidate = (prefix: ResourceKey): Promise<void> => resources.invalidate(prefix);

const NOTHING: ResourceState<never> = { data: undefined, error: undefined, loading: true, settled: 0 };
const noop = () => () => {};

/**
 * The resource named `key`, loaded with `load` (which gets an AbortSignal to pass to `api()`) when the screen
 * mounts, when `key` changes and when it is invalidated. `key` null waits (e.g. for an id to be known).
 *
 * A screen shows only what was loaded since it mounted (a load it started, or one already running that it
 * joined): it never acts on an answer older than itself, e.g. a form offering a pause the server has since
 * made impossible. Its later reloads (invalidations) keep the data shown while they run.
 */
export function useResource<T>(key: ResourceKey | null, load: Loader<T>): Resource<T> {
  const id = key === null ? null : JSON.stringify(key);
  const loadRef = useRef(load);
  loadRef.current = load;
  // The store remembers this function for invalidations; it always calls the screen's latest `load`.
  const loader = useCallback((signal: AbortSignal) => loadRef.current(signal), []);

  const read = () => key === null ? NOTHING : resources.state<T>(key);
  const [held, setHeld] = useState<{ id: string | null; state: ResourceState<T> }>(() => ({
    id,
    state: read(),
  }));
  // A new key is read at once; the store's later changes arrive as a transition: React renders them in slices
  // that yield to the browser (a phone's CPU: the dashboard's answers arrived as one long task each), where
  // useSyncExternalStore would render each one in a single blocking pass.
  const state = held.id === id ? held.state : read();
  useEffect(() => {
    const update = () =>
      startTransition(() => {
        const next = read();
        setHeld((held) => held.id === id && held.state === next ? held : { id, state: next });
      });
    update(); // what changed between the render and this subscription
    return key === null ? noop() : resources.subscribe(key, update);
  }, [id]);
  // The settled count when this screen started watching `key`.
  const since = useMemo(() => state.settled, [id]);

  useEffect(() => {
    if (key !== null) void resources.load(key, loader);
  }, [id]);

  const reload = useCallback(() => {
    if (key !== null) void resources.load(key, loader, { force: true });
  }, [id]);

  const fresh = state.settled > since;
  return {
    data: fresh ? state.data : undefined,
    error: fresh ? state.error : undefined,
    loading: !fresh || state.loading,
    reload,
  };
}
