/**
 * /app/admin/users/{id}/order (admin spec §2 "Manually Process Order"): pick store items, adjust the quantity
 * with plus and minus, remove items, see the total, then go to checkout. The cart is the user's, per tab.
 */
import { useState } from "react";
import { Link } from "wouter";
import type { PageProps } from "../../lib/page-props.ts";
import { Button } from "../../components/button.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { formatMoney } from "../../lib/money.ts";
import { useResource } from "../../lib/use-resource.ts";
import { type Cart, fetchActiveItems, readCart, writeCart } from "./api.ts";
import { CartTable } from "./cart-table.tsx";

export default function ManualOrderPage({ params }: PageProps) {
  const userId = params.id!;
  const items = useResource(["admin-items", "active"], (signal) => fetchActiveItems(signal));
  const [cart, setCartState] = useState<Cart>(() => readCart(userId));
  const setCart = (next: Cart) => {
    writeCart(userId, next);
    setCartState(next);
  };
  if (items.loading && !items.data) return <Skeleton lines={4} label="Loading the store items…" />;
  if (items.error || !items.data) {
    return (
      <LoadError title="The store items could not be loaded" error={items.error} onRetry={items.reload} />
    );
  }
  const all = items.data.data;
  return (
    <>
      <section aria-labelledby="items-heading">
        <h2 id="items-heading">Store items</h2>
        {all.length === 0
          ? <p className="empty-state">No active store items</p>
          : (
            <ul className="form-section">
              {all.map((i) => (
                <li key={i.id}>
                  {i.attributes.name} — {formatMoney(i.attributes.cost, { cents: true })}{" "}
                  <Button
                    variant="secondary"
                    aria-label={`Add ${i.attributes.name}`}
                    onClick={() => setCart({ ...cart, [i.id]: Math.min(99, (cart[i.id] ?? 0) + 1) })}
                  >
                    Add
                  </Button>
                </li>
              ))}
            </ul>
          )}
      </section>
      <section aria-labelledby="cart-heading">
        <h2 id="cart-heading">Order</h2>
        <CartTable items={all} cart={cart} onChange={setCart} />
        <div className="form-actions">
          <Link href={`/app/admin/users/${userId}`} className="button button-secondary">
            Back to the user
          </Link>
          {Object.keys(cart).length > 0 && (
            <Link href={`/app/admin/users/${userId}/order/checkout`} className="button button-primary">
              Checkout
            </Link>
          )}
        </div>
      </section>
    </>
  );
}
