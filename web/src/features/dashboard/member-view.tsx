/**
 * The member's dashboard (spec §2 /app, §6 "Other members"): membership status and next steps, the pause
 * warning, the Letter of Compliance (only when the membership earns one) and the five latest tests.
 */
import type { DrugTest, Membership } from "@api/contract";
import { type MouseEvent, type ReactNode, useEffect, useState } from "react";
import { Link } from "wouter";
import { Button } from "../../components/button.tsx";
import { PauseWarningNotice } from "../memberships/pause-warning-notice.tsx";
import { Chip } from "../../components/chip.tsx";
import { DrugTestTable } from "../drug-tests/drug-test-table.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { ApiError } from "../../lib/api.ts";
import { formatInstant } from "../../lib/dates.ts";
import { storableTest } from "../drug-tests/drug-tests.ts";
import { useAction } from "../../lib/use-action.ts";
import { saveFile } from "../../lib/save-file.ts";
import type { StoredFile } from "../../offline/db.ts";
import { cachedLoad, dropLetter, savedLetter, saveLetter } from "../../offline/cache.ts";
import { fetchTestPage, keepTestPage, testPageKey } from "../drug-tests/test-history.ts";
import { OfflineNotice } from "../../offline/offline-ui.tsx";
import { SELF } from "../payments/subject.ts";
import { type CachedResource, useCachedResource } from "../../offline/use-cached.ts";
import { useMembership } from "../memberships/use-membership.ts";
import { emailLetter, fetchLetter, fetchRecentTests, LETTER_FILENAME, LETTER_PATH } from "./api.ts";
import { summarizeMembership } from "./membership-summary.ts";
import {
  fetchSelectionNotices,
  SELECTION_NOTICE_PATH,
  SELECTION_NOTICES_KEY,
} from "../drug-tests/selection-notice.ts";
import { SelectionNoticeDetails } from "../drug-tests/selection-notice-parts.tsx";

export function MemberView() {
  const membership = useMembership(SELF);
  const warning = membership.data?.attributes.pause_warning;
  return (
    <>
      <OfflineNotice savedAt={membership.savedAt} />
      {warning && <PauseWarningNotice warning={warning} />}
      <div className="dashboard-grid">
        <SelectionNoticeCard />
        <MembershipCard membership={membership} />
        <LetterCard membership={membership} />
        <RecentTestsCard />
      </div>
    </>
  );
}

/**
 * An independent mariner's random selection (issue 25 item 4, decision 0071), first on the dashboard while the
 * test waits for collection. Saved on the device (the same key as its own page), so it opens offline; nothing
 * shows without one.
 */
function SelectionNoticeCard() {
  const notices = useCachedResource(SELECTION_NOTICES_KEY, fetchSelectionNotices);
  const notice = notices.data?.[0];
  if (!notice) return null;
  return (
    <Card id="selection-card" title="You have been selected for a random drug test" wide>
      <SelectionNoticeDetails notice={notice} />
      <div className="dashboard-actions">
        <Link href={SELECTION_NOTICE_PATH} className="button button-primary">
          Show the order QR code
        </Link>
      </div>
    </Card>
  );
}

function Card(
  { id, title, children, wide, reserve }: {
    id: string;
    title: string;
    children: ReactNode;
    wide?: boolean;
    /** While loading: hold the height the card most likely takes (dashboard.css), so nothing below jumps. */
    reserve?: "membership" | "letter";
  },
) {
  const classes = [
    "dashboard-card",
    wide && "dashboard-card-wide",
    reserve && `dashboard-card-reserve-${reserve}`,
  ];
  return (
    <section className={classes.filter(Boolean).join(" ")} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function MembershipCard({ membership }: { membership: CachedResource<Membership | null> }) {
  return (
    <Card id="membership-card" title="Membership" reserve={membership.loading ? "membership" : undefined}>
      {membership.loading ? <Skeleton label="Loading your membership…" /> : membership.error
        ? (
          <LoadError
            title="Your membership could not be loaded"
            error={membership.error}
            onRetry={membership.reload}
          />
        )
        : <MembershipStatus membership={membership.data ?? null} />}
    </Card>
  );
}

function MembershipStatus({ membership }: { membership: Membership | null }) {
  const summary = summarizeMembership(membership);
  return (
    <>
      <p className="membership-status">
        <span className="visually-hidden">Status:</span>
        <Chip tone={summary.tone}>{summary.label}</Chip>
      </p>
      {summary.details.map((line) => <p key={line}>{line}</p>)}
      <ul className="next-steps" aria-label="Next steps">
        {summary.steps.map((step) => (
          <li key={step.label}>
            <Link href={step.href} className={`button button-${step.primary ? "primary" : "secondary"}`}>
              {step.label}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** What a saved letter was made for: a new letter is saved when any of these changes. */
const letterVersion = (m: Membership) => `${m.id}:${m.attributes.status}:${m.attributes.expire_at}`;

/**
 * Keeps the device's copy of the letter in step with the membership (issue 5: the letter opens offline):
 * online, a membership that earns a letter gets one saved once per version; one that does not loses it.
 */
function useSavedLetter(membership: CachedResource<Membership | null>, allowed: boolean) {
  const [saved, setSaved] = useState<StoredFile | null>(null);
  const controlled = useServiceWorkerControl();
  const m = membership.data;
  useEffect(() => {
    if (membership.loading || membership.error) return;
    let live = true;
    (async () => {
      let file = await savedLetter();
      if (membership.savedAt === null) {
        if (!allowed || !m) {
          await dropLetter();
          file = null;
        } else if (controlled && file?.version !== letterVersion(m)) {
          // Only where the app opens offline (a service worker controls it): elsewhere a saved letter could
          // never be shown, and every fetch issues a letter that shows up in the member's downloads.
          const fresh = await fetchLetter().catch(() => null);
          if (fresh) {
            await saveLetter(fresh.blob, fresh.filename, letterVersion(m));
            file = await savedLetter();
          }
        }
      }
      if (live) setSaved(file);
    })();
    return () => {
      live = false;
    };
  }, [membership.loading, membership.savedAt, m && letterVersion(m), allowed, controlled]);
  return saved;
}

/** Whether a service worker controls the page, updated when the first install takes control. */
function useServiceWorkerControl(): boolean {
  const container = globalThis.navigator?.serviceWorker;
  const [controlled, setControlled] = useState(() => Boolean(container?.controller));
  useEffect(() => {
    if (controlled || !container) return;
    const taken = () => setControlled(Boolean(container.controller));
    container.addEventListener("controllerchange", taken);
    return () => container.removeEventListener("controllerchange", taken);
  }, [controlled]);
  return controlled;
}

function LetterCard({ membership }: { membership: CachedResource<Membership | null> }) {
  const allowed = !membership.loading && !membership.error &&
    summarizeMembership(membership.data ?? null).letterAllowed;
  const saved = useSavedLetter(membership, allowed);
  return (
    <Card id="letter-card" title="Letter of Compliance" reserve={membership.loading ? "letter" : undefined}>
      {membership.loading
        ? <Skeleton lines={2} label="Loading your Letter of Compliance…" />
        : allowed && membership.savedAt !== null
        ? <SavedLetter file={saved} />
        : allowed
        ? <LetterActions membership={membership.data!} onRefused={membership.reload} />
        : (
          <p>
            A Letter of Compliance is available with an active annual membership that is not paused.
          </p>
        )}
      <p>
        Letters you downloaded before are in <Link href="/app/account/downloads">your downloads</Link>.
      </p>
    </Card>
  );
}

/** Offline: the letter saved on this device, opened from IndexedDB. */
function SavedLetter({ file }: { file: StoredFile | null }) {
  if (!file) {
    return (
      <p>
        Your letter has not been saved on this device yet. Open the dashboard once with a connection and it
        will be kept here for offline use.
      </p>
    );
  }
  return (
    <>
      <p>You are offline. This is the letter saved on this device on {formatInstant(file.saved_at)}.</p>
      <div className="dashboard-actions">
        <Button onClick={() => saveFile(file.blob, file.filename)}>Open saved Letter of Compliance</Button>
      </div>
    </>
  );
}

/** Download and e-mail. A 403 means the membership changed since the page loaded: say why and reload it. */
function LetterActions({ membership, onRefused }: { membership: Membership; onRefused(): void }) {
  // A 403 means the membership changed since the page loaded: the toast says why, then it reloads.
  const refusedOn = (outcome: { ok: boolean; error?: unknown }) => {
    if (!outcome.ok && outcome.error instanceof ApiError && outcome.error.status === 403) onRefused();
  };
  const download = useAction(async () => {
    const file = await fetchLetter();
    saveFile(file.blob, file.filename);
    await saveLetter(file.blob, file.filename, letterVersion(membership));
  });
  const email = useAction(emailLetter, { success: (words) => words });
  const downloading = download.busy;

  // A real link (it can be opened or saved like any other); a click fetches the file so that a refusal
  // becomes a message instead of a saved error page.
  async function onDownload(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (downloading) return;
    refusedOn(await download.run());
  }

  async function onEmail() {
    refusedOn(await email.run());
  }

  return (
    <>
      <p>
        Your letter proves you are enrolled in the random drug-testing program. Its QR code lets anyone check
        that it is genuine.
      </p>
      <div className="dashboard-actions">
        <a
          href={LETTER_PATH}
          download={LETTER_FILENAME}
          className="button button-primary"
          onClick={onDownload}
          aria-disabled={downloading || undefined}
        >
          {downloading ? "Preparing your letter…" : "Download Letter of Compliance"}
        </a>
        <Button variant="secondary" busy={email.busy} busyLabel="Sending…" onClick={onEmail}>
          Email it to me
        </Button>
      </div>
    </>
  );
}

/**
 * Online, the dashboard also saves the first page of the test history on the device (summaries only), so My
 * Tests opens offline even when it was never visited (decision 0014). Quietly: a failure only means it is not
 * saved this time. After the dashboard has painted (its largest paint is the tests or the letter card).
 */
function useTestHistorySavedAhead(online: boolean) {
  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    const save = () =>
      void cachedLoad(testPageKey(1).join(":"), () => fetchTestPage(1, controller.signal), keepTestPage)
        .catch(() => undefined);
    // Background work: once the browser is idle, so the dashboard's own paint never waits behind it.
    const idle = globalThis.requestIdleCallback?.(save, { timeout: 2000 });
    const timer = idle === undefined ? setTimeout(save, 500) : undefined;
    return () => {
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
      controller.abort();
    };
  }, [online]);
}

/** Only the summary of each test is kept on the device (49 CFR 40.321; docs/decisions/0014). */
const keepRecent = (recent: { tests: DrugTest[]; total: number }) => ({
  ...recent,
  tests: recent.tests.map(storableTest),
});

function RecentTestsCard() {
  const recent = useCachedResource(["tests", "recent"], fetchRecentTests, { keep: keepRecent });
  useTestHistorySavedAhead(recent.savedAt === null && !recent.loading && !recent.error);
  return (
    <Card id="tests-card" title="Recent tests" wide>
      <OfflineNotice savedAt={recent.savedAt} />
      {recent.loading
        ? <Skeleton label="Loading your tests…" />
        : recent.error
        ? <LoadError title="Your tests could not be loaded" error={recent.error} onRetry={recent.reload} />
        : recent.data?.tests.length
        ? <DrugTestTable tests={recent.data.tests} caption="Your latest drug tests" />
        : <p className="empty-state">No tests yet</p>}
      <p>
        <Link href="/app/account/tests">See all your tests</Link>
      </p>
      <p>
        <Link href="/app/account/orders">Your orders and receipts</Link>
      </p>
    </Card>
  );
}
