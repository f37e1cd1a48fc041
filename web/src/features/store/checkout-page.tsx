/**
 * /app/cart/checkout (public spec §2, §3 "Checkout form: card, items"; admin spec §4, §5, §8): the order's
 * lines and total from the server's prices, a saved card, and Purchase.
 *
 * Purchase is disabled while submitting, with no card chosen, or with a total of 0. Each attempt carries an
 * Idempotency-Key so the server never charges twice for it. The key is kept only to retry the very same order
 * (same card, same lines) when no answer says what happened (a network failure, a 5xx, or 409 "still running");
 * any answer that ends the attempt, a decline included, means the next try is a new attempt with a new key.
 */
import { type FormEvent, useRef } from "react";
import { Link, useLocation } from "wouter";
import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { Button } from "../../components/button.tsx";
import { OFFLINE_REASON, online } from "../../lib/online.ts";
import { LoadError } from "../../components/load-error.tsx";
import { addCardHref, CardPicker, useCardChoice } from "../payments/pay-with.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { ApiError } from "../../lib/api.ts";
import type { PaymentMethod, PurchaseRequest, StoreItem } from "@api/contract";
import { fetchCards } from "../payments/payments.ts";
import { errorMessage } from "../../lib/form.ts";
import { formatMoney } from "../../lib/money.ts";
import { toast } from "../../lib/toast.ts";
import { cardsKey, SELF } from "../payments/subject.ts";
import { screenPaths } from "../memberships/screens.ts";
import { useResource } from "../../lib/use-resource.ts";
import { fetchItems, purchase, PURCHASED_MESSAGE, STORE_ITEMS_KEY } from "./api.ts";
import { cart, type CartLine, clearPurchased, priceCart } from "./cart.ts";
import "./store.css";

export const ADD_CARD_HREF = addCardHref(screenPaths(SELF).addCard, "/app/cart/checkout");

export default function CheckoutPage() {
  useSignals();
  const items = useResource(STORE_ITEMS_KEY, fetchItems);
  const cards = useResource(cardsKey(SELF), (signal) => fetchCards(SELF, signal));
  const lines = cart.value;

  if (lines.length === 0) {
    return (
      <div className="empty-state">
        <p>Your cart is empty: there is nothing to check out.</p>
        <p>
          <Link href="/app/store">Browse the store</Link>
        </p>
      </div>
    );
  }
  if ((items.loading && !items.data) || (cards.loading && !cards.data)) {
    return <Skeleton lines={5} label="Loading your order…" />;
  }
  if (items.error || !items.data) {
    return <LoadError title="Your order could not be priced" error={items.error} onRetry={items.reload} />;
  }
  if (cards.error || !cards.data) {
    return <LoadError title="Your cards could not be loaded" error={cards.error} onRetry={cards.reload} />;
  }
  return (
    <CheckoutForm
      lines={lines}
      items={items.data}
      cards={cards.data}
      onStale={() => {
        items.reload();
        cards.reload();
      }}
    />
  );
}

interface CheckoutFormProps {
  lines: CartLine[];
  items: StoreItem[];
  cards: PaymentMethod[];
  /** The server refused the order as it stands (an item or card gone): load the catalogue and cards again. */
  onStale(): void;
}

/** Whether the attempt's outcome is unknown, so the same order may be retried with the same key. */
const outcomeUnknown = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status === 409 || error.status >= 500);

function CheckoutForm({ lines, items, cards, onStale }: CheckoutFormProps) {
  useSignals();
  const [, navigate] = useLocation();
  const busy = useSignal(false);
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null);
  const [cardId, setCardId] = useCardChoice(cards);

  const { priced, unavailable, totalCents } = priceCart(lines, items);
  const money = (cents: number) => formatMoney(cents, { cents: true });
  const blocker = !online.value
    ? OFFLINE_REASON
    : cardId === null
    ? "Choose a card to pay with."
    : totalCents <= 0
    ? "Your total is $0.00: there is nothing to pay for."
    : null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.value || blocker || cardId === null) return;
    const payload: PurchaseRequest = {
      payment_method_id: cardId,
      items: priced.map(({ id, quantity }) => ({ id, quantity })),
    };
    const fingerprint = JSON.stringify(payload);
    if (attempt.current?.fingerprint !== fingerprint) {
      attempt.current = { key: crypto.randomUUID(), fingerprint };
    }
    busy.value = true;
    try {
      const answer = await purchase(payload, attempt.current.key);
      attempt.current = null;
      clearPurchased(payload.items);
      navigate(`/app/cart/checkout/thank-you?order=${encodeURIComponent(answer.data.attributes.number)}`);
      toast.success(answer.message || PURCHASED_MESSAGE);
    } catch (error) {
      if (!outcomeUnknown(error)) attempt.current = null;
      if (error instanceof ApiError && (error.status === 404 || error.status === 422)) onStale();
      toast.error(errorMessage(error));
      busy.value = false;
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Checkout" className="checkout">
      <section aria-labelledby="order-summary">
        <h2 id="order-summary">Order summary</h2>
        {unavailable.length > 0 && (
          <p className="field-hint">
            {unavailable.length === 1 ? "One item" : `${unavailable.length} items`} in your cart{" "}
            {unavailable.length === 1 ? "is" : "are"} no longer for sale and left out.{" "}
            <Link href="/app/cart">Review your cart</Link>
          </p>
        )}
        <dl className="summary checkout-summary">
          {priced.map(({ id, quantity, item, lineTotalCents }) => (
            <div key={id} className="summary-row">
              <dt>{item.attributes.name} × {quantity}</dt>
              <dd>{money(lineTotalCents)}</dd>
            </div>
          ))}
          <div className="summary-row summary-total">
            <dt>Total</dt>
            <dd data-testid="checkout-total">{money(totalCents)}</dd>
          </div>
        </dl>
        <p>
          <Link href="/app/cart">Edit your cart</Link>
        </p>
      </section>

      <section aria-labelledby="payment">
        <h2 id="payment">Payment</h2>
        <CardPicker cards={cards} cardId={cardId} onChange={setCardId} addCard={{ href: ADD_CARD_HREF }} />
      </section>

      {blocker && <p id="purchase-blocker" className="field-hint">{blocker}</p>}
      <div className="form-actions">
        <Button
          type="submit"
          busy={busy.value}
          busyLabel="Processing payment…"
          disabled={blocker !== null}
          aria-describedby={blocker ? "purchase-blocker" : undefined}
        >
          Purchase
        </Button>
      </div>
    </form>
  );
}
