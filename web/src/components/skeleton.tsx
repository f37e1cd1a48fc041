/**
 * Grey placeholder lines while a card or a list loads, with the same polite "Loading…" for screen readers
 * and the `data-loading` mark the e2e harness waits on as <Loading>.
 */
export function Skeleton({ lines = 3, label = "Loading…" }: { lines?: number; label?: string }) {
  return (
    <div className="skeleton" role="status" data-loading="">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, i) => <span key={i} className="skeleton-line" aria-hidden="true" />)}
    </div>
  );
}
