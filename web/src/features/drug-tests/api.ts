/** The member's own drug tests, a page at a time: the shared calls of test-history.ts. */
export { fetchTestPage as fetchTests, keepTestPage, type TestPage, TESTS_PER_PAGE } from "./test-history.ts";
