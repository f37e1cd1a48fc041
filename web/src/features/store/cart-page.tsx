/**
 * /app/cart (public spec §2; admin spec §2 "plus/minus, remove, total"): the cart's lines priced from the
 * server's catalogue (the cart holds no prices), quantity steppers, remove, the total and Checkout.
 */
import { Link } from "wouter";
import { useSignals } from "@preact/signals-react/runtime";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { formatMoney } from "../../lib/money.ts";
import { useResource } from "../../lib/use-resource.ts";
import { fetchItems, STORE_ITEMS_KEY } from "./api.ts";
import { cart, cartNotSaved, priceCart, removeFromCart, setQuantity } from "./cart.ts";
import { QuantityStepper } from "./quantity-stepper.tsx";
import "./store.css";
import { TableScroll } from "../../components/table-scroll.tsx";

export default function CartPage() {
  useSignals();
  const items = useResource(STORE_ITEMS_KEY, fetchItems);
  const lines = cart.value;

  if (lines.length === 0) return <EmptyCart />;
  if (items.loading && !items.data) return <Skeleton lines={4} label="Loading your cart…" />;
  if (items.error || !items.data) {
    return <LoadError title="Your cart could not be priced" error={items.error} onRetry={items.reload} />;
  }

  const { priced, unavailable, totalCents } = priceCart(lines, items.data);
  const money = (cents: number) => formatMoney(cents, { cents: true });
  return (
    <>
      {cartNotSaved.value && <NotSavedWarning />}
      <UnavailableLines lines={unavailable} />
      {priced.length > 0 && (
        <TableScroll label="Items in your cart">
          <table className="data-table cart-table">
            <caption className="visually-hidden">Items in your cart</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col" className="numeric">Price</th>
                <th scope="col">Quantity</th>
                <th scope="col" className="numeric">Total</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {priced.map(({ id, quantity, item, lineTotalCents }) => (
                <tr key={id}>
                  <th scope="row" className="cart-item">
                    <Link href={`/app/store/item/${id}`}>{item.attributes.name}</Link>
                  </th>
                  <td className="numeric cart-price">{money(item.attributes.cost)}</td>
                  <td className="cart-quantity">
                    <QuantityStepper
                      itemName={item.attributes.name}
                      value={quantity}
                      onChange={(next) => setQuantity(id, next)}
                    />
                  </td>
                  <td className="numeric cart-line-total" data-testid="line-total">
                    {money(lineTotalCents)}
                  </td>
                  <td className="cart-remove">
                    <Button
                      variant="link"
                      aria-label={`Remove ${item.attributes.name}`}
                      onClick={() => removeFromCart(id)}
                    >
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>Total</th>
                <td className="numeric cart-total">{money(totalCents)}</td>
                <td className="cart-remove" />
              </tr>
            </tfoot>
          </table>
        </TableScroll>
      )}
      <div className="form-actions">
        {priced.length > 0 && (
          <Link href="/app/cart/checkout" className="button button-primary">Checkout</Link>
        )}
        <Link href="/app/store" className="button button-secondary">Continue shopping</Link>
      </div>
    </>
  );
}

function EmptyCart() {
  return (
    <div className="empty-state">
      <p>Your cart is empty.</p>
      <p>
        <Link href="/app/store">Browse the store</Link>
      </p>
    </div>
  );
}

/** Items in the cart that the store no longer sells: they cannot be bought, only removed. */
function UnavailableLines({ lines }: { lines: { id: number; quantity: number }[] }) {
  if (lines.length === 0) return null;
  return (
    <Alert variant="warning" title="Some items are no longer for sale">
      <p>They are left out of your total and your order.</p>
      <ul>
        {lines.map(({ id, quantity }) => (
          <li key={id}>
            Item #{id} (quantity {quantity}){" "}
            <Button variant="link" aria-label={`Remove item #${id}`} onClick={() => removeFromCart(id)}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
    </Alert>
  );
}

export function NotSavedWarning() {
  return (
    <Alert variant="warning" title="Your cart could not be saved in this browser">
      <p>It will be lost if you reload or close this page. Check that site storage is allowed.</p>
    </Alert>
  );
}
