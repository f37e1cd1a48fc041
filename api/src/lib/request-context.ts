/**
 * What the audit log needs to know about the request it runs in, without every service passing it along: the
 * request id and the caller's address, held for the request's whole asynchronous life (AsyncLocalStorage).
 * lib/audit.ts reads it, so every audit row written while answering a request carries the request's id and
 * address; a row written by a background job outside any request carries neither (docs/decisions/0044).
 */
import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestScope {
  requestId: string;
  ip: string | null;
  /** Audit rows written so far while answering this request (lib/audit-guard.ts writes one when none was). */
  audited: number;
}

const storage = new AsyncLocalStorage<RequestScope>();

/** Runs `fn` with `scope` as the current request. */
export function inRequest<T>(scope: RequestScope, fn: () => Promise<T>): Promise<T> {
  return storage.run(scope, fn);
}

/** The request being answered, if any. */
export function currentRequest(): RequestScope | undefined {
  return storage.getStore();
}
