/**
 * /app/admin/export/new: the export wizard (admin spec §2): type, then filters, then confirm, then 'Export
 * Queued!' with NEW EXPORT and ALL EXPORTS. I3 Tests take a test reason and a date range, Expired Memberships a
 * date range, the MIS report a calendar year (due to the Coast Guard by March 15 of the next year; the one due next
 * unless changed, filters.ts).
 */
import { type FormEvent, useState } from "react";
import { useLocation, useSearchParams } from "wouter";
import type { ExportCreateRequest, ExportTypeName } from "@api/contract";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { RadioGroup } from "../../components/radio-group.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useAction } from "../../lib/use-action.ts";
import { formatDay } from "../../lib/dates.ts";
import { createExport, misPdfHref, REASON_OPTIONS, TYPE_OPTIONS, typeLabel } from "./api.ts";
import {
  type ExportFilters as Filters,
  filtersError,
  hasRange,
  newExportFilters,
  wizardFromSearch,
  wizardSearch,
  type WizardState,
} from "./filters.ts";

type Step = WizardState["step"] | "queued";
const STEPS: [Step, string][] = [["type", "Type"], ["filters", "Filters"], ["confirm", "Confirm"]];
const KNOWN_TYPES = TYPE_OPTIONS.map((o) => o.value);

export default function NewExportPage() {
  const [, navigate] = useLocation();
  const [search, setSearch] = useSearchParams();
  // The address holds the step and the choices (filters.ts): after a reload the administrator is where they
  // were.
  const [initial] = useState(() => wizardFromSearch(search, KNOWN_TYPES, new Date()));
  const [step, setStepState] = useState<Step>(initial.step);
  const [type, setType] = useState<ExportTypeName | "">(initial.type);
  const [filters, setFilters] = useState<Filters>(initial.filters);
  const [error, setError] = useState<string | undefined>();
  const submitAction = useAction(() => createExport(request()), {
    invalidate: [["exports"]],
    failure: (e) => e instanceof Error ? e.message : "The export could not be queued",
  });
  const busy = submitAction.busy;
  const [queuedId, setQueuedId] = useState<number | null>(null);

  const set = (key: keyof Filters) => (value: string) => setFilters((f) => ({ ...f, [key]: value }));

  /** Moves to a step and writes the wizard into the address (replacing it: Back leaves the wizard). */
  function setStep(next: Step, state: Omit<WizardState, "step"> = { type, filters }) {
    setStepState(next);
    setSearch(next === "queued" ? "" : wizardSearch({ ...state, step: next }), { replace: true });
  }

  function request(): ExportCreateRequest {
    if (type === "i3_tests") {
      return {
        type,
        filters: {
          reason: (filters.reason || null) as never,
          from: filters.from || null,
          to: filters.to || null,
        },
      };
    }
    if (type === "expired_memberships") {
      return { type, filters: { from: filters.from || null, to: filters.to || null } };
    }
    if (type === "mis") return { type, filters: { year: Number(filters.year) } };
    return { type: type as ExportTypeName, filters: {} };
  }

  function next(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    if (step === "type") {
      if (!type) return setError("Export type is required");
      return setStep("filters");
    }
    if (step === "filters") {
      const problem = filtersError(type, filters);
      if (problem) return setError(problem);
      return setStep("confirm");
    }
    void submit();
  }

  async function submit() {
    const outcome = await submitAction.run();
    if (!outcome.ok) return;
    setQueuedId(outcome.result.id);
    setStep("queued");
  }

  function restart() {
    const fresh = newExportFilters(new Date());
    setType("");
    setFilters(fresh);
    setQueuedId(null);
    setStep("type", { type: "", filters: fresh });
  }

  if (step === "queued") {
    return (
      <section className="wizard-step" aria-labelledby="queued-heading">
        <h2 id="queued-heading">Export Queued!</h2>
        <p>
          {`Export ${queuedId} is building. It appears in the exports list, where you can download it once built.`}
        </p>
        <p className="form-actions">
          <Button onClick={restart}>NEW EXPORT</Button>{" "}
          <Button variant="secondary" onClick={() => navigate("/app/admin/export")}>ALL EXPORTS</Button>
        </p>
      </section>
    );
  }

  const index = STEPS.findIndex(([s]) => s === step);
  return (
    <div className="wizard">
      <ol className="wizard-progress" aria-label="Export wizard progress">
        {STEPS.map(([s, label], i) => (
          <li
            key={s}
            aria-current={i === index ? "step" : undefined}
            className={i < index ? "done" : undefined}
          >
            {label}
            {i < index && <span className="visually-hidden">(completed)</span>}
          </li>
        ))}
      </ol>
      <form className="wizard-step" onSubmit={next} noValidate>
        {step === "type" && (
          <RadioGroup
            legend="Please select an export type"
            name="type"
            required
            value={type}
            onChange={(v) => {
              setType(v as ExportTypeName);
              setError(undefined);
            }}
            options={TYPE_OPTIONS}
            error={error}
          />
        )}
        {step === "filters" && <FilterStep type={type as ExportTypeName} filters={filters} set={set} />}
        {step === "filters" && error && <Alert variant="error">{error}</Alert>}
        {step === "confirm" && <Summary type={type as ExportTypeName} filters={filters} />}
        <p className="form-actions">
          {step !== "type" && (
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => setStep(step === "confirm" ? "filters" : "type")}
            >
              Back
            </Button>
          )}{" "}
          <Button type="submit" busy={busy} busyLabel="Queuing…">
            {step === "confirm" ? "Queue Export" : "Next"}
          </Button>
        </p>
      </form>
    </div>
  );
}

function FilterStep(
  { type, filters, set }: {
    type: ExportTypeName;
    filters: Filters;
    set(key: keyof Filters): (v: string) => void;
  },
) {
  if (type === "users" || type === "transactions") {
    return <p>{`${typeLabel(type)} exports take no filters: every record is included.`}</p>;
  }
  if (type === "mis") {
    const year = Number(filters.year);
    return (
      <>
        <TextField
          label="Calendar year"
          name="year"
          inputMode="numeric"
          required
          value={filters.year}
          onChange={(e) => set("year")(e.currentTarget.value)}
          hint={Number.isFinite(year)
            ? `Due to the Coast Guard by ${formatDay(`${year + 1}-03-15`)}.`
            : undefined}
        />
        {Number.isFinite(year) && year >= 2000 && (
          <p>
            <a href={misPdfHref(year)} download>{`Download the consortium's MIS report for ${year} (PDF)`}</a>
          </p>
        )}
      </>
    );
  }
  return (
    <>
      {type === "i3_tests" && (
        <div className="field">
          <label htmlFor="export-reason">Test reason</label>
          <select
            id="export-reason"
            value={filters.reason}
            onChange={(e) => set("reason")(e.currentTarget.value)}
          >
            {REASON_OPTIONS.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </div>
      )}
      <TextField
        label="From"
        name="from"
        type="date"
        value={filters.from}
        onChange={(e) => set("from")(e.currentTarget.value)}
        hint="Leave empty for no start"
      />
      <TextField
        label="To"
        name="to"
        type="date"
        value={filters.to}
        onChange={(e) => set("to")(e.currentTarget.value)}
        hint="Leave empty for no end"
      />
    </>
  );
}

function Summary({ type, filters }: { type: ExportTypeName; filters: Filters }) {
  const reason = REASON_OPTIONS.find(([v]) => v === filters.reason)?.[1] ?? "All reasons";
  return (
    <dl className="details-list">
      <dt>Export type</dt>
      <dd>{typeLabel(type)}</dd>
      {type === "i3_tests" && (
        <>
          <dt>Test reason</dt>
          <dd>{reason}</dd>
        </>
      )}
      {hasRange(type) && (
        <>
          <dt>Date range</dt>
          <dd>{`${filters.from || "Any start"} to ${filters.to || "any end"}`}</dd>
        </>
      )}
      {type === "mis" && (
        <>
          <dt>Year</dt>
          <dd>{filters.year}</dd>
        </>
      )}
    </dl>
  );
}
