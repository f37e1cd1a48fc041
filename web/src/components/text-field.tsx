import { type InputHTMLAttributes, useId } from "react";

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  /** Shown under the input and announced with it (aria-describedby + aria-invalid). */
  error?: string;
  hint?: string;
}

export function TextField({ label, error, hint, id, className, ...input }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(" ") || undefined;

  return (
    <div className={["field", error && "field-invalid", className].filter(Boolean).join(" ")}>
      <label htmlFor={inputId}>
        {label}
        {input.required && <span className="field-required">(required)</span>}
      </label>
      {hint && <p id={hintId} className="field-hint">{hint}</p>}
      <input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error && <p id={errorId} className="field-error">{error}</p>}
    </div>
  );
}
