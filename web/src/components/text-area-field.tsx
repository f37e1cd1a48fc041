import { type TextareaHTMLAttributes, useId } from "react";

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  name: string;
  /** Shown under the box and announced with it (aria-describedby + aria-invalid). */
  error?: string;
  hint?: string;
}

/** A multi-line text field with the same label, hint and error behaviour as TextField. */
export function TextAreaField({ label, error, hint, id, className, ...textarea }: TextAreaFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(" ") || undefined;

  return (
    <div className={["field", error && "field-invalid", className].filter(Boolean).join(" ")}>
      <label htmlFor={fieldId}>
        {label}
        {textarea.required && <span className="field-required">(required)</span>}
      </label>
      {hint && <p id={hintId} className="field-hint">{hint}</p>}
      <textarea
        id={fieldId}
        rows={6}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...textarea}
      />
      {error && <p id={errorId} className="field-error">{error}</p>}
    </div>
  );
}
