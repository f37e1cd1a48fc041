import { type InputHTMLAttributes, type ReactNode, useId } from "react";

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  name: string;
  label: ReactNode;
  /** Shown under the box and announced with it (aria-describedby + aria-invalid). */
  error?: string;
}

/** One checkbox with its label beside it. */
export function CheckboxField({ label, error, id, className, ...input }: CheckboxFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className={["field", "choice", error && "field-invalid", className].filter(Boolean).join(" ")}>
      <input
        id={inputId}
        type="checkbox"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      <label htmlFor={inputId}>{label}</label>
      {error && <p id={errorId} className="field-error">{error}</p>}
    </div>
  );
}
