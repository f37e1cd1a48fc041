/**
 * …/membership/payments for any subject (public spec §2, §3 "Payment method"; admin spec §2 "Manage Payment
 * Methods"): the saved cards, default first, with Make default and Remove (after a confirmation dialog), and
 * a link to add a card. The default card pays for automatic renewals. Every change updates the cached cards
 * (features/payments/payments.ts), so the pickers elsewhere show the same set.
 */
import { useRef, useState } from "react";
import { Link } from "wouter";
import { Button } from "../../components/button.tsx";
import { Chip } from "../../components/chip.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { LoadError } from "../../components/load-error.tsx";
import "./membership.css";
import type { PaymentMethod } from "@api/contract";
import { Skeleton } from "../../components/skeleton.tsx";
import {
  cardExpiry,
  cardName,
  fetchCards,
  makeDefaultCard,
  removeCard,
  spokenCardName,
} from "../payments/payments.ts";
import { cardsKey, type Subject } from "../payments/subject.ts";
import { screenPaths } from "./screens.ts";
import { useAction } from "../../lib/use-action.ts";
import { useResource } from "../../lib/use-resource.ts";

export const DEFAULT_CHANGED = "Your default payment method has been updated";
export const CARD_REMOVED = "Payment method removed";

export default function PaymentsPage({ subject }: { subject: Subject }) {
  const loaded = useResource(cardsKey(subject), (signal) => fetchCards(subject, signal));
  const paths = screenPaths(subject);
  const own = subject.kind === "self";
  // An employee's membership is paid with the company's cards, which are added here but managed nowhere else:
  // there is no call to make one default or remove it, so their cards show no actions (left out, not `hidden`,
  // which the actions' display: flex would override).
  const company = subject.kind === "employee";
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = loaded.data ?? [];

  const makeDefault = useAction((id: number) => makeDefaultCard(subject, id), { success: DEFAULT_CHANGED });
  const working = makeDefault.running?.[0] ?? null;
  const onMakeDefault = (card: PaymentMethod) => makeDefault.run(card.id);

  const remove = useAction((id: number) => removeCard(subject, id), { success: CARD_REMOVED });
  const removeBusy = remove.busy;
  async function onRemove() {
    if (!removing) return;
    if ((await remove.run(removing.id)).ok) setRemoving(null);
  }

  return (
    <section aria-labelledby="cards-heading" className="account-panel">
      <div className="account-panel-head">
        <h2 id="cards-heading" ref={heading} tabIndex={-1}>Saved cards</h2>
        <Link href={paths.addCard} className="button button-primary">Add card</Link>
      </div>
      <p>
        {company
          ? "The company's cards pay for its employees' memberships and its compliance kit."
          : `${own ? "Your" : "The member's"} default card pays for automatic renewals.`}
      </p>
      {loaded.loading && !loaded.data
        ? <Skeleton lines={3} label="Loading the cards…" />
        : loaded.error
        ? <LoadError title="The cards could not be loaded" error={loaded.error} onRetry={loaded.reload} />
        : list.length === 0
        ? <p className="empty-state">No saved cards yet</p>
        : (
          <ul className="card-list" aria-labelledby="cards-heading">
            {list.map((card) => (
              <li key={card.id} className="card-item">
                <p className="card-name">
                  <span>{cardName(card)}</span>
                  {card.attributes.default && <Chip tone="success">Default</Chip>}
                </p>
                <p className="card-expiry">Expires {cardExpiry(card)}</p>
                {!company && (
                  <div className="card-actions">
                    {!card.attributes.default && (
                      <Button
                        variant="secondary"
                        busy={working === card.id}
                        busyLabel="Saving…"
                        disabled={working !== null}
                        aria-label={`Make default: ${spokenCardName(card)}`}
                        onClick={() => onMakeDefault(card)}
                      >
                        Make default
                      </Button>
                    )}
                    <Button
                      variant="secondary"
                      disabled={working !== null}
                      aria-label={`Remove: ${spokenCardName(card)}`}
                      onClick={() => setRemoving(card)}
                    >
                      Remove
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      <p>
        <Link href={paths.details}>Back to membership details</Link>
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
            {cardName(removing)} will be removed from {own ? "your" : "the member's"} account.
            {removing.attributes.default && (own
              ? " It is your default card: your most recently added other card becomes the default."
              : " It is the default card: the most recently added other card becomes the default.")}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
