/**
 * A membership's calls for any subject (features/payments/subject.ts): the caller's own (public spec §2, §7)
 * or any user's for an administrator (admin spec §7): read, history, start or renew, pause, resume, cancel and
 * the administrators' update. Every call that changes the membership carries an Idempotency-Key and, once
 * answered, invalidates the subject's membership keys, so every screen showing it (dashboard summary,
 * account page, details, history) reloads.
 */
import type {
  AdminStartMembershipRequest,
  ListPage,
  Membership,
  MembershipAnswer,
  MembershipHistoryRow,
  MembershipUpdatePreview,
  PauseMembershipRequest,
  StartMembershipRequest,
  UpdateMembershipRequest,
} from "@api/contract";
import { ApiError } from "../../lib/api.ts";
import type { ResourceKey } from "../../lib/resource-store.ts";
import { call, noSuchRoute, prefetchCall, type RequestBody } from "../../lib/typed-api.ts";
import { invalidate } from "../../lib/use-resource.ts";
import { SELF, type Subject, subjectId } from "../payments/subject.ts";

export const HISTORY_PER_PAGE = 10;

/** Cache keys: a mutation of the membership invalidates `membershipKey(subject)`, which holds the rest. */
export const membershipKey = (subject: Subject): ResourceKey => ["membership", subjectId(subject)];
export const historyKey = (subject: Subject, page: number, perPage: number): ResourceKey => [
  ...membershipKey(subject),
  "history",
  page,
  perPage,
];

/**
 * The outbox (offline/sync.ts) sends the signed-in member's own changes; once the server answered them, every
 * screen showing the member's membership reloads (app/app-layout.tsx gives this to `onOutboxAnswered`).
 */
export const reloadOwnMembership = (): void => void invalidate(membershipKey(SELF));

/** The membership calls' path parameters of a subject that is not the caller (`/auth/user/{id}`, `.../{eid}`). */
const user = (subject: { userId: number }) => ({ id: subject.userId });
const employee = (subject: { businessId: number; employeeId: number }) => ({
  id: subject.businessId,
  eid: subject.employeeId,
});

export async function fetchMembership(subject: Subject, signal?: AbortSignal): Promise<Membership | null> {
  const { data } =
    await (subject.kind === "self"
      ? call("/auth/account/membership").GET({ signal })
      : subject.kind === "user"
      ? call("/auth/user/{id}/membership").GET({ params: user(subject), signal })
      : call("/auth/business/{id}/employee/{eid}/membership").GET({ params: employee(subject), signal }));
  return data;
}

/** Asks for the caller's own membership early (app/preload.ts): `fetchMembership(SELF)` then takes the answer. */
export const prefetchMembership = () => void prefetchCall("/auth/account/membership").GET();

export function fetchHistory(
  subject: Subject,
  page: number,
  signal: AbortSignal,
  perPage = HISTORY_PER_PAGE,
): Promise<ListPage<MembershipHistoryRow>> {
  const query = { page, per_page: perPage, sort_by: "created_at", sort_dir: "desc" } as const;
  return subject.kind === "self"
    ? call("/auth/account/memberships").GET({ query, signal })
    : subject.kind === "user"
    ? call("/auth/user/{id}/memberships").GET({ params: user(subject), query, signal })
    : call("/auth/business/{id}/employee/{eid}/memberships").GET({
      params: employee(subject),
      query,
      signal,
    });
}

const withKey = (key: string) => ({ "Idempotency-Key": key });

/** Sends one change and, once the server answered, refreshes every screen showing the subject's membership. */
async function change(subject: Subject, send: () => Promise<MembershipAnswer>): Promise<MembershipAnswer> {
  try {
    return await send();
  } finally {
    void invalidate(membershipKey(subject));
  }
}

/**
 * Starts or renews the membership (charges the card once per key, or records a manual payment). The screen
 * builds the body of its subject: the member's own form for the caller, the administrators' form for the others.
 */
export function startMembership(
  subject: Subject,
  body: StartMembershipRequest | AdminStartMembershipRequest,
  key: string,
): Promise<MembershipAnswer> {
  const headers = withKey(key);
  return change(
    subject,
    () =>
      subject.kind === "self"
        ? call("/auth/account/membership").POST({ body: body as StartMembershipRequest, headers })
        : subject.kind === "user"
        ? call("/auth/user/{id}/membership").POST({
          params: user(subject),
          body: body as AdminStartMembershipRequest,
          headers,
        })
        : call("/auth/business/{id}/employee/{eid}/membership").POST({
          params: employee(subject),
          body: body as EmployeeStartBody,
          headers,
        }),
  );
}

type EmployeeStartBody = RequestBody<"/auth/business/{id}/employee/{eid}/membership", "POST">;

export function pauseMembership(
  subject: Subject,
  body: PauseMembershipRequest,
  key: string,
): Promise<MembershipAnswer> {
  const headers = withKey(key);
  return change(
    subject,
    () =>
      subject.kind === "self"
        ? call("/auth/account/membership/pause").POST({ body, headers })
        : subject.kind === "user"
        ? call("/auth/user/{id}/membership/pause").POST({ params: user(subject), body, headers })
        : call("/auth/business/{id}/employee/{eid}/membership/pause").POST({
          params: employee(subject),
          body,
          headers,
        }),
  );
}

export function resumeMembership(subject: Subject, key: string): Promise<MembershipAnswer> {
  const headers = withKey(key);
  return change(
    subject,
    () =>
      subject.kind === "self"
        ? call("/auth/account/membership/resume").POST({ headers })
        : subject.kind === "user"
        ? call("/auth/user/{id}/membership/resume").POST({ params: user(subject), headers })
        : call("/auth/business/{id}/employee/{eid}/membership/resume").POST({
          params: employee(subject),
          headers,
        }),
  );
}

export function cancelMembership(subject: Subject, key: string): Promise<MembershipAnswer> {
  const headers = withKey(key);
  return change(
    subject,
    () =>
      subject.kind === "self"
        ? call("/auth/account/membership/cancel").DELETE({ headers })
        : subject.kind === "user"
        ? call("/auth/user/{id}/membership/cancel").DELETE({ params: user(subject), headers })
        : call("/auth/business/{id}/employee/{eid}/membership/cancel").DELETE({
          params: employee(subject),
          headers,
        }),
  );
}

/**
 * The administrators' update (admin spec §2, §5): the expiry date, sent only with has_expiration. Only a user's
 * membership has it (app/routes.tsx routes the update page for the "user" family only); another subject gets
 * the answer the server gives a route it does not have.
 */
export function updateMembership(
  subject: Subject,
  body: UpdateMembershipRequest,
  key: string,
): Promise<MembershipAnswer> {
  if (subject.kind === "self") return noSuchRoute("PUT", "/auth/account/membership");
  if (subject.kind !== "user") {
    return noSuchRoute(
      "PUT",
      `/auth/business/${subject.businessId}/employee/${subject.employeeId}/membership`,
    );
  }
  return change(
    subject,
    () => call("/auth/user/{id}/membership").PUT({ params: user(subject), body, headers: withKey(key) }),
  );
}

/** What an administrator's expiry update would do (GET .../membership/update-preview; decision 0041). */
export async function previewMembershipUpdate(
  userId: number,
  body: { has_expiration: boolean; date: string },
  signal?: AbortSignal,
): Promise<MembershipUpdatePreview> {
  const answer = await call("/auth/user/{id}/membership/update-preview").GET({
    params: { id: userId },
    query: {
      has_expiration: body.has_expiration ? "true" : "false",
      date: body.has_expiration ? body.date : undefined,
    },
    signal,
  });
  return answer.data;
}

/**
 * Idempotency keys, one per attempt: a new key for every answered attempt (a retry after a refusal or a
 * decline is a new request), the same key again only when the last attempt got no answer at all (it may
 * have gone through, and the server must not repeat it).
 */
export function attemptKeys() {
  let key: string | null = null;
  return {
    next(): string {
      key ??= crypto.randomUUID();
      return key;
    },
    settled(error?: unknown): void {
      if (!(error instanceof ApiError && error.status === 0)) key = null;
    },
    reset(): void {
      key = null;
    },
  };
}

/**
 * A failure toast: the specification's words, plus the server's reason when it refused the change for one
 * (409: the membership's state; 422: the request), e.g. "Error occurred while pausing membership. This
 * membership is already paused."
 */
export function failureText(base: string, error: unknown): string {
  if (error instanceof ApiError && (error.status === 409 || error.status === 422) && error.message) {
    return `${base}. ${error.message}`;
  }
  return base;
}
