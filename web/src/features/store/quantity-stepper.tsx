/**
 * A quantity from 1 to 99: minus and plus buttons around a number field (admin spec §2 "plus/minus").
 * The buttons are named after the item ("Increase quantity of X"), so a list of them is still clear; at a
 * limit they announce themselves disabled but keep focus (aria-disabled) instead of dropping it.
 */
import { type ChangeEvent, useEffect, useId, useState } from "react";
import { clampQuantity, MAX_QUANTITY } from "./cart.ts";

export interface QuantityStepperProps {
  /** The item's name, used in the controls' labels. */
  itemName: string;
  value: number;
  onChange(quantity: number): void;
  /** Show "Quantity" as a visible label (item page) rather than only an accessible one (cart lines). */
  visibleLabel?: boolean;
}

export function QuantityStepper({ itemName, value, onChange, visibleLabel }: QuantityStepperProps) {
  const id = useId();
  // What the person is typing; an empty or partial entry is allowed until they leave the field.
  const [draft, setDraft] = useState(String(value));
  const [announcement, setAnnouncement] = useState("");
  useEffect(() => setDraft(String(value)), [value]);

  function step(delta: number) {
    const next = clampQuantity(value + delta);
    if (next === value) return;
    onChange(next);
    setAnnouncement(`Quantity of ${itemName}: ${next}`);
  }

  function onType(event: ChangeEvent<HTMLInputElement>) {
    setDraft(event.currentTarget.value);
    const typed = Number(event.currentTarget.value);
    if (event.currentTarget.value !== "" && Number.isInteger(typed)) onChange(clampQuantity(typed));
  }

  const atMin = value <= 1;
  const atMax = value >= MAX_QUANTITY;
  return (
    <div className="quantity-stepper">
      {visibleLabel && <label htmlFor={id} className="field-label">Quantity</label>}
      <div className="quantity-stepper-controls">
        <button
          type="button"
          className="button button-secondary stepper-button"
          aria-label={`Decrease quantity of ${itemName}`}
          aria-disabled={atMin || undefined}
          onClick={() => step(-1)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_QUANTITY}
          step={1}
          value={draft}
          onChange={onType}
          onBlur={() => setDraft(String(value))}
          aria-label={visibleLabel ? undefined : `Quantity of ${itemName}`}
          className="stepper-input"
        />
        <button
          type="button"
          className="button button-secondary stepper-button"
          aria-label={`Increase quantity of ${itemName}`}
          aria-disabled={atMax || undefined}
          onClick={() => step(1)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      <span className="visually-hidden" aria-live="polite">{announcement}</span>
    </div>
  );
}
