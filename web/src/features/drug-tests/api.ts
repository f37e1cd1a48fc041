/** The member's own drug tests, a page at a time: the shared calls of lib/test-history.ts. */
export {
  fetchTestPage as fetchTests,
  keepTestPage,
  type TestPage,
  TESTS_PER_PAGE,
} from "../../lib/test-history.ts";
