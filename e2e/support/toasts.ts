/** The notices the app shows in its toast region (web/src/components/toasts.tsx), found by their words. */
import type { Page } from "@playwright/test";

export const toast = (page: Page, text: string | RegExp) =>
  page.locator(".toasts .toast").filter({ hasText: text });
