/**
 * A wide table's own horizontal scroller. Where it scrolls, a keyboard user must be able to reach it to
 * scroll it (axe `scrollable-region-focusable`), and a screen reader names the region it lands on: so it is a
 * focusable, labelled region. `position: relative` (styles.css) keeps visually hidden parts of the table inside
 * it, so they never widen the page.
 */
import type { ReactNode } from "react";

export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
