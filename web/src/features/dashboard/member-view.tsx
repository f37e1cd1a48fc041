/**
 * The member's dashboard (spec §2 /app, §6 "Other members"): membership status and next steps, the pause
 * warning, the Letter of Compliance (only when the membership earns one) and the five latest tests.
 */
import { type MouseEvent, type ReactNode, useState } from "react";
import { Link } from "wouter";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Chip } from "../../components/chip.tsx";
import { DrugTestTable } from "../../components/drug-test-table.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { ApiError } from "../../lib/api.ts";
import { OFFICE_PHONE, OFFICE_PHONE_HREF } from "../../lib/contact-info.ts";
import { formatDay } from "../../lib/dates.ts";
import { errorMessage } from "../../lib/form.ts";
import { toast } from "../../lib/toast.ts";
import { type Resource, useResource } from "../../lib/use-resource.ts";
import {
  downloadLetter,
  emailLetter,
  fetchMembership,
  fetchRecentTests,
  LETTER_FILENAME,
  LETTER_PATH,
  type Membership,
  type PauseWarning,
} from "./api.ts";
import { summarizeMembership } from "./membership-summary.ts";

export function MemberView() {
  const membership = useResource(fetchMembership);
  const warning = membership.data?.attributes.pause_warning;
  return (
    <>
      {warning && <PauseWarningNotice warning={warning} />}
      <div className="dashboard-grid">
        <MembershipCard membership={membership} />
        <LetterCard membership={membership} />
        <RecentTestsCard />
      </div>
    </>
  );
}

function PauseWarningNotice({ warning }: { warning: PauseWarning }) {
  return (
    <Alert variant="warning" title="An extra drug test is required">
      <p>
        Your membership has been paused for {warning.paused_days} of the last {warning.window_days}{" "}
        days. An extra drug test has been required since{" "}
        <strong>{formatDay(warning.extra_test_due)}</strong>. Call us at{" "}
        <a href={OFFICE_PHONE_HREF}>{OFFICE_PHONE}</a> to arrange it.
      </p>
    </Alert>
  );
}

function Card(
  { id, title, children, wide }: { id: string; title: string; children: ReactNode; wide?: boolean },
) {
  return (
    <section className={wide ? "dashboard-card dashboard-card-wide" : "dashboard-card"} aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

function MembershipCard({ membership }: { membership: Resource<Membership | null> }) {
  return (
    <Card id="membership-card" title="Membership">
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

function LetterCard({ membership }: { membership: Resource<Membership | null> }) {
  const allowed = !membership.loading && !membership.error &&
    summarizeMembership(membership.data ?? null).letterAllowed;
  return (
    <Card id="letter-card" title="Letter of Compliance">
      {membership.loading
        ? <Skeleton lines={2} label="Loading your Letter of Compliance…" />
        : allowed
        ? <LetterActions onRefused={membership.reload} />
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

/** Download and e-mail. A 403 means the membership changed since the page loaded: say why and reload it. */
function LetterActions({ onRefused }: { onRefused(): void }) {
  const [downloading, setDownloading] = useState(false);
  const [emailing, setEmailing] = useState(false);

  const fail = (error: unknown) => {
    toast.error(errorMessage(error));
    if (error instanceof ApiError && error.status === 403) onRefused();
  };

  // A real link (it can be opened or saved like any other); a click fetches the file so that a refusal
  // becomes a message instead of a saved error page.
  async function onDownload(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (downloading) return;
    setDownloading(true);
    try {
      await downloadLetter();
    } catch (error) {
      fail(error);
    } finally {
      setDownloading(false);
    }
  }

  async function onEmail() {
    setEmailing(true);
    try {
      toast.success(await emailLetter());
    } catch (error) {
      fail(error);
    } finally {
      setEmailing(false);
    }
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
        <Button variant="secondary" busy={emailing} busyLabel="Sending…" onClick={onEmail}>
          Email it to me
        </Button>
      </div>
    </>
  );
}

function RecentTestsCard() {
  const recent = useResource(fetchRecentTests);
  return (
    <Card id="tests-card" title="Recent tests" wide>
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
    </Card>
  );
}
