/**
 * …/membership/new for any subject (public spec §2, §3 "Membership payload", §8; admin spec §2
 * "Setup/Renew Membership (admin variant)", §3 "Order form", §5): start a membership, or renew one whose
 * state allows it. Annual or one-time at the server's prices, paid with a saved card (the default chosen
 * first, or the card just added). An administrator may also record a manual charge (payment medium and
 * date), set the drug testing rule and override the expiration date.
 *
 * The charge carries an Idempotency-Key per attempt; a decline shows the processor's message and leaves the
 * form ready for another try (perhaps with another card).
 */
import { useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { useSignals } from "@preact/signals-react/runtime";
import * as v from "valibot";
import { Button } from "../../components/button.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { NotAllowed } from "./membership-parts.tsx";
import { addCardHref, type PaymentType, PayWith, useCardChoice } from "../payments/pay-with.tsx";
import { RadioGroup } from "../../components/radio-group.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { TextField } from "../../components/text-field.tsx";
import type {
  AdminStartMembershipRequest,
  PaymentMethod,
  Prices,
  StartMembershipRequest,
} from "@api/contract";
import { ManualChargeSchema } from "../payments/admin-membership-schemas.ts";
import { fetchCards } from "../payments/payments.ts";
import { formatDay } from "../../lib/dates.ts";
import { errorMessage, fieldErrors } from "../../lib/form.ts";
import { attemptKeys, fetchHistory, historyKey, startMembership } from "./api.ts";
import { membershipWords, renewalBlocked } from "./membership-view.ts";
import { formatMoney } from "../../lib/money.ts";
import { OFFLINE_REASON, online } from "../../lib/online.ts";
import { loadPrices, PRICES_KEY } from "../settings/prices.ts";
import { cardsKey, type Subject } from "../payments/subject.ts";
import { screenPaths } from "./screens.ts";
import { toast } from "../../lib/toast.ts";
import { useFormSubmit } from "../../lib/use-form-submit.ts";
import { useResource } from "../../lib/use-resource.ts";
import { useMembership } from "./use-membership.ts";
import { MEMBERSHIP_MESSAGES } from "@apca/rules/messages/memberships";

/** Public spec §8 (the member's own start). */

/** The administrators' drug testing rule (admin spec §3 "order_test": null, true or false). */
const ORDER_TEST_OPTIONS = [
  { value: "null", label: "Automatic", hint: "Order a drug test when the usual rules call for one." },
  { value: "true", label: "Order a drug test" },
  { value: "false", label: "Do not order a drug test" },
];

export default function MembershipNewPage({ subject }: { subject: Subject }) {
  const words = membershipWords(subject);
  const membership = useMembership(subject);
  const cards = useResource(cardsKey(subject), (signal) => fetchCards(subject, signal));
  const prices = useResource(PRICES_KEY, () => loadPrices());
  // The server charges the renewal price to a member who ever had a paid annual membership.
  const history = useResource(historyKey(subject, 1, 100), (signal) => fetchHistory(subject, 1, signal, 100));
  const all = [membership, cards, prices, history];

  const failed = all.find((resource) => resource.error);
  if (failed) {
    return <LoadError title="The options could not be loaded" error={failed.error} onRetry={failed.reload} />;
  }
  if (all.some((resource) => resource.data === undefined)) {
    return <Skeleton lines={5} label="Loading the membership options…" />;
  }
  const blocked = renewalBlocked(membership.data!, formatDay, words);
  if (blocked) return <NotAllowed paths={screenPaths(subject)}>{blocked}</NotAllowed>;
  const returning = history.data!.data.some((row) =>
    row.attributes.type === "annual" && !row.attributes.failed
  );
  return (
    <PurchaseForm
      subject={subject}
      renewing={membership.data !== null}
      cards={cards.data!}
      prices={prices.data!}
      returning={returning}
    />
  );
}

const NoFields = v.object({});
const AdminFields = v.object({
  expiration_date: v.optional(v.string(), ""),
  order_test: v.optional(v.string()),
});

function PurchaseForm(
  { subject, renewing, cards, prices, returning }: {
    subject: Subject;
    renewing: boolean;
    cards: PaymentMethod[];
    prices: Prices;
    returning: boolean;
  },
) {
  useSignals();
  const [, navigate] = useLocation();
  const admin = subject.kind === "user";
  const paths = screenPaths(subject);
  const [annual, setAnnual] = useState(true);
  const [cardId, setCardId] = useCardChoice(cards);
  const [paymentType, setPaymentType] = useState<PaymentType>("card");
  const keys = useRef(attemptKeys());
  const annualCents = returning ? prices.annual_renewal_cents : prices.annual_new_cents;
  const total = annual ? annualCents : prices.one_time_cents;
  const manual = admin && paymentType === "manual";

  const { errors, busy, onSubmit } = useFormSubmit(
    manual
      ? v.object({ ...ManualChargeSchema.entries, ...AdminFields.entries })
      : admin
      ? AdminFields
      : NoFields,
    async (fields: Record<string, string | undefined>) => {
      const body: StartMembershipRequest | AdminStartMembershipRequest = admin
        ? {
          type: paymentType,
          membership_type: annual ? "annual" : "one_time",
          expiration_date: fields.expiration_date || null,
          order_test: fields.order_test ?? "null",
          ...(manual
            ? { payment_medium: fields.payment_medium, payment_date: fields.payment_date }
            : { payment_method_id: cardId! }),
        }
        : { is_annual: annual, payment_method_id: cardId! };
      try {
        const answer = await startMembership(subject, body, keys.current.next());
        keys.current.settled();
        // An administrator's or a company's start answers its own words ('User Membership Has Been Started').
        toast.success(subject.kind === "self" ? MEMBERSHIP_MESSAGES.started : answer.message);
        navigate(paths.details);
      } catch (error) {
        keys.current.settled(error);
        throw error;
      }
    },
    {
      // A decline or refusal is the processor's or server's own words, in a toast; field issues under fields.
      explain: (error) => {
        toast.error(errorMessage(error));
        return { errors: fieldErrors(error), formError: null };
      },
    },
  );

  // Another choice is another charge: it gets its own key.
  const changed = () => keys.current.reset();
  const canPay = manual || cardId !== null;
  const label = admin
    ? renewing ? "Renew the membership" : "Set up the membership"
    : renewing
    ? "Renew your membership"
    : "Start your membership";

  return (
    <form noValidate onSubmit={onSubmit} onChange={changed} aria-label={label}>
      <RadioGroup
        legend="Membership type"
        name="is_annual"
        value={annual ? "yes" : "no"}
        onChange={(value) => setAnnual(value === "yes")}
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
      {admin && (
        <>
          <RadioGroup
            legend="Drug testing rule"
            name="order_test"
            defaultValue="null"
            options={ORDER_TEST_OPTIONS}
          />
          <TextField
            label="Expiration Date"
            name="expiration_date"
            type="date"
            hint="Leave empty for the usual term."
            error={errors.value.expiration_date}
          />
        </>
      )}
      <PayWith
        manual={admin}
        type={paymentType}
        onTypeChange={setPaymentType}
        errors={errors.value}
        cards={cards}
        cardId={cardId}
        onChange={setCardId}
        addCard={{ href: addCardHref(paths.addCard, paths.new) }}
      />
      <dl className="details-list">
        <dt>{annual ? "Annual membership" : "One-time test"}</dt>
        <dd>{formatMoney(total)}</dd>
      </dl>
      {!online.value && <p id="purchase-offline" className="field-hint">{OFFLINE_REASON}</p>}
      <div className="form-actions">
        <Button
          type="submit"
          busy={busy.value}
          busyLabel="Processing payment…"
          disabled={!canPay || !online.value}
          aria-describedby={online.value ? undefined : "purchase-offline"}
        >
          Purchase
        </Button>
        <Link href={paths.details}>Back to membership details</Link>
      </div>
    </form>
  );
}
