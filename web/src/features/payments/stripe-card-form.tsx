/**
 * The Stripe card form: Stripe's card element (its own iframe, so card data never touches this app) and
 * confirmCardSetup, through the same submit cycle as every form (lib/use-form-submit.ts): it has no fields of
 * its own to validate, so the cycle's busy guard, failure alert and field issues are what it shares. This
 * module is loaded only when the server's processor is Stripe.
 */
import { useEffect, useId, useRef } from "react";
import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { loadStripe, type Stripe, type StripeCardElement } from "@stripe/stripe-js";
import * as v from "valibot";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { addCard, explainCardFailure } from "./payments.ts";
import { errorMessage } from "../../lib/form.ts";
import { OFFLINE_REASON, online } from "../../lib/online.ts";
import { SELF } from "./subject.ts";
import { useFormSubmit } from "../../lib/use-form-submit.ts";
import type { CardFormProps } from "./card-form.tsx";

const stripes = new Map<string, Promise<Stripe | null>>();

/** The card element holds the card; the form itself has nothing to validate. */
const NoFields = v.object({});

export default function StripeCardForm(
  { publishableKey, owner = SELF, onAdded, submitLabel = "Save Card", actions }:
    & CardFormProps
    & { publishableKey: string },
) {
  useSignals();
  const host = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ stripe: Stripe; card: StripeCardElement } | null>(null);
  const ready = useSignal(false);
  const loadError = useSignal<string | null>(null);
  const labelId = useId();

  useEffect(() => {
    let card: StripeCardElement | undefined;
    let cancelled = false;
    if (!stripes.has(publishableKey)) stripes.set(publishableKey, loadStripe(publishableKey));
    stripes.get(publishableKey)!.then((loaded) => {
      if (cancelled || !host.current) return;
      if (!loaded) throw new Error("The card form could not be loaded. Please try again.");
      card = loaded.elements().create("card", { hidePostalCode: false });
      card.mount(host.current);
      stripe.current = { stripe: loaded, card };
      ready.value = true;
    }).catch((error) => (loadError.value = errorMessage(error)));
    return () => {
      cancelled = true;
      card?.destroy();
    };
  }, [publishableKey]);

  const { formError, busy, onSubmit } = useFormSubmit(
    NoFields,
    async () => {
      if (!stripe.current) return;
      const { stripe: client, card } = stripe.current;
      const method = await addCard(owner, async (secret) => {
        const result = await client.confirmCardSetup(secret, { payment_method: { card } });
        if (result.error || !result.setupIntent) {
          throw new Error(result.error?.message ?? "Your card could not be set up.");
        }
        return result.setupIntent.id;
      });
      onAdded(method);
    },
    { explain: explainCardFailure },
  );
  const alert = loadError.value ?? formError.value;

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Card details" className="card-form">
      <div className="field">
        <p id={labelId} className="field-label">Card details</p>
        <div ref={host} className="stripe-card" role="group" aria-labelledby={labelId} />
      </div>
      {alert && <Alert variant="error">{alert}</Alert>}
      <div className="form-actions">
        {!online.value && <p id="card-offline" className="field-hint">{OFFLINE_REASON}</p>}
        <Button
          type="submit"
          busy={busy.value}
          busyLabel="Saving card…"
          disabled={!ready.value || !online.value}
          aria-describedby={online.value ? undefined : "card-offline"}
        >
          {submitLabel}
        </Button>
        {actions}
      </div>
    </form>
  );
}
