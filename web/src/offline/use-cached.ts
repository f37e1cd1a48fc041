/**
 * Screens' hook for data that is also read offline: a cached resource (the resource cache of
 * lib/use-resource.ts, through the device's copy of cache.ts). A membership for any subject, saved only when it
 * is the signed-in user's own, is features/memberships/use-membership.ts.
 */
import { useEffect } from "react";
import { type Resource, type ResourceKey, useResource } from "../lib/use-resource.ts";
import { cachedLoad, whileShowingSavedCopy } from "./cache.ts";

export interface CachedResource<T> extends Resource<T> {
  /** When the data shown was saved, if it came from the device because the network failed. */
  savedAt: string | null;
}

/**
 * `useResource` through the offline cache: saved on the device on success (after `keep`, which drops what
 * must not be stored), read back when the network fails. `key` names both the resource and its copy. While it
 * shows the device's copy, it loads again as soon as the server can be reached (cache.ts `reloadSavedCopies`).
 */
export function useCachedResource<T>(
  key: ResourceKey | null,
  load: (signal: AbortSignal) => Promise<T>,
  options: { keep?: (data: T) => T } = {},
): CachedResource<T> {
  const resource = useResource(
    key,
    (signal) => cachedLoad(key!.join(":"), () => load(signal), options.keep),
  );
  const fromDevice = resource.data !== undefined && resource.data.savedAt !== null;
  useEffect(() => fromDevice ? whileShowingSavedCopy(resource.reload) : undefined, [
    fromDevice,
    resource.reload,
  ]);
  return {
    data: resource.data?.data,
    savedAt: resource.data?.savedAt ?? null,
    error: resource.error,
    loading: resource.loading,
    reload: resource.reload,
  };
}
