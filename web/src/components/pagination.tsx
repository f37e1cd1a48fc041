import { Button } from "./button.tsx";

export interface PaginationProps {
  /** The list answer's `meta`. */
  page: number;
  perPage: number;
  total: number;
  onPage(page: number): void;
  /** Names the navigation landmark, e.g. "Tests pages". */
  label?: string;
}

/** Previous / "Page x of y" / Next under a list; hidden when everything fits on one page. */
export function Pagination({ page, perPage, total, onPage, label = "Pages" }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>Previous</Button>
      <p className="pagination-position" aria-live="polite">Page {page} of {pages}</p>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>Next</Button>
    </nav>
  );
}
