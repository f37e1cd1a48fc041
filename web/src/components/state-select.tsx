/**
 * The State field of every address form: a native select of the 50 states and DC, then the territories (a
 * native select is keyboard usable as is: arrows, typing a name's first letters, the platform's picker on a
 * phone). It sends the USPS code ("LA"). A stored value outside the list stays selectable, so editing an older
 * record never drops it. Same markup and error wiring as TextField.
 */
import { type SelectHTMLAttributes, useId } from "react";
import { stateOptionValue, US_STATES, US_TERRITORIES } from "../lib/us-states.ts";

export interface StateSelectProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "defaultValue" | "value"> {
  label?: string;
  name: string;
  /** The stored state: a code, a name of the list, or anything else (kept as its own option). */
  defaultValue?: string | null;
  value?: string | null;
  error?: string;
  hint?: string;
}

export function StateSelect(
  { label = "State", error, hint, id, className, defaultValue, value, ...select }: StateSelectProps,
) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const hintId = `${selectId}-hint`;
  const errorId = `${selectId}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(" ") || undefined;
  const current = stateOptionValue(value ?? defaultValue);
  const unknown = current && !US_STATES.some((s) => s.code === current) &&
    !US_TERRITORIES.some((s) => s.code === current);
  const selected = value === undefined ? { defaultValue: current } : { value: stateOptionValue(value) };

  return (
    <div className={["field", error && "field-invalid", className].filter(Boolean).join(" ")}>
      <label htmlFor={selectId}>
        {label}
        {select.required && <span className="field-required">(required)</span>}
      </label>
      {hint && <p id={hintId} className="field-hint">{hint}</p>}
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...selected}
        {...select}
      >
        <option value="">Select a state</option>
        {unknown && <option value={current}>{current}</option>}
        <optgroup label="States and DC">
          {US_STATES.map((s) => <option key={s.code} value={s.code}>{s.name}</option>)}
        </optgroup>
        <optgroup label="Territories">
          {US_TERRITORIES.map((s) => <option key={s.code} value={s.code}>{s.name}</option>)}
        </optgroup>
      </select>
      {error && <p id={errorId} className="field-error">{error}</p>}
    </div>
  );
}
