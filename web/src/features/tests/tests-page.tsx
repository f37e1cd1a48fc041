/**
 * /app/account/tests: the member's test history, newest first, ten to a page. The page number is in the
 * address (?page=2), so Back and a shared link show the same page.
 */
import { useSearchParams } from "wouter";
import { Button } from "../../components/button.tsx";
import { DrugTestTable } from "../../components/drug-test-table.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Pagination } from "../../components/pagination.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { useResource } from "../../lib/use-resource.ts";
import { fetchTests } from "./api.ts";

export default function TestsPage() {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(search.get("page")) || 1));
  const tests = useResource((signal) => fetchTests(page, signal), String(page));

  const goTo = (next: number) =>
    setSearch((previous) => {
      if (next === 1) previous.delete("page");
      else previous.set("page", String(next));
      return previous;
    });

  return (
    <section aria-label="Your drug tests">
      <p>
        Every drug test on your record: when it was taken, why, and whether it passed. Laboratory details stay
        with the medical review officer.
      </p>
      {tests.loading
        ? <Skeleton lines={5} label="Loading your tests…" />
        : tests.error
        ? <LoadError title="Your tests could not be loaded" error={tests.error} onRetry={tests.reload} />
        : tests.data && tests.data.data.length > 0
        ? (
          <>
            <DrugTestTable tests={tests.data.data} caption="Your drug tests, newest first" />
            <Pagination
              label="Test pages"
              page={tests.data.meta.page}
              perPage={tests.data.meta.per_page}
              total={tests.data.meta.total}
              onPage={goTo}
            />
          </>
        )
        : (
          <>
            <p className="empty-state">No tests yet</p>
            {page > 1 && <Button variant="link" onClick={() => goTo(1)}>Go to the first page</Button>}
          </>
        )}
    </section>
  );
}
