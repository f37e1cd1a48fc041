/**
 * On a phone a table's rows become labelled cards (issue 23: My Tests showed "Pas", Downloads "Downlo"). The
 * CSS (styles.css, `.table-scroll .data-table` under 40rem) stacks each row's cells and writes each cell's
 * column name before it from `data-label`; this module puts those labels on the cells, read from the table's
 * own header row, and marks the key column's cell (`data-key`) so the card opens with it. A MutationObserver
 * keeps rows added later (paging, polling) labelled too. Pure DOM, no React: TableScroll and DataTable call it.
 */
import { type RefObject, useLayoutEffect } from "react";

/**
 * A header's words as a reader sees them: a column named only for screen readers (a visually hidden "Download"
 * over the download links) gives its cards no label, or each card read "Download Download" (issue 37).
 */
function visibleText(th: HTMLTableCellElement): string {
  const copy = th.cloneNode(true) as HTMLElement;
  copy.querySelectorAll(".visually-hidden").forEach((hidden) => hidden.remove());
  return copy.textContent ?? "";
}

/** Labels every body and footer cell of `table` with its column's visible header text. */
export function labelCells(table: HTMLTableElement, keyColumn = 0): void {
  const headers = [...(table.tHead?.rows[0]?.cells ?? [])].flatMap((th) =>
    Array.from(
      { length: th.colSpan || 1 },
      () => visibleText(th).replace(/, sort (a|de)scending$/, "").trim(),
    )
  );
  const rows = [...table.tBodies].flatMap((body) => [...body.rows]).concat([...(table.tFoot?.rows ?? [])]);
  for (const row of rows) {
    let column = 0;
    for (const cell of row.cells) {
      const label = headers[column] ?? "";
      if (cell.dataset.label !== label) cell.dataset.label = label;
      if (column === keyColumn && cell.colSpan <= 1) cell.dataset.key = "";
      else delete cell.dataset.key;
      column += cell.colSpan || 1;
    }
  }
}

/** Keeps the tables inside `ref` labelled for their card layout. */
export function useCardRows(ref: RefObject<HTMLElement | null>, keyColumn = 0): void {
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const label = () => root.querySelectorAll("table").forEach((t) => labelCells(t, keyColumn));
    label();
    const observer = new MutationObserver(label);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [ref, keyColumn]);
}
