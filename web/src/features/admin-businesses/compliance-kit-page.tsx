/**
 * /app/admin/businesses/{id}/compliance-kit (admin spec §2 "Company Compliance Kit purchase", §5, §6): pay
 * for the business's kit with one of its DER's cards or record a manual payment (medium and date), with the
 * cost table. A business without a DER cannot have one: 'ERROR: No DER Attached To Business' is shown
 * instead of the form. The charge carries one Idempotency-Key per attempt.
 */
import { useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { useSignals } from "@preact/signals-react/runtime";
import * as v from "valibot";
import type { PageProps } from "../../lib/page-props.ts";
import type { Business, PaymentMethod, Prices } from "@api/contract";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { DataTable } from "../../components/data-table.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { addCardHref, type PaymentType, PayWith, useCardChoice } from "../payments/pay-with.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { ManualChargeSchema } from "../payments/admin-membership-schemas.ts";
import { ApiError } from "../../lib/api.ts";
import { errorMessage, fieldErrors } from "../../lib/form.ts";
import { formatMoney } from "../../lib/money.ts";
import { fetchCards } from "../payments/payments.ts";
import { loadPrices, PRICES_KEY } from "../settings/prices.ts";
import { cardsKey } from "../payments/subject.ts";
import { toast } from "../../lib/toast.ts";
import { useFormSubmit } from "../../lib/use-form-submit.ts";
import { useResource } from "../../lib/use-resource.ts";
import { businessKey, buyKit, fetchBusiness } from "./api.ts";

export const NO_DER = "ERROR: No DER Attached To Business";

export default function ComplianceKitPage({ params }: PageProps) {
  const id = Number(params.id);
  const business = useResource(businessKey(id), (signal) => fetchBusiness(id, signal));
  const derId = business.data?.relationships.der?.data?.id ?? null;
  const cards = useResource(
    derId === null ? null : cardsKey({ kind: "user", userId: derId }),
    (signal) => fetchCards({ kind: "user", userId: derId! }, signal),
  );
  const prices = useResource(PRICES_KEY, () => loadPrices());
  const failed = [business, cards, prices].find((r) => r.error);
  if (failed) {
    return <LoadError title="The kit could not be loaded" error={failed.error} onRetry={failed.reload} />;
  }
  if (!business.data || !prices.data) return <Skeleton lines={5} label="Loading the compliance kit…" />;
  const back = `/app/admin/businesses/${id}`;
  if (business.data.attributes.has_compliance_kit) {
    return (
      <Alert variant="info" title="Already purchased">
        <p>
          {business.data.attributes.name} has the compliance kit: its documents are on the{" "}
          <Link href={`${back}?tab=downloads`}>Downloads tab</Link>.
        </p>
      </Alert>
    );
  }
  if (derId === null) {
    return (
      <Alert variant="error" title={NO_DER}>
        <p>
          Attach a DER to the business before buying its kit. <Link href={back}>Back to the business</Link>
        </p>
      </Alert>
    );
  }
  if (!cards.data) return <Skeleton lines={5} label="Loading the compliance kit…" />;
  return <KitForm business={business.data} derId={derId} cards={cards.data} prices={prices.data} />;
}

function KitForm({ business, derId, cards, prices }: {
  business: Business;
  derId: number;
  cards: PaymentMethod[];
  prices: Prices;
}) {
  useSignals();
  const [, navigate] = useLocation();
  const [type, setType] = useState<PaymentType>("card");
  const [cardId, setCardId] = useCardChoice(cards);
  const attempt = useRef<string | null>(null);
  const back = `/app/admin/businesses/${business.id}`;
  const { errors, busy, onSubmit } = useFormSubmit(
    type === "manual" ? ManualChargeSchema : v.object({}),
    async (fields: Record<string, string>) => {
      attempt.current ??= crypto.randomUUID();
      const body = type === "manual"
        ? { medium: fields.payment_medium, payment_date: fields.payment_date }
        : { payment_method_id: cardId! };
      const answer = await buyKit(business.id, body, attempt.current);
      attempt.current = null;
      toast.success(answer.message);
      navigate(`${back}?tab=downloads`);
    },
    {
      explain: (error) => {
        // A refusal is final for this key; a network error keeps it, so trying again cannot charge twice.
        if (!(error instanceof ApiError && error.status === 0)) attempt.current = null;
        toast.error(errorMessage(error));
        const issues = fieldErrors(error);
        if (issues.medium) issues.payment_medium = issues.medium;
        return { errors: issues, formError: null };
      },
    },
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onChange={() => (attempt.current = null)}
      aria-label="Buy the compliance kit"
    >
      <p>
        The compliance kit for{" "}
        <strong>{business.attributes.name}</strong>: the written drug and alcohol policy and the forms a Coast
        Guard inspector asks for, made out to the company.
      </p>
      <PayWith
        manual
        type={type}
        onTypeChange={setType}
        errors={errors.value}
        cards={cards}
        cardId={cardId}
        onChange={setCardId}
        addCard={{
          href: addCardHref(`/app/admin/users/${derId}/membership/payments/add`, `${back}/compliance-kit`),
        }}
      />
      <DataTable
        caption="Cost"
        showCaption
        columns={["Item", "Quantity", "Cost"]}
        rows={[{
          name: "Business compliance kit (one-time)",
          quantity: 1,
          cents: prices.compliance_kit_cents,
        }]}
        row={(line) => (
          <tr key={line.name}>
            <td>{line.name}</td>
            <td>{line.quantity}</td>
            <td>{formatMoney(line.cents)}</td>
          </tr>
        )}
        foot={
          <tr>
            <th scope="row" colSpan={2}>Total</th>
            <td>{formatMoney(prices.compliance_kit_cents)}</td>
          </tr>
        }
      />
      <div className="form-actions">
        <Button
          type="submit"
          busy={busy.value}
          busyLabel="Processing payment…"
          disabled={type === "card" && cardId === null}
        >
          Purchase
        </Button>
        <Link href={back}>Back to the business</Link>
      </div>
    </form>
  );
}
