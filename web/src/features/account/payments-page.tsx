/**
 * /app/account/membership/payments (public spec §2, §3 "Payment method"): the saved cards, default first,
 * with Make default and Remove (after a confirmation dialog), and a link to add a card. The default card pays
 * for automatic renewals.
 */
import { useRef, useState } from "react";
import { Link } from "wouter";
import { Button } from "../../components/button.tsx";
import { Chip } from "../../components/chip.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { errorMessage } from "../../lib/form.ts";
import { toast } from "../../lib/toast.ts";
import { useResource } from "../../lib/use-resource.ts";
import type { PaymentMethod } from "@api/contract";
import { fetchCards, makeDefaultCard, removeCard } from "./api.ts";
import { PATHS } from "./membership-view.ts";
import "./account.css";

export const DEFAULT_CHANGED = "Your default payment method has been updated";
export const CARD_REMOVED = "Payment method removed";

const brandOf = (card: PaymentMethod) => {
  const brand = card.attributes.brand;
  return brand ? brand[0].toUpperCase() + brand.slice(1) : "Card";
};
const expiryOf = ({ attributes: c }: PaymentMethod) =>
  c.exp_month && c.exp_year ? `${String(c.exp_month).padStart(2, "0")}/${String(c.exp_year).slice(-2)}` : "—";
const nameOf = (card: PaymentMethod) => `${brandOf(card)} •••• ${card.attributes.last4}`;
/** What a screen reader says for the card ("Visa ending in 4242") instead of four bullets. */
const spokenName = (card: PaymentMethod) => `${brandOf(card)} ending in ${card.attributes.last4}`;

export default function PaymentsPage() {
  const loaded = useResource(fetchCards);
  // After a change the server's answer is the truth; until then, what was loaded.
  const [cards, setCards] = useState<PaymentMethod[] | null>(null);
  const [working, setWorking] = useState<number | null>(null);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = cards ?? loaded.data ?? [];

  async function onMakeDefault(card: PaymentMethod) {
    setWorking(card.id);
    try {
      await makeDefaultCard(card.id);
      setCards(
        list.map((c) => ({ ...c, attributes: { ...c.attributes, default: c.id === card.id } }))
          .sort((a, b) => Number(b.attributes.default) - Number(a.attributes.default)),
      );
      toast.success(DEFAULT_CHANGED);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setWorking(null);
    }
  }

  async function onRemove() {
    if (!removing) return;
    setRemoveBusy(true);
    try {
      setCards(await removeCard(removing.id));
      toast.success(CARD_REMOVED);
      setRemoving(null);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setRemoveBusy(false);
    }
  }

  return (
    <section aria-labelledby="cards-heading" className="account-panel">
      <div className="account-panel-head">
        <h2 id="cards-heading" ref={heading} tabIndex={-1}>Saved cards</h2>
        <Link href={PATHS.addCard} className="button button-primary">Add card</Link>
      </div>
      <p>Your default card pays for automatic renewals.</p>
      {loaded.loading && !loaded.data
        ? <Skeleton lines={3} label="Loading your cards…" />
        : loaded.error
        ? <LoadError title="Your cards could not be loaded" error={loaded.error} onRetry={loaded.reload} />
        : list.length === 0
        ? <p className="empty-state">No saved cards yet</p>
        : (
          <ul className="card-list" aria-labelledby="cards-heading">
            {list.map((card) => (
              <li key={card.id} className="card-item">
                <p className="card-name">
                  <span>{nameOf(card)}</span>
                  {card.attributes.default && <Chip tone="success">Default</Chip>}
                </p>
                <p className="card-expiry">Expires {expiryOf(card)}</p>
                <div className="card-actions">
                  {!card.attributes.default && (
                    <Button
                      variant="secondary"
                      busy={working === card.id}
                      busyLabel="Saving…"
                      disabled={working !== null}
                      aria-label={`Make default: ${spokenName(card)}`}
                      onClick={() => onMakeDefault(card)}
                    >
                      Make default
                    </Button>
                  )}
                  <Button
                    variant="secondary"
                    disabled={working !== null}
                    aria-label={`Remove: ${spokenName(card)}`}
                    onClick={() => setRemoving(card)}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      <p>
        <Link href={PATHS.details}>Back to membership details</Link>
      </p>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this card?"
        confirmLabel="Remove card"
        busyLabel="Removing…"
        cancelLabel="Keep card"
        destructive
        busy={removeBusy}
        onConfirm={onRemove}
        onClose={() => setRemoving(null)}
        fallbackFocus={() => heading.current}
      >
        {removing && (
          <p>
            {nameOf(removing)} will be removed from your account.
            {removing.attributes.default &&
              " It is your default card: your most recently added other card becomes the default."}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
