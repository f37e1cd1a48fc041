/**
 * The reads a member's dashboard starts with, named once for both sides: the web asks for them as soon as it
 * knows a member is signed in (web/src/app/preload.ts), and the server's page for /app announces them to the
 * browser for a member's session (api/src/site/app-page.ts), so they download beside the app's code instead of
 * after it has run (issue 27 item 4). The URLs must be the ones the web's calls build, byte for byte, or the
 * browser fetches twice (web/src/features/dashboard/api.test.ts checks).
 */

/** The dashboard's latest tests: the first page of five, newest first. */
export const RECENT_TESTS_QUERY = { per_page: 5, sort_by: "date", sort_dir: "desc" } as const;

/** GET URLs, with the query in the order the web's typed calls write it. */
export const MEMBER_DASHBOARD_READS: readonly [string, string] = [
  "/api/auth/account/membership",
  `/api/auth/account/tests?${new URLSearchParams(
    Object.entries(RECENT_TESTS_QUERY).map(([k, v]) => [k, String(v)]),
  )}`,
];
