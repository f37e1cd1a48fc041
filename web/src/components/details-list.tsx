/**
 * The facts of one subject (a user's profile, an employee, an order): each label beside its value on a desk,
 * above it on a phone, labels aligned in one column, values in ordinary weight (issue 23: the user page put
 * "Name" at the far left and "Morgan Lee" at the far right, all bold). An empty value reads "—".
 */
import type { ReactNode } from "react";

export type Detail = [label: string, value: ReactNode];

export function DetailsList({ items, label }: { items: Detail[]; label?: string }) {
  return (
    <dl className="details-list" aria-label={label}>
      {items.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value === null || value === undefined || value === "" ? "—" : value}</dd>
        </div>
      ))}
    </dl>
  );
}
