/**
 * The membership screens' hooks for a subject's data (features/payments/subject.ts) that is also read offline:
 * only the signed-in user's own is saved on the device (offline/use-cached.ts); another user's (an
 * administrator's view) is a plain resource.
 */
import { useSignals } from "@preact/signals-react/runtime";
import type { Membership } from "@api/contract";
import { type ResourceKey, useResource } from "../../lib/use-resource.ts";
import { type CachedResource, useCachedResource } from "../../offline/use-cached.ts";
import { queued } from "../../offline/sync.ts";
import type { Subject } from "../payments/subject.ts";
import { fetchMembership, membershipKey } from "./api.ts";
import { project } from "./project.ts";

/**
 * A subject's resource (features/payments/subject.ts): saved on the device when it is the signed-in user's own, a plain
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
