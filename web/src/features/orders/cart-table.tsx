/** The manual order's lines: plus, minus, remove and the total (cost in cents, shown in dollars). */
import type { AdminItem } from "@api/contract";
import { Button } from "../../components/button.tsx";
import { DataTable } from "../../components/data-table.tsx";
import { formatMoney } from "../../lib/money.ts";
import type { Cart } from "./api.ts";

export function cartTotal(items: AdminItem[], cart: Cart): number {
  return items.reduce((sum, i) => sum + (cart[i.id] ?? 0) * i.attributes.cost, 0);
}

export function CartTable(
  { items, cart, onChange, readOnly }: {
    items: AdminItem[];
    cart: Cart;
    onChange(c: Cart): void;
    readOnly?: boolean;
  },
) {
  const set = (id: number, quantity: number) => {
    const next = { ...cart };
    if (quantity <= 0) delete next[id];
    else next[id] = Math.min(99, quantity);
    onChange(next);
  };
  return (
    <DataTable
      caption="Order lines"
      columns={["Item", "Quantity", "Cost", !readOnly && "Remove"]}
      rows={items.filter((i) => cart[i.id])}
      empty="No items in this order yet"
      row={(i) => {
        const q = cart[i.id];
        const name = i.attributes.name;
        return (
          <tr key={i.id}>
            <td>{name}</td>
            <td>
              {readOnly ? q : (
                <span className="field-row">
                  <Button
                    variant="secondary"
                    aria-label={`One fewer ${name}`}
                    onClick={() => set(i.id, q - 1)}
                  >
                    −
                  </Button>
                  <output aria-label={`Quantity of ${name}`}>{q}</output>
                  <Button
                    variant="secondary"
                    aria-label={`One more ${name}`}
                    onClick={() => set(i.id, q + 1)}
                  >
                    +
                  </Button>
                </span>
              )}
            </td>
            <td>{formatMoney(q * i.attributes.cost, { cents: true })}</td>
            {!readOnly && (
              <td>
                <Button variant="link" aria-label={`Remove ${name}`} onClick={() => set(i.id, 0)}>
                  Remove
                </Button>
              </td>
            )}
          </tr>
        );
      }}
      foot={
        <tr>
          <th scope="row" colSpan={2}>Total</th>
          <td>{formatMoney(cartTotal(items, cart), { cents: true })}</td>
          {!readOnly && <td />}
        </tr>
      }
    />
  );
}
