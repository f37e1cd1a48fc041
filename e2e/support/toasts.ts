/** The notices the app shows in its toast region (web/src/components/toasts.tsx), found by their words. */
import { expect, type Page } from "@playwright/test";

export const toast = (page: Page, text: string | RegExp) =>
  page.locator(".toasts .toast").filter({ hasText: text });

/**
 * Checks that a toast with these words shows (the first, where a retry shows the same words again) and closes
 * it, so a later toast of the same words is a new one.
 */
export async function expectToast(page: Page, text: string | RegExp) {
  const shown = toast(page, text);
  await expect(shown.first()).toBeVisible();
  await shown.first().locator(".toast-close").click();
  await expect(shown).toHaveCount(0);
}
