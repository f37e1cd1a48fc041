/** The member's own drug tests, a page at a time (GET /api/auth/account/tests): summaries only. */
import { api } from "../../lib/api.ts";
import type { DrugTest, ListPage } from "@api/contract";

export const TESTS_PER_PAGE = 10;

export type TestPage = ListPage<DrugTest>;

export function fetchTests(page: number, signal: AbortSignal): Promise<TestPage> {
  return api<TestPage>(
    `/auth/account/tests?page=${page}&per_page=${TESTS_PER_PAGE}&sort_by=date&sort_dir=desc`,
    { signal },
  );
}
