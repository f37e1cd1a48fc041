/**
 * The page's side of the offline outbox: what is queued or was refused, and when to replay
 * (issue 5): at app start and after signing in, on the `online` event, on a timer (which respects the
 * backoff), and through Background Sync where the browser has it (the service worker replays then, see
 * worker-sync.ts). The screens read the signals; the membership screens submit through `submitChange`.
 * offline/ knows no feature (decision 0054): the membership feature gives what is its own, the plain request
 * to send without an outbox (`submitChange`'s `direct`) and the reload of its screens (`onOutboxAnswered`).
 */
import { signal } from "@preact/signals-react";
import { ApiError } from "../lib/api.ts";
import { online } from "../lib/online.ts";
import { session } from "../lib/session.ts";
import {
  type ChangeKind,
  hasIndexedDb,
  type PauseBody,
  type QueuedChange,
  type RejectedChange,
  userDb,
} from "./db.ts";
import {
  dismissRejected,
  enqueue,
  fetchTransport,
  queuedChanges,
  rejectedChanges,
  replay,
  type ReplayReport,
  settled,
} from "./outbox.ts";
import { reloadSavedCopies } from "./cache.ts";
import { SYNC_TAG } from "./worker-sync.ts";

export const QUEUED_MESSAGE = "Queued: will be sent when you are back online";
export const QUEUED_FOR_SIGN_IN = "Queued: your session has ended; sign in again to send it";

export const queued = signal<QueuedChange[]>([]);
export const rejected = signal<RejectedChange[]>([]);
/** A queued change met an ended session: the member must sign in again before it can be sent. */
export const needsSignIn = signal(false);
const answerListeners = new Set<() => void>();

/**
 * Tells `listener` when the server answered queued changes (applied or refused): the membership feature
 * reloads every screen showing the member's membership (features/memberships/api.ts `reloadOwnMembership`,
 * given by app/app-layout.tsx), since a refused change leaves it other than the screens projected. Answers a
 * function that stops telling it.
 */
export function onOutboxAnswered(listener: () => void): () => void {
  answerListeners.add(listener);
  return () => answerListeners.delete(listener);
}

/**
 * The server answered queued changes: the listeners' screens reload, and so does every other screen still
 * showing the device's copy (the server is evidently reachable again).
 */
const membershipAnswered = () => {
  for (const listener of answerListeners) listener();
  reloadSavedCopies();
};

const TIMER_MS = 30_000;
const transport = fetchTransport();

function userId(): number | null {
  return hasIndexedDb() ? session.value?.user_id ?? null : null;
}

/** Reads the outbox and the refused list into the signals. */
export async function refreshOutbox(): Promise<void> {
  const id = userId();
  if (id === null) {
    queued.value = [];
    rejected.value = [];
    return;
  }
  const db = await userDb(id);
  [queued.value, rejected.value] = await Promise.all([queuedChanges(db), rejectedChanges(db)]);
  needsSignIn.value = queued.value.some((c) => c.held === "auth");
}

/** Sends what is queued (unless offline), then updates the signals. */
export async function syncNow(force = false): Promise<ReplayReport | null> {
  const id = userId();
  if (id === null) return null;
  let report: ReplayReport | null = null;
  if (online.value && (await queuedChanges(await userDb(id))).length) {
    report = await replay(await userDb(id), transport, { force });
    if (report.applied.length || report.rejected.length) membershipAnswered();
  }
  await refreshOutbox();
  return report;
}

async function askForBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    // Background Sync is Chromium-only; elsewhere the online event and the timer do the work.
    const sync =
      (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
        ?.sync;
    await sync?.register(SYNC_TAG);
  } catch {
    // Not allowed here (e.g. no service worker yet): the other triggers remain.
  }
}

export type ChangeResult = { queued: true; message: string } | { queued: false; body: unknown };

/**
 * A pause, resume or cancel from a membership screen. It goes through the outbox so that it keeps its place
 * behind changes already waiting; online it is sent at once and answered like a plain request (a refusal
 * throws the server's ApiError, for the screen's own error toast); offline, or when the server cannot be
 * reached, it stays queued and the caller says so. Without IndexedDB (some private modes) there is no outbox:
 * the change is `direct`, the caller's plain request with a fresh Idempotency-Key.
 */
export async function submitChange(
  kind: ChangeKind,
  body: PauseBody | undefined,
  membershipId: number | null,
  direct: () => Promise<unknown>,
) {
  const id = userId();
  if (id === null) return { queued: false, body: await direct() } satisfies ChangeResult;
  const db = await userDb(id);
  const change = await enqueue(db, { kind, body, membership_id: membershipId });
  await askForBackgroundSync();
  await syncNow(true);
  // Not this replay's report but the change's own record: another sender (the service worker's Background Sync,
  // this page's timer) may have sent it first, and its answer is the change's whoever sent it (issue 37: a
  // cancel the worker sent was toasted as queued, and "cancelled successfully" never came).
  const found = await settled(db, change.key);
  if (found.outcome === "applied") return { queued: false, body: found.body } satisfies ChangeResult;
  if (found.outcome === "rejected") {
    // Answered while the member watches: the screen shows it, so it need not wait in the refused list.
    await dismissRejected(db, found.change.seq!);
    await refreshOutbox();
    throw new ApiError(found.change.reason, found.change.status, "MEMBERSHIP_CONFLICT");
  }
  const message = needsSignIn.value ? QUEUED_FOR_SIGN_IN : QUEUED_MESSAGE;
  return { queued: true, message } satisfies ChangeResult;
}

/** The member dismisses a refused change they have read. */
export async function dismiss(seq: number): Promise<void> {
  const id = userId();
  if (id === null) return;
  await dismissRejected(await userDb(id), seq);
  await refreshOutbox();
}

let started = false;
let due: ReturnType<typeof setTimeout> | undefined;

// A replay the triggers start must not become an unhandled rejection (a blocked IndexedDB, say); the changes
// stay in the outbox and the next trigger tries again.
const attempt = (force: boolean) =>
  void syncNow(force).then(
    retryWhenDue,
    (error) => console.warn("Outbox replay failed; will try again:", error),
  );

/**
 * A change held by a lost answer (the signal came back weakly) is tried again when its backoff ends, not only
 * at the timer's next tick: its answer, a refusal say, then reaches the screens in seconds.
 */
function retryWhenDue(): void {
  clearTimeout(due);
  const next = queued.value[0];
  if (!started || !next?.next_attempt_at || next.held === "auth") return;
  const wait = Date.parse(next.next_attempt_at) - Date.now();
  if (wait < TIMER_MS) due = setTimeout(() => attempt(false), Math.max(0, wait) + 50);
}

/**
 * Starts the triggers once per page (the app shell calls it when a user is signed in) and replays at once.
 * Answers a function that stops them (for tests and hot reload).
 */
export function startSync(): () => void {
  if (started) {
    attempt(true);
    return () => {};
  }
  started = true;
  // Back online: send what is queued first (the screens reload when the server answers), then reload the
  // screens still showing the device's copy, unless the session ended at sea with changes waiting: their
  // reload would turn into a redirect to sign in, past the outbox's own request to sign in again.
  const goOnline = () =>
    void syncNow(true).then((report) => {
      const answered = report && (report.applied.length || report.rejected.length);
      if (!answered && !needsSignIn.value) reloadSavedCopies();
      retryWhenDue();
    }, (error) => console.warn("Outbox replay failed; will try again:", error));
  const onMessage = (event: MessageEvent) => {
    if (event.data?.type !== "outbox-changed") return;
    // Reload the membership screens only when the server answered a change the worker sent.
    if (event.data.applied > 0 || event.data.rejected > 0) membershipAnswered();
    void refreshOutbox();
  };
  globalThis.addEventListener("online", goOnline);
  navigator.serviceWorker?.addEventListener("message", onMessage);
  const timer = setInterval(() => attempt(false), TIMER_MS);
  attempt(true);
  return () => {
    clearTimeout(due);
    started = false;
    globalThis.removeEventListener("online", goOnline);
    navigator.serviceWorker?.removeEventListener("message", onMessage);
    clearInterval(timer);
  };
}
