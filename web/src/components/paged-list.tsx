/**
 * One page of a server list (`{ data, meta }`) with its four states: loading, error with a retry, rows with
 * pagination, and an empty state (with a way back to page 1 when a later page came back empty). Every list
 * screen renders through this, so they all behave alike.
 */
import type { ReactNode } from "react";
import type { ListPage } from "@api/contract";
import { useSearchParams } from "wouter";
import type { Resource } from "../lib/use-resource.ts";
import { Button } from "./button.tsx";
import { LoadError } from "./load-error.tsx";
import { Pagination } from "./pagination.tsx";
import { Skeleton } from "./skeleton.tsx";

/** The list page named in the address (`?page=2`), so Back and shared links show the same page. */
export function usePageParam(): [number, (page: number) => void] {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(search.get("page")) || 1));
  const goTo = (next: number) =>
    setSearch((previous) => {
      if (next === 1) previous.delete("page");
      else previous.set("page", String(next));
      return previous;
    });
  return [page, goTo];
}

export interface PagedListProps<T> {
  list: Resource<ListPage<T>>;
  page: number;
  onPage(page: number): void;
  labels: { loading: string; error: string; empty: string; pages: string };
  skeletonLines?: number;
  children(rows: T[]): ReactNode;
}

export function PagedList<T>({ list, page, onPage, labels, skeletonLines = 4, children }: PagedListProps<T>) {
  if (list.loading) return <Skeleton lines={skeletonLines} label={labels.loading} />;
  if (list.error) return <LoadError title={labels.error} error={list.error} onRetry={list.reload} />;
  if (list.data && list.data.data.length > 0) {
    const { meta } = list.data;
    return (
      <>
        {children(list.data.data)}
        <Pagination
          label={labels.pages}
          page={meta.page}
          perPage={meta.per_page}
          total={meta.total}
          onPage={onPage}
        />
      </>
    );
  }
  return (
    <>
      <p className="empty-state">{labels.empty}</p>
      {page > 1 && <Button variant="link" onClick={() => onPage(1)}>Go to the first page</Button>}
    </>
  );
}
