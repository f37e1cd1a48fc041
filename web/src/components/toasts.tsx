import { useEffect } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { useLocation } from "wouter";
import {
  dismissToast,
  holdToasts,
  pageChanged,
  pageNotice,
  releaseToasts,
  toasts,
  type ToastVariant,
} from "../lib/toast.ts";

const VARIANT_LABELS: Record<ToastVariant, string> = {
  error: "Error: ",
  success: "Success: ",
  info: "Note: ",
};

/**
 * Renders lib/toast.ts. The live region is always in the DOM (an aria-live region added together with its
 * content is not announced); hovering or focusing it pauses auto-dismiss. A page change tells lib/toast.ts, so
 * old toasts leave; while any shows, the page gets room at its foot (`has-toasts`), so a toast never sits over
 * the last control the user needs.
 */
export function Toasts() {
  useSignals();
  const [location] = useLocation();
  useEffect(() => pageChanged(), [location]);
  const any = toasts.value.length > 0;
  useEffect(() => {
    document.documentElement.classList.toggle("has-toasts", any);
  }, [any]);
  return (
    <div
      className="toasts"
      role="status"
      aria-live="polite"
      onMouseEnter={holdToasts}
      onMouseLeave={releaseToasts}
      onFocus={holdToasts}
      onBlur={releaseToasts}
    >
      {toasts.value.map((item) => (
        <div key={item.id} className={`toast toast-${item.variant}`}>
          <p>
            <span className="visually-hidden">{VARIANT_LABELS[item.variant]}</span>
            {item.message}
          </p>
          <button type="button" className="toast-close" onClick={() => dismissToast(item.id)}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Dismiss notification</span>
          </button>
        </div>
      ))}
    </div>
  );
}

/**
 * lib/toast.ts `noticeOnNextPage`: a success that opened this page (signing in), in the page's flow above its
 * heading, so it covers no control. Present from the page's first render, so nothing below it moves.
 */
export function PageNotice() {
  useSignals();
  const notice = pageNotice.value;
  if (!notice) return null;
  return (
    <p className="page-notice" role="status">
      <span className="visually-hidden">{VARIANT_LABELS.success}</span>
      {notice.message}
    </p>
  );
}
