/**
 * Toasts as a signal: any module can call `toast.success()` / `toast.error()`; components/toasts.tsx renders
 * them in one polite live region. Timers pause while the pointer or focus is in the region (WCAG 2.2.1).
 */
import { signal } from "@preact/signals-react";

export type ToastVariant = "success" | "error" | "info";

export interface Toast {
  id: number;
  variant: ToastVariant;
  message: string;
}

const DURATION_MS: Record<ToastVariant, number> = { success: 5000, error: 8000, info: 8000 };

export const toasts = signal<Toast[]>([]);

const timers = new Map<number, ReturnType<typeof setTimeout>>();
let nextId = 1;
let held = false;

function show(variant: ToastVariant, message: string): void {
  // The same message twice (a double submit, React's dev double effects) shows once.
  const existing = toasts.value.find((t) => t.variant === variant && t.message === message);
  if (existing) return startTimer(existing);
  const item: Toast = { id: nextId++, variant, message };
  toasts.value = [...toasts.value, item];
  startTimer(item);
}

function startTimer(item: Toast): void {
  clearTimeout(timers.get(item.id));
  if (!held) timers.set(item.id, setTimeout(() => dismissToast(item.id), DURATION_MS[item.variant]));
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  toasts.value = toasts.value.filter((t) => t.id !== id);
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
