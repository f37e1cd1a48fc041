import type { ButtonHTMLAttributes } from "react";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** "danger" is for the one button that destroys something (cancel a membership, remove a card). */
  variant?: "primary" | "secondary" | "link" | "danger";
  /** While true the button is disabled and shows `busyLabel`, so a form cannot be sent twice. */
  busy?: boolean;
  busyLabel?: string;
}

export function Button(
  { variant = "primary", busy = false, busyLabel, disabled, className, children, type = "button", ...rest }:
    ButtonProps,
) {
  return (
    <button
      type={type}
      className={["button", `button-${variant}`, className].filter(Boolean).join(" ")}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
