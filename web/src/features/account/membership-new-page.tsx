/**
 * /app/account/membership/new (public spec §2, §3 "Membership payload", §8): start a membership, or renew
 * one whose state allows it. Annual or one-time at the server's prices, paid with a saved card (the default
 * chosen first). The charge carries an Idempotency-Key per attempt; a decline shows the processor's message
 * and leaves the form ready for another try (perhaps with another card).
 */
import { type FormEvent, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { OFFLINE_REASON, online } from "../../lib/online.ts";
import { useSignals } from "@preact/signals-react/runtime";
import { LoadError } from "../../components/load-error.tsx";
import { RadioGroup } from "../../components/radio-group.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { formatDay } from "../../lib/dates.ts";
import { errorMessage } from "../../lib/form.ts";
import { formatMoney } from "../../lib/money.ts";
import { loadPrices } from "../../lib/prices.ts";
import { toast } from "../../lib/toast.ts";
import { useResource } from "../../lib/use-resource.ts";
import type { Membership, PaymentMethod, Prices } from "@api/contract";
import { fetchMembership } from "../../lib/membership.ts";
import { describeCard } from "../../lib/payments.ts";
import { attemptKeys, fetchCards, fetchHistory, startMembership } from "./api.ts";
import { NotAllowed } from "./membership-parts.tsx";
import { PATHS, renewalBlocked } from "./membership-view.ts";
import "./account.css";

/** Public spec §8. */
export const STARTED_MESSAGE = "Your Membership Has Been Started";
const ADD_CARD_HREF = `${PATHS.addCard}?redirect=${encodeURIComponent(PATHS.new)}`;

interface NewMembershipData {
  membership: Membership | null;
  cards: PaymentMethod[];
  prices: Prices;
  /** The server charges the renewal price to a member who ever had a paid annual membership. */
  returning: boolean;
}

async function load(signal: AbortSignal): Promise<NewMembershipData> {
  const [membership, cards, prices, history] = await Promise.all([
    fetchMembership(signal),
    fetchCards(signal),
    loadPrices(),
    fetchHistory(1, signal, 100),
  ]);
  const returning = history.data.some((row) => row.attributes.type === "annual" && !row.attributes.failed);
  return { membership, cards, prices, returning };
}

export default function MembershipNewPage() {
  const data = useResource(load);
  if (data.loading && !data.data) return <Skeleton lines={5} label="Loading your membership options…" />;
  if (data.error) {
    return <LoadError title="Your options could not be loaded" error={data.error} onRetry={data.reload} />;
  }
  const { membership, cards, prices, returning } = data.data!;
  const blocked = renewalBlocked(membership, formatDay);
  if (blocked) return <NotAllowed>{blocked}</NotAllowed>;
  return <PurchaseForm renewing={membership !== null} cards={cards} prices={prices} returning={returning} />;
}

function PurchaseForm(
  { renewing, cards, prices, returning }: {
    renewing: boolean;
    cards: PaymentMethod[];
    prices: Prices;
    returning: boolean;
  },
) {
  useSignals();
  const [, navigate] = useLocation();
  const [annual, setAnnual] = useState(true);
  const [cardId, setCardId] = useState<number | null>(
    () => (cards.find((card) => card.attributes.default) ?? cards[0])?.id ?? null,
  );
  const [busy, setBusy] = useState(false);
  const keys = useRef(attemptKeys());
  const annualCents = returning ? prices.annual_renewal_cents : prices.annual_new_cents;
  const total = annual ? annualCents : prices.one_time_cents;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!cardId || busy) return;
    setBusy(true);
    try {
      await startMembership({ is_annual: annual, payment_method_id: cardId }, keys.current.next());
      keys.current.settled();
      toast.success(STARTED_MESSAGE);
      navigate(PATHS.details);
    } catch (error) {
      keys.current.settled(error);
      toast.error(errorMessage(error));
      setBusy(false);
    }
  }

  // Another choice is another charge: it gets its own key.
  const changed = () => keys.current.reset();

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={renewing ? "Renew your membership" : "Start your membership"}
    >
      <RadioGroup
        legend="Membership type"
        name="is_annual"
        value={annual ? "yes" : "no"}
        onChange={(value) => {
          changed();
          setAnnual(value === "yes");
        }}
        options={[
          {
            value: "yes",
            label: <>Annual membership: {formatMoney(annualCents)} per year</>,
            hint:
              "Random testing for twelve months and your Letter of Compliance; renews every year, cancel " +
              "any time with no penalty.",
          },
          {
            value: "no",
            label: <>One-time test: {formatMoney(prices.one_time_cents)}</>,
            hint: "A single drug test, without enrolment in the random program.",
          },
        ]}
      />
      {cards.length > 0
        ? (
          <RadioGroup
            legend="Pay with"
            name="payment_method_id"
            value={cardId === null ? "" : String(cardId)}
            onChange={(id) => {
              changed();
              setCardId(Number(id));
            }}
            options={cards.map((card) => ({
              value: String(card.id),
              label: `${describeCard(card)}${card.attributes.default ? " (default)" : ""}`,
            }))}
          />
        )
        : <Alert variant="info">You have no saved card yet. Add one to pay for your membership.</Alert>}
      <p>
        <Link href={ADD_CARD_HREF}>Add a card</Link>
      </p>
      <dl className="summary">
        <dt>{annual ? "Annual membership" : "One-time test"}</dt>
        <dd>{formatMoney(total)}</dd>
      </dl>
      {!online.value && <p id="purchase-offline" className="field-hint">{OFFLINE_REASON}</p>}
      <div className="form-actions">
        <Button
          type="submit"
          busy={busy}
          busyLabel="Processing payment…"
          disabled={!cardId || !online.value}
          aria-describedby={online.value ? undefined : "purchase-offline"}
        >
          Purchase
        </Button>
        <Link href={PATHS.details}>Back to membership details</Link>
      </div>
    </form>
  );
}
