/**
 * /app/admin/randoms/new: a draft pool for a month; its seed's commitment is fixed at once (decision 0033).
 * The month is a labelled select of the months' names beside a short year field (issue 23: the browser's raw
 * month input showed its "---------- ----" placeholder across the whole page). It starts on the first month
 * from the office's current one without a pool, and shows before Create what the pool would cover and select
 * if built now (the preview call; issue 24 item 7, decision 0069).
 */
import { type FormEvent, useEffect, useState } from "react";
import { useLocation } from "wouter";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiError } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { invalidate, useResource } from "../../lib/use-resource.ts";
import { createPool, fetchPreview, monthLabel, type Preview, previewKey, RANDOMS_KEY } from "./api.ts";
import { MONTH_NAMES } from "../../lib/dates.ts";
import { poolMonth } from "./pool-month.ts";

export default function NewRandomPoolPage() {
  const [, navigate] = useLocation();
  const [month, setMonth] = useState("");
  const [year, setYear] = useState("");
  const [errors, setErrors] = useState<{ month?: string; year?: string }>({});
  const [busy, setBusy] = useState(false);
  const next = useResource(previewKey(null), (signal) => fetchPreview(null, signal));
  // The default: the first month without a pool, once known (the administrator may choose another).
  useEffect(() => {
    if (!next.data || month || year) return;
    setMonth(String(next.data.month));
    setYear(String(next.data.year));
  }, [next.data]);
  const chosen = poolMonth(year, month);
  const at = "errors" in chosen ? null : chosen;
  const preview = useResource(at ? previewKey(at) : null, (signal) => fetchPreview(at, signal));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if ("errors" in chosen) return setErrors(chosen.errors);
    setErrors({});
    setBusy(true);
    try {
      const pool = await createPool(chosen.year, chosen.month);
      await invalidate(RANDOMS_KEY);
      toast.success("Random pool created");
      navigate(`/app/admin/randoms/${pool.id}`);
    } catch (e) {
      setBusy(false);
      const message = e instanceof ApiError ? e.message : "The pool could not be created";
      setErrors({ month: message });
      toast.error(message);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="narrow">
      <fieldset className="choice-group">
        <legend>The month the pool draws for, at the year's rate</legend>
        <div className="field-row pool-month">
          <div className={["field", errors.month && "field-invalid"].filter(Boolean).join(" ")}>
            <label htmlFor="pool-month">
              Month<span className="field-required">(required)</span>
            </label>
            <select
              id="pool-month"
              name="month"
              required
              value={month}
              aria-invalid={errors.month ? true : undefined}
              aria-describedby={errors.month ? "pool-month-error" : undefined}
              onChange={(e) => setMonth(e.target.value)}
            >
              <option value="">Choose a month</option>
              {MONTH_NAMES.map((name, i) => <option key={name} value={String(i + 1)}>{name}</option>)}
            </select>
            {errors.month && <p id="pool-month-error" className="field-error">{errors.month}</p>}
          </div>
          <TextField
            label="Year"
            name="year"
            inputMode="numeric"
            maxLength={4}
            required
            value={year}
            onChange={(e) => setYear(e.target.value)}
            error={errors.year}
            className="pool-year"
          />
        </div>
        {next.data && (
          <p className="field-hint">
            The first month without a pool is {monthLabel(next.data)}.
          </p>
        )}
      </fieldset>
      <PreviewPanel preview={preview.data} loading={!!at && !preview.data && !preview.error} />
      <Button type="submit" busy={busy} busyLabel="Creating…" disabled={preview.data?.exists}>
        Create Pool
      </Button>
    </form>
  );
}

/** What the chosen month's pool would be if built now: its covered population and the number it selects. */
function PreviewPanel({ preview, loading }: { preview?: Preview; loading: boolean }) {
  if (loading) return <p aria-live="polite">Working out the pool's size…</p>;
  if (!preview) return null;
  if (preview.exists) {
    return (
      <Alert variant="warning" title="This month has a pool">
        {monthLabel(preview)} already has a random pool; choose another month.
      </Alert>
    );
  }
  return (
    <section aria-labelledby="preview-heading" aria-live="polite" data-testid="pool-preview">
      <h2 id="preview-heading">{monthLabel(preview)} if built now</h2>
      <dl className="details-list">
        <div>
          <dt>Covered members</dt>
          <dd data-testid="preview-covered">{preview.covered_count}</dd>
        </div>
        <div>
          <dt>To select</dt>
          <dd data-testid="preview-select">
            {preview.to_select} (with {preview.alternates} alternates, at the year's{" "}
            {preview.rate_percent}% rate)
          </dd>
        </div>
      </dl>
      <p className="field-hint">
        The figures are taken again when the pool is built: the snapshot is of the members covered then.
      </p>
    </section>
  );
}
