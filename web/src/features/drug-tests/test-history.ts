/**
 * The member's own test history (GET /api/auth/account/tests), a page at a time: shared by the My Tests
 * screen and the dashboard, which saves the first page ahead for offline reading (decision 0014: summaries
 * only), as the product promises, so the history opens without a signal even if its screen was never visited.
 */
import type { DrugTest, ListPage } from "@api/contract";
import { call } from "../../lib/typed-api.ts";
import { storableTest } from "./drug-tests.ts";
import type { ResourceKey } from "../../lib/resource-store.ts";

export const TESTS_PER_PAGE = 10;

export type TestPage = ListPage<DrugTest>;

/** The page's key, in the resource cache and (joined) on the device. */
export const testPageKey = (page: number): ResourceKey => ["tests", page];

export function fetchTestPage(page: number, signal?: AbortSignal): Promise<TestPage> {
  return call("/auth/account/tests").GET({
    query: { page, per_page: TESTS_PER_PAGE, sort_by: "date", sort_dir: "desc" },
    signal,
  });
}

/** What the device keeps of a page: each test's summary only. */
export const keepTestPage = (page: TestPage): TestPage => ({ ...page, data: page.data.map(storableTest) });
