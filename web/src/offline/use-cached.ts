/** Screens' hooks for offline reads: a cached resource, and the membership as the queued changes will leave it. */
import { useSignals } from "@preact/signals-react/runtime";
import type { Membership } from "@api/contract";
import { fetchMembership } from "../lib/membership.ts";
import { type Resource, useResource } from "../lib/use-resource.ts";
import { cachedLoad } from "./cache.ts";
import { project } from "./project.ts";
import { appliedVersion, queued } from "./sync.ts";

export interface CachedResource<T> extends Resource<T> {
  /** When the data shown was saved, if it came from the device because the network failed. */
  savedAt: string | null;
}

/** `useResource` through the offline cache: saved on success, read back when the network fails. */
export function useCachedResource<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  options: { keep?: (data: T) => T; reloadKey?: string } = {},
): CachedResource<T> {
  const resource = useResource(
    (signal) => cachedLoad(key, () => load(signal), options.keep),
    `${key}|${options.reloadKey ?? ""}`,
  );
  return {
    data: resource.data?.data,
    savedAt: resource.data?.savedAt ?? null,
    error: resource.error,
    loading: resource.loading,
    reload: resource.reload,
  };
}

/** The signed-in member's membership (saved for offline), with queued changes shown as they will be. */
export function useMembership(): CachedResource<Membership | null> {
  useSignals();
  const resource = useCachedResource("membership", fetchMembership, {
    reloadKey: String(appliedVersion.value),
  });
  return {
    ...resource,
    data: resource.data === undefined ? undefined : project(resource.data, queued.value),
  };
}
