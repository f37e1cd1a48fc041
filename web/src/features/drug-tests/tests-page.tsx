/**
 * /app/account/tests: the member's test history, newest first, ten to a page. The page number is in the
 * address (?page=2), so Back and a shared link show the same page.
 */
import { Link } from "wouter";
import { DrugTestTable } from "./drug-test-table.tsx";
import { PagedList, usePageParam } from "../../components/paged-list.tsx";
import { OfflineNotice } from "../../offline/offline-ui.tsx";
import { useCachedResource } from "../../offline/use-cached.ts";
import { testPageKey } from "./test-history.ts";
import { fetchTests, keepTestPage as keep } from "./api.ts";

export default function TestsPage() {
  const [page, goTo] = usePageParam();
  const tests = useCachedResource(testPageKey(page), (signal) => fetchTests(page, signal), { keep });

  return (
    <section aria-label="Your drug tests">
      <p>
        Every drug test on your record: when it was taken, why, and whether it passed. Laboratory details stay
        with the medical review officer.
      </p>
      <p>
        Going for a test? <Link href="/collection-sites">Find a collection site near you</Link>.
      </p>
      <OfflineNotice savedAt={tests.savedAt} />
      <PagedList
        list={tests}
        page={page}
        onPage={goTo}
        skeletonLines={5}
        labels={{
          loading: "Loading your tests…",
          error: "Your tests could not be loaded",
          empty: "No tests yet",
          pages: "Test pages",
        }}
      >
        {(rows) => <DrugTestTable tests={rows} caption="Your drug tests, newest first" />}
      </PagedList>
    </section>
  );
}
