/**
 * Pieces of the membership screens (features/memberships) and of the account page's summary: panels, the
 * membership card, its actions and the three states of a loaded membership. They take the subject's paths
 * and words (membership-view.ts), so the member's and the administrators' screens share them.
 */
import type { ReactNode } from "react";
import { Link } from "wouter";
import { useSignals } from "@preact/signals-react/runtime";
import { OFFLINE_REASON, online } from "../../lib/online.ts";
import { Alert } from "../../components/alert.tsx";
import { Chip } from "../../components/chip.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { formatDay, formatInstantDay } from "../../lib/dates.ts";
import type { Membership } from "@api/contract";
import {
  autorenewWords,
  membershipActions,
  membershipChips,
  type MembershipWords,
  TYPE_LABELS,
} from "./membership-view.ts";
import type { ScreenPaths } from "./screens.ts";
import { OfflineNotice } from "../../offline/offline-ui.tsx";
import type { CachedResource } from "../../offline/use-cached.ts";
import "./membership.css";

/** A titled card on the account screens. */
export function Panel(
  { id, title, children, actions }: { id: string; title: string; children: ReactNode; actions?: ReactNode },
) {
  return (
    <section className="account-panel" aria-labelledby={id}>
      <div className="account-panel-head">
        <h2 id={id}>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** The membership's facts as a description list: type, status, created, expiry, autorenew. */
export function MembershipFacts({ membership, own = true }: { membership: Membership; own?: boolean }) {
  const m = membership.attributes;
  return (
    <dl className="details-list">
      <div>
        <dt>Type</dt>
        <dd>{TYPE_LABELS[m.type]}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd className="chips">
          {membershipChips(m).map((chip) => <Chip key={chip.label} tone={chip.tone}>{chip.label}</Chip>)}
        </dd>
      </div>
      <div>
        <dt>Created</dt>
        <dd>{formatInstantDay(m.created_at)}</dd>
      </div>
      <div>
        <dt>Expiration Date</dt>
        <dd>{m.expire_at ? formatDay(m.expire_at) : "No expiration"}</dd>
      </div>
      <div>
        <dt>Automatic renewal</dt>
        <dd>{autorenewWords(m, own)}</dd>
      </div>
      {m.is_paused && m.paused_at && (
        <div>
          <dt>Paused since</dt>
          <dd>
            {formatInstantDay(m.paused_at)}
            {m.pause_reason ? ` (${m.pause_reason})` : ""}
          </dd>
        </div>
      )}
      {m.failed && m.failure_reason && (
        <div>
          <dt>Payment problem</dt>
          <dd>{m.failure_reason}</dd>
        </div>
      )}
    </dl>
  );
}

/** Renew, pause, resume and cancel as links, offered as the server's state flags allow. */
export function MembershipActions(
  { membership, paths }: { membership: Membership | null; paths: ScreenPaths },
) {
  useSignals();
  const actions = membershipActions(membership, paths);
  if (actions.length === 0) return null;
  // Buying needs the network; pause, resume and cancel are queued offline (decision 0014).
  const needsNetwork = (key: string) => key === "renew" && !online.value;
  return (
    <>
      <ul className="account-actions" aria-label="Membership actions">
        {actions.map((action) => (
          <li key={action.key}>
            {needsNetwork(action.key)
              ? (
                <span
                  className={`button button-${action.primary ? "primary" : "secondary"} button-unavailable`}
                  aria-disabled="true"
                  aria-describedby="membership-actions-offline"
                >
                  {action.label}
                </span>
              )
              : (
                <Link
                  href={action.href}
                  className={`button button-${action.primary ? "primary" : "secondary"}`}
                >
                  {action.label}
                </Link>
              )}
          </li>
        ))}
      </ul>
      {actions.some((action) => needsNetwork(action.key)) && (
        <p id="membership-actions-offline" className="field-hint">
          {OFFLINE_REASON} Buying a membership charges your card.
        </p>
      )}
    </>
  );
}

/**
 * The usual three states of a loaded membership for a screen: a skeleton, the error with Try again, or the
 * screen's content (with "Offline: showing data from …" when it was read from the device).
 */
export function WithMembership(
  { membership, words, children }: {
    membership: CachedResource<Membership | null>;
    words: Pick<MembershipWords, "loading" | "loadError">;
    children(membership: Membership | null): ReactNode;
  },
) {
  if (membership.loading && membership.data === undefined) {
    return <Skeleton label={words.loading} />;
  }
  if (membership.error) {
    return (
      <LoadError
        title={words.loadError}
        error={membership.error}
        onRetry={membership.reload}
      />
    );
  }
  return (
    <>
      <OfflineNotice savedAt={membership.savedAt} />
      {children(membership.data ?? null)}
    </>
  );
}

/** Shown instead of a form whose action the membership's state does not allow. */
export function NotAllowed({ children, paths }: { children: ReactNode; paths: ScreenPaths }) {
  return (
    <>
      <Alert variant="info">{children}</Alert>
      <p>
        <Link href={paths.details}>Back to membership details</Link>
      </p>
    </>
  );
}
