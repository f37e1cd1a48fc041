/**
 * What the member sees of offline work: the indicator in the header, "Offline: showing data from {time}" on
 * screens read from the device, and the outbox panel (queued changes, refused ones until dismissed, and the
 * request to sign in again when the session ended with changes waiting).
 */
import { type ReactNode, useEffect, useId } from "react";
import { signal } from "@preact/signals-react";
import { useLocation, useSearch } from "wouter";
import { useSignals } from "@preact/signals-react/runtime";
import { Alert } from "../components/alert.tsx";
import { Button } from "../components/button.tsx";
import { formatInstant } from "../lib/dates.ts";
import type { QueuedChange } from "./db.ts";
import { online } from "../lib/online.ts";
import { dismiss, needsSignIn, queued, QUEUED_MESSAGE, rejected } from "./sync.ts";
import "./offline.css";

/** The notices on the page now, by their id: when each one's data was saved. */
const notices = signal<[id: string, savedAt: string][]>([]);

/**
 * "Offline: showing data from {time}" when the data shown came from the device: once per page however many
 * parts of it came from the device (the first notice speaks for all of them, with the oldest time).
 */
export function OfflineNotice({ savedAt }: { savedAt: string | null }) {
  useSignals();
  const id = useId();
  useEffect(() => {
    if (!savedAt) return;
    notices.value = [...notices.value, [id, savedAt]];
    return () => {
      notices.value = notices.value.filter(([other]) => other !== id);
    };
  }, [savedAt]);
  if (!savedAt) return null;
  const all = notices.value;
  if (all.length > 0 && all[0][0] !== id) return null;
  const oldest = all.reduce((min, [, at]) => (at < min ? at : min), savedAt);
  return <p className="offline-notice">Offline: showing data from {formatInstant(oldest)}</p>;
}

/** The header's indicator: present only while the browser has no network. */
export function OfflineIndicator() {
  useSignals();
  return (
    <span role="status" className="offline-status">
      {online.value ? null : <span className="offline-indicator">Offline</span>}
    </span>
  );
}

export function describeChange(change: Pick<QueuedChange, "kind" | "body">): string {
  if (change.kind === "pause") {
    const reason = change.body?.other_reason || change.body?.reason;
    return reason ? `Pause membership (${reason})` : "Pause membership";
  }
  return change.kind === "resume" ? "Resume membership" : "Cancel membership";
}

function waitingText(change: QueuedChange): string {
  if (change.held === "auth") return "Waiting: sign in again to send it";
  if (change.held === "server") {
    return "Queued: the server could not take it yet; it will be sent again shortly";
  }
  return QUEUED_MESSAGE;
}

/** One change: what it is, when it was made, and where it stands. */
function ChangeLine({ change, status }: { change: QueuedChange; status: ReactNode }) {
  return (
    <>
      <strong>{describeChange(change)}</strong>{" "}
      <span className="outbox-when">(made {formatInstant(change.queued_at)})</span>
      <br />
      {status}
    </>
  );
}

/** Queued and refused membership changes, above every signed-in screen while there are any. */
export function OutboxPanel() {
  useSignals();
  const [location] = useLocation();
  const search = useSearch();
  if (!queued.value.length && !rejected.value.length) return null;
  const next = encodeURIComponent(location + (search ? `?${search}` : ""));

  return (
    <div className="outbox">
      {needsSignIn.value && (
        <Alert variant="warning" title="Your session has ended">
          <p>
            Sign in again to send your queued changes. They are kept on this device until then.
          </p>
          <a className="button button-primary" href={`/login?next=${next}`}>Sign in again</a>
        </Alert>
      )}
      {queued.value.length > 0 && (
        <section aria-labelledby="outbox-queued" className="outbox-list">
          <h2 id="outbox-queued">Changes waiting to be sent</h2>
          <ul>
            {queued.value.map((change) => (
              <li key={change.seq}>
                <ChangeLine change={change} status={waitingText(change)} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {rejected.value.length > 0 && (
        <section aria-labelledby="outbox-rejected" className="outbox-list outbox-rejected">
          <h2 id="outbox-rejected">Changes that were not applied</h2>
          <ul>
            {rejected.value.map((change) => (
              <li key={change.seq}>
                <div>
                  <ChangeLine
                    change={change}
                    status={<span className="outbox-reason">Not applied: {change.reason}</span>}
                  />
                </div>
                <Button
                  variant="secondary"
                  aria-label={`Dismiss: ${describeChange(change)}`}
                  onClick={() => dismiss(change.seq!)}
                >
                  Dismiss
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
