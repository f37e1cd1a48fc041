/**
 * /app/admin/settings/retention (issue 38, decision 0091; reached from Settings): the retention schedule with the
 * consortium's period of each kind of record (never below the legal minimum; each change confirmed and audited
 * before → after), legal holds on a member or a company (placed and lifted with a reason, confirmed, audited),
 * and what the daily job will remove or anonymise in the next 30 days.
 */
import { type FormEvent, useEffect, useId, useState } from "react";
import { Link } from "wouter";
import { Button } from "../../components/button.tsx";
import { Chip } from "../../components/chip.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { DataTable } from "../../components/data-table.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { formatDay, formatInstant } from "../../lib/dates.ts";
import { errorMessage, fieldErrors } from "../../lib/form.ts";
import { toast } from "../../lib/toast.ts";
import { useResource } from "../../lib/use-resource.ts";
import { monthsInWords } from "./months.ts";
import "./retention.css";
import {
  DUE_KEY,
  fetchDue,
  fetchHolds,
  fetchSchedule,
  type Hold,
  HOLDS_KEY,
  liftHold,
  placeHold,
  SCHEDULE_KEY,
  type ScheduleRow,
  searchSubjects,
  setPeriod,
  type Subject,
} from "./api.ts";

const ACTION_WORDS = { remove: "Removed", anonymise: "Anonymised" } as const;

export default function RetentionPage() {
  return (
    <div className="retention-page">
      <p>
        How long each kind of record is kept (49 CFR 40.333 and the rules it names), what the daily job
        removes or anonymises once a record's period has passed since its own date, and the legal holds that
        keep a member's or a company's records whatever their period. Every change is recorded in the{" "}
        <Link href="/app/admin/audit?entity=retention_schedule">audit log</Link>. Back to{" "}
        <Link href="/app/admin/settings">Settings</Link>.
      </p>
      <ScheduleSection />
      <HoldsSection />
      <DueSection />
    </div>
  );
}

function ScheduleSection() {
  const schedule = useResource(SCHEDULE_KEY, fetchSchedule);
  return (
    <section className="form-section" aria-labelledby="retention-schedule">
      <h2 id="retention-schedule" className="form-section-title">Schedule</h2>
      {schedule.error
        ? (
          <LoadError
            title="The schedule could not be loaded"
            error={schedule.error}
            onRetry={schedule.reload}
          />
        )
        : !schedule.data
        ? <Skeleton lines={8} label="Loading the schedule…" />
        : (
          <DataTable
            caption="Retention schedule"
            columns={["Record", "Counted from", "Legal minimum", "Our period", "Then", "Rule"]}
            rows={schedule.data}
            empty="The schedule is empty."
            row={(r) => <PeriodRow key={`${r.kind}-${r.period_months}`} row={r} />}
          />
        )}
    </section>
  );
}

function PeriodRow({ row }: { row: ScheduleRow }) {
  const id = useId();
  const [text, setText] = useState(String(row.period_months));
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const value = Number(text);

  function ask(e: FormEvent) {
    e.preventDefault();
    if (!/^\d+$/.test(text.trim())) return setError("Enter a whole number of months");
    if (value < row.minimum_months) {
      return setError(`The period cannot be shorter than the legal minimum of ${row.minimum_months} months`);
    }
    if (value === row.period_months) return setError("Nothing to save: the period is as it was");
    setError(undefined);
    setConfirming(true);
  }

  async function save() {
    setBusy(true);
    try {
      toast.success((await setPeriod(row.kind, value)).message);
    } catch (e) {
      setError(fieldErrors(e).period_months ?? errorMessage(e));
      setConfirming(false);
      setBusy(false);
    }
  }

  return (
    <tr data-kind={row.kind}>
      <td>{row.record}</td>
      <td>{row.record_date}</td>
      <td>{monthsInWords(row.minimum_months)}</td>
      <td>
        <form className="retention-period" onSubmit={ask} noValidate>
          <label htmlFor={`${id}-months`} className="visually-hidden">
            Our period for {row.record}, in months
          </label>
          <input
            id={`${id}-months`}
            inputMode="numeric"
            size={5}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <Button type="submit" variant="secondary" disabled={busy}>Save</Button>
          <p id={`${id}-hint`} className="field-hint">
            {monthsInWords(row.period_months)}
            {row.updated_by ? `; set by ${row.updated_by} ${formatInstant(row.updated_at)}` : ""}
          </p>
          {error && <p id={`${id}-error`} className="field-error" role="alert">{error}</p>}
        </form>
        <ConfirmDialog
          open={confirming}
          title="Change the retention period?"
          confirmLabel="Change period"
          busyLabel="Saving…"
          busy={busy}
          onConfirm={save}
          onClose={() => setConfirming(false)}
        >
          <p>
            {row.record}: from {monthsInWords(row.period_months)} to{" "}
            {monthsInWords(value)}. The daily job uses the new period from its next run.
          </p>
        </ConfirmDialog>
      </td>
      <td>{ACTION_WORDS[row.action]}</td>
      <td className="field-hint">{row.citation}</td>
    </tr>
  );
}

/** Waits this long after the last key before asking the server. */
const TYPING_MS = 250;

function SubjectPicker(
  { kind, chosen, onChoose }: {
    kind: Subject["kind"];
    chosen: Subject | null;
    onChoose(s: Subject | null): void;
  },
) {
  const id = useId();
  const [text, setText] = useState("");
  const [matches, setMatches] = useState<(Subject & { hint: string })[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const q = text.trim();
    if (q.length < 2) return setMatches(null);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchSubjects(kind, q, controller.signal).then((m) => {
        setFailed(false);
        setMatches(m);
      }).catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    }, TYPING_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, kind]);
  const what = kind === "member" ? "member" : "company";

  if (chosen) {
    return (
      <div className="field">
        <span className="field-label">On hold</span>
        <p>
          <strong>{chosen.name}</strong>{" "}
          <button type="button" className="button button-secondary" onClick={() => onChoose(null)}>
            Choose another {what}
          </button>
        </p>
      </div>
    );
  }
  return (
    <div className="field">
      <label htmlFor={`${id}-search`}>{kind === "member" ? "Member" : "Company"}</label>
      <input
        id={`${id}-search`}
        type="search"
        autoComplete="off"
        value={text}
        placeholder={kind === "member" ? "Name or e-mail" : "Name, e-mail or tax id"}
        aria-describedby={`${id}-hint`}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <span id={`${id}-hint`} className="field-hint" aria-live="polite">
        {failed
          ? "The search failed. Try again."
          : matches === null
          ? `Type two letters or more, then pick the ${what}.`
          : matches.length === 0
          ? "Nothing matches."
          : `${matches.length} match${matches.length === 1 ? "" : "es"}: pick one.`}
      </span>
      {matches && matches.length > 0 && (
        <ul className="retention-matches" aria-label={`Matching ${what}s`}>
          {matches.map((m) => (
            <li key={m.id}>
              <button type="button" className="button-link" onClick={() => onChoose(m)}>
                {m.name} <span className="field-hint">{m.hint}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function HoldsSection() {
  const holds = useResource(HOLDS_KEY, fetchHolds);
  const [kind, setKind] = useState<Subject["kind"]>("member");
  const [subject, setSubject] = useState<Subject | null>(null);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [placing, setPlacing] = useState(false);
  const [lifting, setLifting] = useState<Hold | null>(null);
  const [liftReason, setLiftReason] = useState("");
  const [busy, setBusy] = useState(false);

  function ask(e: FormEvent) {
    e.preventDefault();
    if (!subject) return setError(`Choose the ${kind === "member" ? "member" : "company"} first`);
    if (!reason.trim()) return setError("Give a reason (up to 1,000 characters)");
    setError(undefined);
    setPlacing(true);
  }

  async function place() {
    setBusy(true);
    try {
      toast.success((await placeHold(subject!, reason.trim())).message);
      setSubject(null);
      setReason("");
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
      setPlacing(false);
    }
  }

  async function lift() {
    setBusy(true);
    try {
      toast.success((await liftHold(lifting!.id, liftReason)).message);
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
      setLifting(null);
      setLiftReason("");
    }
  }

  return (
    <section className="form-section" aria-labelledby="retention-holds">
      <h2 id="retention-holds" className="form-section-title">Legal holds</h2>
      <form className="retention-hold-form" onSubmit={ask} noValidate>
        <fieldset>
          <legend>Place a hold on</legend>
          {(["member", "company"] as const).map((k) => (
            <label key={k} className="radio">
              <input
                type="radio"
                name="hold-kind"
                value={k}
                checked={kind === k}
                onChange={() => {
                  setKind(k);
                  setSubject(null);
                }}
              />{" "}
              {k === "member" ? "A member" : "A company"}
            </label>
          ))}
        </fieldset>
        <SubjectPicker kind={kind} chosen={subject} onChoose={setSubject} />
        <div className="field">
          <label htmlFor="hold-reason">
            Reason<span className="field-required">(required)</span>
          </label>
          <textarea
            id="hold-reason"
            rows={2}
            maxLength={1000}
            value={reason}
            placeholder="The proceeding or investigation that names the records"
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        </div>
        {error && <p className="field-error" role="alert">{error}</p>}
        <div className="form-actions">
          <Button type="submit" disabled={busy}>Place hold</Button>
        </div>
      </form>
      <ConfirmDialog
        open={placing}
        title="Place a legal hold?"
        confirmLabel="Place hold"
        busyLabel="Placing…"
        busy={busy}
        onConfirm={place}
        onClose={() => setPlacing(false)}
      >
        <p>
          Nothing of {subject?.name ?? ""}'s is removed or anonymised until the hold is lifted. Reason:{" "}
          {reason}
        </p>
      </ConfirmDialog>
      {holds.error
        ? <LoadError title="The holds could not be loaded" error={holds.error} onRetry={holds.reload} />
        : !holds.data
        ? <Skeleton lines={3} label="Loading the legal holds…" />
        : (
          <DataTable
            caption="Legal holds"
            columns={["On hold", "Reason", "Placed", "Status", { hiddenLabel: "Actions" }]}
            rows={holds.data}
            empty="No member or company is on hold."
            row={(h) => (
              <tr key={h.id} data-hold={h.name}>
                <td>
                  <Link
                    href={h.user_id !== null
                      ? `/app/admin/users/${h.user_id}`
                      : `/app/admin/businesses/${h.business_id}`}
                  >
                    {h.name}
                  </Link>{" "}
                  <span className="field-hint">({h.subject})</span>
                </td>
                <td>{h.reason}</td>
                <td>{formatInstant(h.placed_at)}{h.placed_by ? ` by ${h.placed_by}` : ""}</td>
                <td>
                  {h.lifted_at
                    ? (
                      <Chip tone="neutral">
                        Lifted {formatInstant(h.lifted_at)}
                        {h.lifted_by ? ` by ${h.lifted_by}` : ""}
                        {h.lift_reason ? `: ${h.lift_reason}` : ""}
                      </Chip>
                    )
                    : <Chip tone="warning">On hold</Chip>}
                </td>
                <td>
                  {!h.lifted_at && (
                    <Button
                      variant="secondary"
                      disabled={busy}
                      onClick={() => setLifting(h)}
                      aria-label={`Lift hold on ${h.name}`}
                    >
                      Lift hold
                    </Button>
                  )}
                </td>
              </tr>
            )}
          />
        )}
      <ConfirmDialog
        open={lifting !== null}
        title="Lift this legal hold?"
        confirmLabel="Lift hold"
        busyLabel="Lifting…"
        busy={busy}
        destructive
        onConfirm={lift}
        onClose={() => setLifting(null)}
      >
        <p>
          The daily job's next run removes or anonymises what of{" "}
          {lifting?.name ?? ""}'s has passed its period.
        </p>
        <div className="field">
          <label htmlFor="lift-reason">Why the hold ends (optional)</label>
          <input
            id="lift-reason"
            maxLength={1000}
            value={liftReason}
            onChange={(e) => setLiftReason(e.currentTarget.value)}
          />
        </div>
      </ConfirmDialog>
    </section>
  );
}

function DueSection() {
  const due = useResource(DUE_KEY, fetchDue);
  const kinds = due.data?.kinds.filter((k) => k.count > 0) ?? [];
  return (
    <section className="form-section" aria-labelledby="retention-due">
      <h2 id="retention-due" className="form-section-title">Due for removal in the next 30 days</h2>
      {due.error
        ? <LoadError title="The list could not be loaded" error={due.error} onRetry={due.reload} />
        : !due.data
        ? <Skeleton lines={6} label="Loading what is due…" />
        : (
          <>
            <p role="status">
              {kinds.length
                ? `${kinds.reduce((n, k) => n + k.count, 0)} records from ${formatDay(due.data.from)} to ${
                  formatDay(due.data.until)
                }; records of a member or company on hold are not listed.`
                : `Nothing is due for removal from ${formatDay(due.data.from)} to ${
                  formatDay(due.data.until)
                }.`}
            </p>
            {kinds.map((k) => (
              <div key={k.kind} className="retention-due-kind" data-kind={k.kind}>
                <h3>
                  {k.record}: {k.count} ({ACTION_WORDS[k.action].toLowerCase()})
                </h3>
                <DataTable
                  caption={`${k.record}, due for removal`}
                  columns={["Record", "Its date", "Goes on"]}
                  rows={k.records}
                  empty="None."
                  row={(r) => (
                    <tr key={r.id}>
                      <td>{r.label}</td>
                      <td>{formatDay(r.record_day)}</td>
                      <td>{formatDay(r.removal_on)}</td>
                    </tr>
                  )}
                />
                {k.count > k.records.length && (
                  <p className="field-hint">The oldest {k.records.length} of {k.count} are listed.</p>
                )}
              </div>
            ))}
          </>
        )}
    </section>
  );
}
