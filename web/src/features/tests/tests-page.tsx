/**
 * /app/account/tests: the member's test history, newest first, ten to a page. The page number is in the
 * address (?page=2), so Back and a shared link show the same page.
 */
import { DrugTestTable } from "../../components/drug-test-table.tsx";
import { PagedList, usePageParam } from "../../components/paged-list.tsx";
import { storableTest } from "../../lib/drug-tests.ts";
import { OfflineNotice } from "../../offline/offline-ui.tsx";
import { useCachedResource } from "../../offline/use-cached.ts";
import { fetchTests, type TestPage } from "./api.ts";

/** Kept on the device for offline reading: each test's summary only (docs/decisions/0014). */
const keep = (page: TestPage): TestPage => ({ ...page, data: page.data.map(storableTest) });

export default function TestsPage() {
  const [page, goTo] = usePageParam();
  const tests = useCachedResource(["tests", page], (signal) => fetchTests(page, signal), { keep });

  return (
    <section aria-label="Your drug tests">
      <p>
        Every drug test on your record: when it was taken, why, and whether it passed. Laboratory details stay
        with the medical review officer.
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
