/**
 * Toasts as a signal: any module can call `toast.success()` / `toast.error()`; components/toasts.tsx renders
 * them in one polite live region. Timers pause while the pointer or focus is in the region (WCAG 2.2.1).
 * Issue 23: a success or a note leaves by itself after a few seconds; an error stays until dismissed. At most
 * `MAX_TOASTS` show (the oldest goes first), and a toast outlives one page change (the redirect after the
 * action that raised it) but not a second, so "Successfully logged into your account" is gone once the member
 * moves on.
 */
import { signal } from "@preact/signals-react";

export type ToastVariant = "success" | "error" | "info";

export interface Toast {
  id: number;
  variant: ToastVariant;
  message: string;
  /** The page change count when it was raised (`pageChanged`). */
  page: number;
}

/** How long each variant stays; `null`: until dismissed. */
export const DURATION_MS: Record<ToastVariant, number | null> = { success: 5000, error: null, info: 6000 };

/** No more than this many at once: a fourth pushes the oldest out. */
export const MAX_TOASTS = 3;

export const toasts = signal<Toast[]>([]);

const timers = new Map<number, ReturnType<typeof setTimeout>>();
let nextId = 1;
let held = false;
let page = 0;

function show(variant: ToastVariant, message: string): void {
  // The same message twice (a double submit, React's dev double effects) shows once.
  const existing = toasts.value.find((t) => t.variant === variant && t.message === message);
  if (existing) return startTimer(existing);
  const item: Toast = { id: nextId++, variant, message, page };
  const shown = [...toasts.value, item];
  for (const old of shown.slice(0, Math.max(0, shown.length - MAX_TOASTS))) dismissToast(old.id);
  toasts.value = [...toasts.value, item];
  startTimer(item);
}

function startTimer(item: Toast): void {
  clearTimeout(timers.get(item.id));
  const duration = DURATION_MS[item.variant];
  if (!held && duration !== null) timers.set(item.id, setTimeout(() => dismissToast(item.id), duration));
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  toasts.value = toasts.value.filter((t) => t.id !== id);
}

/**
 * A success that opens the next page, shown in that page's flow above its heading rather than floating over it
 * (issue 37: the sign-in toast covered the member's "Email it to me", the DER's employee list and a queue card's
 * Archive for seconds). It lives as a toast does: through the one page change that follows, gone at the next.
 */
export const pageNotice = signal<{ message: string; page: number } | null>(null);

export function noticeOnNextPage(message: string): void {
  pageNotice.value = { message, page };
}

/** The app moved to another page: toasts raised before the previous page change leave. */
export function pageChanged(): void {
  page++;
  for (const t of toasts.value) if (t.page < page - 1) dismissToast(t.id);
  if (pageNotice.value && pageNotice.value.page < page - 1) pageNotice.value = null;
}

/** Stops auto-dismiss while someone is reading or tabbing through the toasts. */
export function holdToasts(): void {
  held = true;
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
}

/** Restarts auto-dismiss, with the full duration, after `holdToasts()`. */
export function releaseToasts(): void {
  held = false;
  toasts.value.forEach(startTimer);
}

export const toast = {
  success: (message: string) => show("success", message),
  error: (message: string) => show("error", message),
  /** Neither done nor failed, e.g. a change queued to be sent later. */
  info: (message: string) => show("info", message),
};
