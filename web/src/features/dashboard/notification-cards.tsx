/**
 * One card per notification kind (admin spec §3, §4): its facts and the actions the spec offers. Archived
 * notifications show their facts and Reopen (decision 0082), except one that records a decision. Every action disables its buttons while it runs and toasts the server's
 * message (the spec's words) or its error.
 */
import { useState } from "react";
import { Link } from "wouter";
import { Button } from "../../components/button.tsx";
import { Chip } from "../../components/chip.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { formatInstant, formatInstantDay } from "../../lib/dates.ts";
import { statusWord } from "../../lib/status-words.ts";
import { call } from "../../lib/typed-api.ts";
import { useAction } from "../../lib/use-action.ts";
import type { NotificationItem, PausedItem, RegistrationItem } from "@api/contract";
import { act, type Entry } from "./notifications-api.ts";

const day = (iso: string | null) => (iso ? formatInstantDay(iso) : null);

/** Runs a card's actions one at a time (lib/use-action.ts): `busy` names the running one. */
function useCardAction() {
  const { running, run } = useAction<
    [name: string, send: Parameters<typeof act>[0], fallback?: string],
    string | undefined
  >(
    (_name, send) => act(send),
    { success: (message, _name, _send, fallback) => message ?? fallback ?? "Done" },
  );
  return { busy: running?.[0] ?? null, run };
}

function Step({ done, children }: { done: boolean; children: string }) {
  return (
    <li className={done ? "step step-done" : "step"}>
      <span aria-hidden="true">{done ? "✓" : "○"}</span> {children}
      <span className="visually-hidden">{done ? ": done" : ": not yet"}</span>
    </li>
  );
}

/** Reopen on an archived card (decision 0082): the notification goes back to the open list. */
function ReopenButton({ id, label }: { id: number; label: string }) {
  const { busy, run } = useCardAction();
  return (
    <div className="notification-actions">
      <Button
        variant="secondary"
        busy={busy === "reopen"}
        disabled={busy !== null}
        aria-label={`Reopen: ${label}`}
        onClick={() =>
          run("reopen", (keyed) => call("/auth/notification/{id}/reopen").PUT({ params: { id }, ...keyed }))}
      >
        Reopen
      </Button>
    </div>
  );
}

/**
 * The card's box for a bulk action (absent on archived lists). It sits beside the card's heading, not in it: the
 * heading names the card, and a box inside it read as "Choose: X registered X registered" (issue 37).
 */
function ChooseBox({ title, chosen, onChoose }: { title: string; chosen?: boolean; onChoose?: () => void }) {
  if (!onChoose) return null;
  return (
    <input
      type="checkbox"
      className="choose"
      aria-label={`Choose: ${title}`}
      checked={chosen ?? false}
      onChange={onChoose}
    />
  );
}

interface Choosing {
  chosen?: boolean;
  onChoose?: () => void;
}

const KIND_LABEL = { DER: "DER", independent: "Independent member", company_employee: "Company employee" };

function RegistrationCard({ n, open, chosen, onChoose }: { n: RegistrationItem; open: boolean } & Choosing) {
  const a = n.attributes;
  const { busy, run } = useCardAction();
  const [confirm, setConfirm] = useState(false);
  const testLabel = a.drug_test_status
    ? `Test results: ${a.drug_test_passed ? "passed" : a.drug_test_status.replace("_", " ")}`
    : "Test results";
  return (
    <article className="notification" aria-labelledby={`n-${n.id}`} tabIndex={-1}>
      <div className="notification-title">
        <ChooseBox title={`${a.user_name} registered`} chosen={chosen} onChoose={onChoose} />
        <h4 id={`n-${n.id}`}>
          <Link href={`/app/admin/users/${a.user_id}`}>{a.user_name}</Link> registered
          {a.member_number ? <span className="member-number">{` ${a.member_number}`}</span> : null}
        </h4>
      </div>
      <p className="notification-facts">
        {KIND_LABEL[a.type]}
        {a.business_name ? ` · ${a.business_name}` : ""} · {formatInstant(a.created_at)}
      </p>
      <ol className="progress" aria-label="Registration progress">
        <Step done>Created</Step>
        <Step done={a.business_approved_at !== null}>Business approval</Step>
        <Step done={a.membership_created}>Membership created</Step>
        <Step done={a.drug_test_passed}>{testLabel}</Step>
        {a.type === "DER" && <Step done={a.compliance_paid}>Compliance paid</Step>}
        {a.type === "DER" && <Step done={a.company_training_at !== null}>Company training</Step>}
      </ol>
      {open && (
        <div className="notification-actions">
          {a.business_request_id !== null && (
            <>
              <Link
                className="button button-primary"
                href={`/app/admin/notifications/${n.id}/business/review`}
              >
                Set up business
              </Link>
              <Link
                className="button button-secondary"
                href={`/app/admin/notifications/${n.id}/business/review?convert=1`}
              >
                Convert to {a.type === "independent" ? "company" : "independent"}
              </Link>
            </>
          )}
          {a.employee_request_notification_id !== null && (
            <Link
              className="button button-secondary"
              href={`/app/admin/notifications/${a.employee_request_notification_id}/employee/new?from=registration`}
            >
              Review employee request
            </Link>
          )}
          {!a.membership_created && (
            <Link className="button button-secondary" href={`/app/admin/users/${a.user_id}/membership/new`}>
              Purchase membership
            </Link>
          )}
          {a.type === "DER" && a.business_id !== null && !a.compliance_paid && (
            <Link
              className="button button-secondary"
              href={`/app/admin/businesses/${a.business_id}/compliance-kit`}
            >
              Order compliance kit
            </Link>
          )}
          {a.drug_test_at === null && a.business_id !== null && (
            <Button
              variant="secondary"
              busy={busy === "test"}
              disabled={busy !== null}
              onClick={() =>
                run("test", (keyed) =>
                  call("/auth/notification/registration/{id}/test/order").PUT({
                    params: { id: n.id },
                    ...keyed,
                  }))}
            >
              Order test
            </Button>
          )}
          {a.membership_created && (
            <Button
              variant="secondary"
              busy={busy === "loc"}
              disabled={busy !== null}
              onClick={() =>
                run("loc", (keyed) =>
                  call("/auth/notification/registration/{id}/loc").PUT({ params: { id: n.id }, ...keyed }))}
            >
              Send LOC
            </Button>
          )}
          {a.type === "DER" && a.company_training_at === null && (
            <Button
              variant="secondary"
              busy={busy === "training"}
              disabled={busy !== null}
              onClick={() =>
                run("training", (keyed) =>
                  call("/auth/notification/registration/{id}/company/training").PUT({
                    params: { id: n.id },
                    ...keyed,
                  }))}
            >
              Update company training
            </Button>
          )}
          <Button
            variant="secondary"
            busy={busy === "archive"}
            disabled={busy !== null}
            onClick={() =>
              run("archive", (keyed) =>
                call("/auth/notification/registration/{id}/archive").PUT({ params: { id: n.id }, ...keyed }))}
          >
            Archive
          </Button>
          <Button
            variant="danger"
            disabled={busy !== null}
            onClick={() =>
              setConfirm(true)}
          >
            Delete
          </Button>
          <ConfirmDialog
            open={confirm}
            title="Delete this registration notification?"
            confirmLabel="Delete"
            busyLabel="Deleting…"
            destructive
            busy={busy === "delete"}
            onClose={() =>
              setConfirm(false)}
            onConfirm={async () => {
              await run(
                "delete",
                (keyed) =>
                  call("/auth/notification/registration/{id}").DELETE({ params: { id: n.id }, ...keyed }),
                "Successfully deleted registration notification",
              );
              setConfirm(false);
            }}
          >
            <p>The member, their membership and their tests stay; only this notification goes.</p>
          </ConfirmDialog>
        </div>
      )}
      {!open && <ReopenButton id={n.id} label={`${a.user_name} registered`} />}
    </article>
  );
}

function PausedCard({ n, open, chosen, onChoose }: { n: PausedItem; open: boolean } & Choosing) {
  const a = n.attributes;
  const { busy, run } = useCardAction();
  return (
    <article className="notification" aria-labelledby={`n-${n.id}`} tabIndex={-1}>
      <div className="notification-title">
        <ChooseBox title={`${a.user_name} paused their membership`} chosen={chosen} onChoose={onChoose} />
        <h4 id={`n-${n.id}`}>
          <Link href={`/app/admin/users/${a.user_id}`}>{a.user_name}</Link> paused their membership
        </h4>
      </div>
      <p className="notification-facts">
        {a.reason} · paused {day(a.paused_at)}
        {a.resumed_at ? ` · resumed ${day(a.resumed_at)}` : ""}
      </p>
      {open && (
        <div className="notification-actions">
          {a.resumed_at === null && (
            <Button
              busy={busy === "resume"}
              disabled={busy !== null}
              onClick={() =>
                run("resume", (keyed) =>
                  call("/auth/notification/membership/paused/{id}/resume").PUT({
                    params: { id: n.id },
                    ...keyed,
                  }))}
            >
              Resume
            </Button>
          )}
          <Button
            variant="secondary"
            busy={busy === "archive"}
            disabled={busy !== null}
            onClick={() =>
              run("archive", (keyed) =>
                call("/auth/notification/membership/paused/{id}/archive").PUT({
                  params: { id: n.id },
                  ...keyed,
                }))}
          >
            Archive
          </Button>
        </div>
      )}
      {!open && <ReopenButton id={n.id} label={`${a.user_name} paused their membership`} />}
    </article>
  );
}

const CHANGE_TITLE: Record<string, string> = {
  UPDATE_USER: "changed their details",
  UPDATE_BUSINESS: "changed a business",
  NEW_VESSEL: "added a vessel",
  UPDATE_VESSEL: "changed a vessel",
  NEW_BUSINESS_REQUEST: "asked for a new company",
  NEW_EMPLOYEE_REQUEST: "asked to add an employee",
};

function GeneralCard({ n, open, chosen, onChoose }: { n: NotificationItem; open: boolean } & Choosing) {
  const a = n.attributes;
  const m = a.meta as Record<string, string | number | boolean | null>;
  const { busy, run } = useCardAction();
  const who = a.trigger_user_first_name
    ? `${a.trigger_user_first_name} ${a.trigger_user_last_name}`
    : `${m.member_first_name ?? m.owner_name ?? "A member"} ${m.member_last_name ?? ""}`.trim();
  // Whom the card is about: the member (not the administrator who placed an order for them), the person an
  // employee request names.
  const subject = a.subject_name ?? who;
  const archive = open && (
    <Button
      variant="secondary"
      busy={busy === "archive"}
      disabled={busy !== null}
      onClick={() =>
        run("archive", (keyed) =>
          call("/auth/notification/{id}/archive").PUT({ params: { id: n.id }, ...keyed }))}
    >
      Archive
    </Button>
  );
  let title: string;
  let facts: string | null = null;
  let review: { href: string; label: string } | null = null;
  let chips = null;
  if (a.type === "NEW_ORDER") {
    title = a.trigger_user_id !== null && a.trigger_user_id !== a.user_id && a.subject_name
      ? `Order ${m.order_number} for ${a.subject_name} (placed by ${who})`
      : `${subject} placed order ${m.order_number}`;
    // The order's one state, as the orders list and the header search show it (issue 37).
    const state = typeof m.order_state === "string" ? statusWord(m.order_state) : null;
    chips = state && <Chip tone={state.tone}>{state.label}</Chip>;
    review = { href: `/app/admin/orders/${m.order_id}`, label: "View order" };
  } else if (a.type === "MEMBERSHIP_CANCELLED") {
    title = `${m.member_first_name} ${m.member_last_name} cancelled their membership`;
    facts = `${m.member_number ?? ""} · cancelled ${day(m.cancelled_at as string)}`;
  } else if (a.type === "NEW_EMPLOYEE_REQUEST") {
    title = `Add ${a.subject_name ?? "an employee"} to ${m.company_name ?? "a company"}`;
    facts = `Asked by ${m.owner_name ?? who}`;
    if (a.request_pending) {
      review = { href: `/app/admin/notifications/${n.id}/employee/new`, label: "Review employee request" };
    }
  } else if (a.type === "EMPLOYEE_REQUEST_BATCH") {
    // A DER's crew list upload: one card for all its requests (decision 0086).
    const count = Number(m.request_count);
    title = `${m.company_name}: ${count} employee request${count === 1 ? "" : "s"}`;
    facts = `Crew list from ${m.owner_name ?? who}${m.file_name ? ` · ${m.file_name}` : ""}`;
    if (open) {
      review = { href: `/app/admin/employee-batches/${m.batch_id}`, label: "Review employee requests" };
    }
  } else if (CHANGE_TITLE[a.type]) {
    title = `${subject} ${CHANGE_TITLE[a.type]}`;
    facts = [m.business_name ?? m.company_name, m.vessel_name].filter(Boolean).join(" · ") || null;
    if (a.type === "NEW_BUSINESS_REQUEST" && a.request_pending) {
      review = { href: `/app/admin/notifications/${n.id}/business/review`, label: "Review company request" };
    } else if (!a.type.startsWith("NEW_B") && !a.type.startsWith("NEW_E") && a.approved === null) {
      review = {
        href: `/app/admin/notifications/${n.id}/change/approve`,
        label: (m.awaiting_approval === false) ? "Review applied change" : "Review change",
      };
    }
  } else {
    return (
      <article className="notification">
        <p>Unknown Notification Type</p>
      </article>
    );
  }
  return (
    <article className="notification" aria-labelledby={`n-${n.id}`} tabIndex={-1}>
      <div className="notification-title">
        <ChooseBox title={title} chosen={chosen} onChoose={onChoose} />
        <h4 id={`n-${n.id}`}>{title}</h4>
      </div>
      <p className="notification-facts">
        {facts ? `${facts} · ` : ""}
        {formatInstant(a.created_at)} {chips}
        {a.approved !== null && (
          <Chip tone={a.approved ? "success" : "neutral"}>{a.approved ? "Approved" : "Declined"}</Chip>
        )}
        {typeof m.decline_reason === "string" && (
          <span className="decline-reason">Reason: {m.decline_reason}</span>
        )}
      </p>
      {(review || archive) && (
        <div className="notification-actions">
          {review && <Link className="button button-primary" href={review.href}>{review.label}</Link>}
          {archive}
        </div>
      )}
      {!open && a.approved === null && (a.request_id === null || a.request_pending) && (
        <ReopenButton id={n.id} label={title} />
      )}
    </article>
  );
}

export function NotificationCard(
  { entry, open, chosen, onChoose }: { entry: Entry; open: boolean; category?: string } & Choosing,
) {
  const choosing = { chosen, onChoose };
  if (entry.kind === "registration") return <RegistrationCard n={entry.item} open={open} {...choosing} />;
  if (entry.kind === "paused") return <PausedCard n={entry.item} open={open} {...choosing} />;
  return <GeneralCard n={entry.item} open={open} {...choosing} />;
}
