/**
 * The administrators' list tables, written once: a horizontal scroller around a `.data-table` with its caption
 * (visually hidden unless `showCaption`), one header row, a <tbody> of `row(item)` (each a keyed <tr>) and an
 * optional footer. A header is its text, or a sortable column (a button; the column says how the list is sorted
 * with aria-sort). With `empty`, a table without rows is the empty-state line instead. A paged list puts it
 * inside <PagedList>, which owns loading, error, the empty state and pagination. On a phone each row is a
 * labelled card opening with `keyColumn` (table-scroll.tsx): never a clipped column.
 */
import type { ReactNode } from "react";
import { TableScroll } from "./table-scroll.tsx";
import "./data-table.css";

export type SortDir = "asc" | "desc";

/** A header that sorts the list: `sorted` is set when the list is sorted by this column. */
export interface SortColumn {
  label: string;
  sorted?: SortDir;
  onSort(dir: SortDir): void;
}

/** A header only a screen reader reads (an action column: its buttons name themselves). */
export interface HiddenColumn {
  hiddenLabel: string;
}

/** A column's header; `false` leaves the column out (e.g. an action column of a read-only table). */
export type Column = string | SortColumn | HiddenColumn | false;

export interface DataTableProps<T> {
  caption?: string;
  /** The scroll region's name, when it must differ from the caption (a section of that name holds it). */
  label?: string;
  showCaption?: boolean;
  columns: Column[];
  rows: T[];
  row(item: T): ReactNode;
  /** The <tfoot>'s rows, e.g. a total. */
  foot?: ReactNode;
  empty?: string;
  /** The column a phone's card opens with (the row's name: order number, member, document); default the first. */
  keyColumn?: number;
}

export function DataTable<T>(
  { caption, label, showCaption, columns, rows, row, foot, empty, keyColumn }: DataTableProps<T>,
) {
  if (empty !== undefined && rows.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <TableScroll label={label ?? caption ?? "Table"} keyColumn={keyColumn}>
      <table className="data-table">
        {caption && <caption className={showCaption ? undefined : "visually-hidden"}>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column, i) => column && <ColumnHeader key={i} column={column} />)}
          </tr>
        </thead>
        <tbody>{rows.map((item) => row(item))}</tbody>
        {foot && <tfoot>{foot}</tfoot>}
      </table>
    </TableScroll>
  );
}

function ColumnHeader({ column }: { column: string | SortColumn | HiddenColumn }) {
  if (typeof column === "string") return <th scope="col">{column}</th>;
  if ("hiddenLabel" in column) {
    return (
      <th scope="col">
        <span className="visually-hidden">{column.hiddenLabel}</span>
      </th>
    );
  }
  const { label, sorted, onSort } = column;
  const next: SortDir = sorted === "asc" ? "desc" : "asc";
  return (
    <th scope="col" aria-sort={sorted && (sorted === "asc" ? "ascending" : "descending")}>
      <button type="button" className="sort-button" onClick={() => onSort(next)}>
        {label}
        <span className="visually-hidden">, sort {next === "asc" ? "ascending" : "descending"}</span>
      </button>
    </th>
  );
}
