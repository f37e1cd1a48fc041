/**
 * /app/cart/checkout/thank-you?order={number} (public spec §2): the receipt of one of the buyer's own orders,
 * read back from the server by its number (a reload or a bookmark shows the same), with where to go next.
 */
import { Link, useSearch } from "wouter";
import { Alert } from "../../components/alert.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { ApiError } from "../../lib/api.ts";
import { formatInstant } from "../../lib/dates.ts";
import { formatMoney } from "../../lib/money.ts";
import { useResource } from "../../lib/use-resource.ts";
import { fetchOrderByNumber } from "./api.ts";
import "./store.css";
import { TableScroll } from "../../components/table-scroll.tsx";

/** The fulfilment of an order that ships, in the member's words (decision 0061). */
const SHIPPING_WORDS = {
  to_ship: "Being prepared: we will send it shortly",
  shipped: "Shipped",
  delivered: "Delivered",
} as const;

export default function ThankYouPage() {
  const number = new URLSearchParams(useSearch()).get("order") ?? "";
  const order = useResource(
    ["orders", "by-number", number],
    (signal) => number ? fetchOrderByNumber(number, signal) : Promise.resolve(null),
  );

  if (order.loading) return <Skeleton lines={4} label="Loading your order…" />;
  if (order.data === null || (order.error instanceof ApiError && order.error.status === 404)) {
    return (
      <Alert variant="warning" title="We could not find that order">
        <p>
          Check the link, or see <Link href="/app/account/orders">your orders</Link> (also linked from the
          {" "}
          <Link href="/app">dashboard</Link>).
        </p>
      </Alert>
    );
  }
  if (order.error || !order.data) {
    return <LoadError title="Your order could not be loaded" error={order.error} onRetry={order.reload} />;
  }

  const { attributes: o } = order.data;
  const money = (cents: number) => formatMoney(cents, { cents: true });
  return (
    <>
      <Alert variant="success" title="Thank you for your order">
        <p>
          Order number <strong data-testid="order-number">{o.number}</strong>
          {o.card_last4 && <>, paid with the card ending in {o.card_last4}</>}. A receipt is on its way to
          your e-mail.
        </p>
      </Alert>
      <dl className="order-facts">
        <div>
          <dt>Order number</dt>
          <dd>{o.number}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{formatInstant(o.completed_at ?? o.created_at)}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd data-testid="order-total">{money(o.total_cents)}</dd>
        </div>
        {o.shipping && (
          <div>
            <dt>Shipping</dt>
            <dd data-testid="order-shipping">
              {SHIPPING_WORDS[o.shipping.state]}
              {o.shipping.delivered_at && ` ${formatInstant(o.shipping.delivered_at)}`}
            </dd>
          </div>
        )}
        {o.shipping?.tracking_number && (
          <div>
            <dt>Tracking number</dt>
            <dd data-testid="order-tracking">{o.shipping.carrier} {o.shipping.tracking_number}</dd>
          </div>
        )}
      </dl>
      <TableScroll label={`Items in order ${o.number}`}>
        <table className="data-table">
          <caption className="visually-hidden">Items in order {o.number}</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="numeric">Price</th>
              <th scope="col" className="numeric">Quantity</th>
              <th scope="col" className="numeric">Total</th>
            </tr>
          </thead>
          <tbody>
            {o.items.map((line) => (
              <tr key={line.id}>
                <th scope="row">{line.name}</th>
                <td className="numeric">{money(line.cost)}</td>
                <td className="numeric">{line.quantity}</td>
                <td className="numeric">{money(line.cost * line.quantity)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>Total</th>
              <td className="numeric">{money(o.total_cents)}</td>
            </tr>
          </tfoot>
        </table>
      </TableScroll>
      <div className="form-actions">
        <Link href="/app/store" className="button button-secondary">Back to the store</Link>
        <Link href="/app/account/orders" className="button button-secondary">Your orders and receipts</Link>
        <Link href="/app" className="button button-primary">Go to the dashboard</Link>
      </div>
    </>
  );
}
