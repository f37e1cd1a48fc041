import type { ReactNode } from "react";

export interface AlertProps {
  variant?: "info" | "success" | "warning" | "error";
  title?: string;
  children: ReactNode;
}

/** An inline message. Errors use role="alert" so they are announced at once; the rest are polite. */
export function Alert({ variant = "info", title, children }: AlertProps) {
  return (
    <div className={`alert alert-${variant}`} role={variant === "error" ? "alert" : "status"}>
      {title && <p className="alert-title">{title}</p>}
      <div>{children}</div>
    </div>
  );
}
