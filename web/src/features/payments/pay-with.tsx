/**
 * How a purchase is paid, one component for every screen that charges (membership new, checkout,
 * registration's confirm step, and the administrators' forms): the saved cards as a "Pay with" choice
 * (the default chosen first), the way to add a card, and, for administrators only, a manual charge with its
 * payment medium and date (admin spec §3 "Order form", §5).
 *
 * The "add a card" round trip: the link goes to the owner's /payments/add with ?redirect= the screen to come
 * back to; once the card is stored that screen opens again with the new card chosen (it travels in the
 * history entry's state, so the address stays the screen's own).
 */
import { useState } from "react";
import { Link } from "wouter";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { RadioGroup } from "../../components/radio-group.tsx";
import { TextField } from "../../components/text-field.tsx";
import type { PaymentMethod } from "@api/contract";
import { PAYMENT_MEDIUMS } from "@apca/rules/messages/memberships";
import { describeCard } from "./payments.ts";
import type { FieldErrors } from "../../lib/form.ts";

/** The /payments/add address that comes back to `back` (only what must be is escaped: `/` stays). */
export const addCardHref = (addPath: string, back: string): string =>
  `${addPath}?redirect=${encodeURIComponent(back).replace(/%2F/gi, "/")}`;

/** The history state the add-card screen leaves for the screen it returns to. */
export const addedCardState = (card: PaymentMethod) => ({ addedCard: card.id });

function addedCard(): number | null {
  const state = globalThis.history?.state as { addedCard?: unknown } | null | undefined;
  return typeof state?.addedCard === "number" ? state.addedCard : null;
}

/**
 * The card chosen among `cards`: the member's own choice while that card exists, else the card just added
 * (the round trip), else the default, else the first. A card removed meanwhile is no choice at all.
 */
export function useCardChoice(cards: readonly PaymentMethod[]): [number | null, (id: number) => void] {
  const [chosen, setChosen] = useState<number | null>(null);
  const [added] = useState(addedCard);
  const has = (id: number | null) => id !== null && cards.some((card) => card.id === id);
  const fallback = cards.find((card) => card.attributes.default) ?? cards[0];
  const cardId = has(chosen) ? chosen : has(added) ? added : fallback?.id ?? null;
  return [cardId, setChosen];
}

export type AddCardControl =
  /** A link into the owner's /payments/add and back (see addCardHref). */
  | { href: string }
  /** An action on the same screen (registration's wizard steps back to its card form). */
  | { onClick(): void; label: string };

export interface CardPickerProps {
  cards: readonly PaymentMethod[];
  cardId: number | null;
  onChange(id: number): void;
  addCard: AddCardControl;
  error?: string;
}

/** The saved cards as a "Pay with" choice, and the way to add one. */
export function CardPicker({ cards, cardId, onChange, addCard, error }: CardPickerProps) {
  return (
    <>
      {cards.length > 0
        ? (
          <RadioGroup
            legend="Pay with"
            name="payment_method_id"
            value={cardId === null ? "" : String(cardId)}
            onChange={(id) => onChange(Number(id))}
            error={error}
            options={cards.map((card) => ({
              value: String(card.id),
              label: describeCard(card) + (card.attributes.default ? " (default)" : ""),
            }))}
          />
        )
        : <Alert variant="info">You have no saved cards yet. Add one to pay.</Alert>}
      <p>
        {"href" in addCard
          ? <Link href={addCard.href}>Add a card</Link>
          : <Button variant="link" onClick={addCard.onClick}>{addCard.label}</Button>}
      </p>
    </>
  );
}

export type PaymentType = "card" | "manual";

export interface PayWithProps extends CardPickerProps {
  /** Administrators may record a payment taken elsewhere instead of charging a card. */
  manual?: boolean;
  type: PaymentType;
  onTypeChange(type: PaymentType): void;
  /** The form's field errors (payment_medium, payment_date, payment_method_id). */
  errors: FieldErrors;
}

/** The card picker, with the administrators' manual charge beside it when `manual`. */
export function PayWith({ manual, type, onTypeChange, errors, ...picker }: PayWithProps) {
  if (!manual) return <CardPicker {...picker} error={errors.payment_method_id} />;
  return (
    <>
      <RadioGroup
        legend="Payment"
        name="type"
        value={type}
        onChange={(value) => onTypeChange(value === "manual" ? "manual" : "card")}
        options={[
          { value: "card", label: "Charge a saved card" },
          { value: "manual", label: "Manual charge", hint: "Record a payment taken by check, cash or card." },
        ]}
      />
      {type === "card" ? <CardPicker {...picker} error={errors.payment_method_id} /> : (
        <>
          <RadioGroup
            legend="Payment Medium"
            name="payment_medium"
            required
            error={errors.payment_medium}
            options={PAYMENT_MEDIUMS.map((medium) => ({ value: medium, label: medium }))}
          />
          <TextField
            label="Payment Date"
            name="payment_date"
            type="date"
            required
            error={errors.payment_date}
          />
        </>
      )}
    </>
  );
}
