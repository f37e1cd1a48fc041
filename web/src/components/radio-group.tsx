import { type ReactNode, useId } from "react";

export interface RadioOption {
  value: string;
  label: ReactNode;
  hint?: ReactNode;
}

export interface RadioGroupProps {
  legend: string;
  name: string;
  options: RadioOption[];
  /** Controlled value ('' when nothing is chosen yet). */
  value?: string;
  defaultValue?: string;
  onChange?(value: string): void;
  /** Shown under the group and read with each option (aria-describedby), which is also marked invalid. */
  error?: string;
  required?: boolean;
}

/** A set of radio buttons in a fieldset whose legend names the question. */
export function RadioGroup(
  { legend, name, options, value, defaultValue, onChange, error, required }: RadioGroupProps,
) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className={["field", "choice-group", error && "field-invalid"].filter(Boolean).join(" ")}>
      <legend>
        {legend}
        {required && <span className="field-required">(required)</span>}
      </legend>
      {options.map((option, index) => {
        const optionId = `${id}-${index}`;
        const hintId = `${optionId}-hint`;
        const describedBy = [option.hint && hintId, error && errorId].filter(Boolean).join(" ") || undefined;
        return (
          <div key={option.value} className="choice">
            <input
              id={optionId}
              type="radio"
              name={name}
              value={option.value}
              checked={value === undefined ? undefined : value === option.value}
              defaultChecked={defaultValue === undefined ? undefined : defaultValue === option.value}
              onChange={(event) => onChange?.(event.currentTarget.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
            />
            <label htmlFor={optionId}>{option.label}</label>
            {option.hint && <p id={hintId} className="field-hint choice-hint">{option.hint}</p>}
          </div>
        );
      })}
      {error && <p id={errorId} className="field-error">{error}</p>}
    </fieldset>
  );
}
