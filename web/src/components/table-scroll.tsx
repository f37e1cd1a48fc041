/**
 * A table's frame. On a desk a wide table scrolls sideways inside it: a keyboard user must be able to reach it
 * to scroll it (axe `scrollable-region-focusable`), and a screen reader names the region it lands on, so it is
 * a focusable, labelled region. On a phone (under 40rem) its `.data-table` turns each row into a labelled card
 * with the key column first (card-rows.ts), so nothing is clipped and nothing scrolls. `position: relative`
 * (styles.css) keeps visually hidden parts of the table inside it, so they never widen the page.
 */
import { type ReactNode, useRef } from "react";
import { useCardRows } from "./card-rows.ts";

export function TableScroll(
  { label, keyColumn = 0, children }: { label: string; keyColumn?: number; children: ReactNode },
) {
  const ref = useRef<HTMLDivElement>(null);
  useCardRows(ref, keyColumn);
  return (
    <div ref={ref} className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
