/**
 * Screens' hooks for data that is also read offline: a cached resource (the resource cache of
 * lib/use-resource.ts, through the device's copy of cache.ts), and a membership for any subject. Only the
 * signed-in user's own data is saved on the device; another user's (an administrator's view) is a plain
 * resource.
 */
import { useEffect } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import type { Membership } from "@api/contract";
import { fetchMembership } from "../lib/membership.ts";
import { membershipKey, type Subject } from "../lib/subject.ts";
import { type Resource, type ResourceKey, useResource } from "../lib/use-resource.ts";
import { cachedLoad, whileShowingSavedCopy } from "./cache.ts";
import { project } from "./project.ts";
import { queued } from "./sync.ts";

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

/**
 * A subject's resource (lib/subject.ts): saved on the device when it is the signed-in user's own, a plain
 * resource otherwise (an administrator's device keeps nothing of the users it looks at).
 */
export function useSubjectResource<T>(
  subject: Subject,
  key: ResourceKey,
  load: (signal: AbortSignal) => Promise<T>,
  options: { keep?: (data: T) => T } = {},
): CachedResource<T> {
  const own = subject.kind === "self";
  const cached = useCachedResource(own ? key : null, load, options);
  const plain = useResource(own ? null : key, load);
  return own ? cached : { ...plain, savedAt: null };
}

/**
 * The subject's membership. The signed-in member's own is saved for offline and shown with the queued
 * changes applied as they will be (project.ts); the outbox invalidates it when the server answers them.
 */
export function useMembership(subject: Subject): CachedResource<Membership | null> {
  useSignals();
  const resource = useSubjectResource(
    subject,
    membershipKey(subject),
    (signal) => fetchMembership(subject, signal),
  );
  if (subject.kind !== "self" || resource.data === undefined) return resource;
  // The device's clock: a membership saved days ago is read on today's coverage day.
  return { ...resource, data: project(resource.data, queued.value, new Date()) };
}
