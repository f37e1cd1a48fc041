/**
 * Loading one thing from the API for a screen: `{ data, error, loading, reload }`. A newer load (another
 * key, or `reload()`) aborts the older one, so a slow answer never overwrites a newer one.
 */
import { useCallback, useEffect, useRef, useState } from "react";

export interface Resource<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload(): void;
}

/** Runs `load` now and whenever `key` changes; `load` gets an AbortSignal to pass to `api()`. */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, key: string = ""): Resource<T> {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ data: previous.data, loading: true }));
    loadRef.current(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ data, loading: false }),
      (error) => !controller.signal.aborted && setState({ error, loading: false }),
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}
