/**
 * The one `test` every spec imports. Its promise: axe (WCAG 2.0/2.1 A and AA) finds 0 violations on every
 * page a test visits.
 * - `visit(path)` opens a page; `arrive(url)` follows an in-app navigation; both wait until the page has
 *   settled (an <h1>, no "Loading…") and run axe. `checkA11y()` re-checks the current state (e.g. with
 *   error messages shown).
 * - An automatic fixture scans the page a test ends on if it navigated since the last scan, so a forgotten
 *   `arrive()` at the end of a test is still covered.
 * Log in through the form only in tests about the form; elsewhere use `logInAs()` (API, same cookie).
 */
import { expect, type Page, test as base } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { signIn } from "./second-factor.ts";

export { expect };

export const USERS = {
  admin: { email: "admin@apca.local", password: "admin-password-local" },
  der: { email: "der@apca.local", password: "der-password-local" },
  member: { email: "member@apca.local", password: "member-password-local" },
} as const;
export type SeededUser = keyof typeof USERS;

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

interface Fixtures {
  visit: (path: string) => Promise<void>;
  arrive: (url: string | RegExp) => Promise<void>;
  checkA11y: () => Promise<void>;
  logInAs: (user: SeededUser) => Promise<void>;
  a11yTracker: { dirty: boolean };
  a11yOnLastPage: void;
}

/** Waits until the app has rendered a page: its heading is there and nothing is still loading. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator("h1")).toBeVisible();
  await expect(page.locator("[data-loading]")).toHaveCount(0);
}

async function scan(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  // One line per failing element, with axe's own explanation (e.g. the measured contrast ratio).
  const found = violations.flatMap((v) =>
    v.nodes.map((node) =>
      `${v.id} (${v.impact}) at ${node.target.join(" ")}: ${node.failureSummary ?? v.help}`
    )
  );
  expect(found, `axe violations on ${page.url()}`).toEqual([]);
}

export const test = base.extend<Fixtures>({
  a11yTracker: async ({ page }, use) => {
    const tracker = { dirty: false };
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) tracker.dirty = true;
    });
    await use(tracker);
  },

  checkA11y: async ({ page, a11yTracker }, use) => {
    await use(async () => {
      await settle(page);
      await scan(page);
      a11yTracker.dirty = false;
    });
  },

  visit: async ({ page, checkA11y }, use) => {
    await use(async (path) => {
      await page.goto(path);
      await checkA11y();
    });
  },

  arrive: async ({ page, checkA11y }, use) => {
    await use(async (url) => {
      await expect(page).toHaveURL(url);
      await checkA11y();
    });
  },

  logInAs: async ({ page }, use) => {
    await use(async (user) => {
      // The administrator also passes the second factor (support/second-factor.ts).
      await signIn(page.request, USERS[user]);
    });
  },

  a11yOnLastPage: [async ({ page, a11yTracker, checkA11y }, use, testInfo) => {
    await use();
    // Only when the test itself passed: a failure should be reported as itself, not as an axe error.
    if (a11yTracker.dirty && testInfo.status === testInfo.expectedStatus && !page.isClosed()) {
      await checkA11y();
    }
  }, { auto: true }],
});
