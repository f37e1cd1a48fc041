/**
 * /app/admin/users/{id}/order/checkout (admin spec §2, §5): choose one of the user's cards or a manual charge
 * (medium and date), see the total, Purchase. Purchase is disabled while submitting, with no card chosen or a
 * total of 0. Success: the server's message (or 'Your transaction was processed successfully'), the cart is
 * emptied and the order opens; failure: the first message of the parsed error, and the form is re-enabled.
 */
import { type FormEvent, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import type { PageProps } from "../../lib/page-props.ts";
import { Button } from "../../components/button.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { RadioGroup } from "../../components/radio-group.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { TextField } from "../../components/text-field.tsx";
import { cardName, fetchCards } from "../payments/payments.ts";
import { cardsKey, type Subject } from "../payments/subject.ts";
import { toast } from "../../lib/toast.ts";
import { useResource } from "../../lib/use-resource.ts";
import { fetchActiveItems, firstMessage, purchaseFor, readCart, writeCart } from "./api.ts";
import { CartTable, cartTotal } from "./cart-table.tsx";
import { PAYMENT_MEDIUMS } from "@apca/rules/messages/memberships";

const SUCCESS = "Your transaction was processed successfully";

export default function ManualCheckoutPage({ params }: PageProps) {
  const userId = params.id!;
  const subject: Subject = { kind: "user", userId: Number(userId) };
  const [, navigate] = useLocation();
  const items = useResource(["admin-items", "active"], (signal) => fetchActiveItems(signal));
  const cards = useResource(cardsKey(subject), (signal) => fetchCards(subject, signal));
  const [cart, setCart] = useState(() => readCart(userId));
  const [type, setType] = useState<"card" | "manual">("card");
  const [card, setCard] = useState("");
  const [medium, setMedium] = useState("");
  const [date, setDate] = useState("");
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());

  if ((items.loading && !items.data) || (cards.loading && !cards.data)) {
    return <Skeleton lines={4} label="Loading the checkout…" />;
  }
  if (items.error || !items.data) {
    return (
      <LoadError title="The store items could not be loaded" error={items.error} onRetry={items.reload} />
    );
  }
  const all = items.data.data;
  const total = cartTotal(all, cart);
  const userCards = cards.data ?? [];
  const chosenCard = card || String(userCards.find((c) => c.attributes.default)?.id ?? "");
  const ready = type === "card" ? chosenCard !== "" : medium !== "" && date !== "";

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const lines = all.filter((i) => cart[i.id]).map((i) => ({ id: i.id, quantity: cart[i.id] }));
      const answer = await purchaseFor(
        userId,
        type === "card" ? { payment_type: "card", payment_method_id: Number(chosenCard), items: lines } : {
          payment_type: "manual",
          payment_medium: medium as (typeof PAYMENT_MEDIUMS)[number],
          payment_date: date,
          items: lines,
        },
        key.current,
      );
      toast.success(answer.message || SUCCESS);
      writeCart(userId, {});
      navigate(`/app/admin/orders/${answer.data.id}`);
    } catch (error) {
      toast.error(firstMessage(error));
      key.current = crypto.randomUUID();
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="form-section">
      <CartTable items={all} cart={cart} onChange={(c) => (writeCart(userId, c), setCart(c))} />
      <RadioGroup
        legend="Payment"
        name="payment_type"
        value={type}
        onChange={(v) => setType(v as "card" | "manual")}
        options={[{ value: "card", label: "Charge a card" }, { value: "manual", label: "Manual charge" }]}
      />
      {type === "card"
        ? userCards.length === 0
          ? (
            <p className="empty-state">
              The user has no saved card.{" "}
              <Link href={`/app/admin/users/${userId}/membership/payments/add`}>Add a card</Link>
            </p>
          )
          : (
            <div className="field">
              <label htmlFor="order-card">Card</label>
              <select id="order-card" value={chosenCard} onChange={(e) => setCard(e.target.value)}>
                <option value="">Choose a card</option>
                {userCards.map((c) => <option key={c.id} value={c.id}>{cardName(c)}</option>)}
              </select>
            </div>
          )
        : (
          <>
            <div className="field">
              <label htmlFor="order-medium">Payment Medium</label>
              <select id="order-medium" value={medium} onChange={(e) => setMedium(e.target.value)}>
                <option value="">Choose how it was paid</option>
                {PAYMENT_MEDIUMS.map((m) => <option key={m} value={m}>{m}</option>)}
              </select>
            </div>
            <TextField
              label="Payment Date"
              name="payment_date"
              type="date"
              value={date}
              onChange={(e) => setDate(e.target.value)}
            />
          </>
        )}
      <div className="form-actions">
        <Link href={`/app/admin/users/${userId}/order`} className="button button-secondary">
          Back to items
        </Link>
        <Button type="submit" busy={busy} busyLabel="Processing…" disabled={!ready || total === 0}>
          Purchase
        </Button>
      </div>
    </form>
  );
}
