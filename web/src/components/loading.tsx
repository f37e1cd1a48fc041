/** A polite "Loading…" line; `data-loading` lets the e2e harness wait until a page has settled. */
export function Loading({ label = "Loading…" }: { label?: string }) {
  return <p className="loading" role="status" data-loading="">{label}</p>;
}
