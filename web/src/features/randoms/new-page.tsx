/**
 * /app/admin/randoms/new: a draft pool for a month; its seed's commitment is fixed at once (decision 0033).
 * The month is a labelled select of the months' names beside a short year field (issue 23: the browser's raw
 * month input showed its "---------- ----" placeholder across the whole page).
 */
import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiError } from "../../lib/api.ts";
import { officeDay } from "../../lib/dates.ts";
import { toast } from "../../lib/toast.ts";
import { invalidate } from "../../lib/use-resource.ts";
import { createPool, RANDOMS_KEY } from "./api.ts";
import { MONTH_NAMES, poolMonth } from "./pool-month.ts";

export default function NewRandomPoolPage() {
  const [, navigate] = useLocation();
  const [month, setMonth] = useState("");
  const [year, setYear] = useState(() => officeDay(new Date()).slice(0, 4));
  const [errors, setErrors] = useState<{ month?: string; year?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const chosen = poolMonth(year, month);
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
      </fieldset>
      <Button type="submit" busy={busy} busyLabel="Creating…">Create Pool</Button>
    </form>
  );
}
