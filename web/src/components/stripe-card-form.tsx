/**
 * The Stripe card form: Stripe's card element (its own iframe, so card data never touches this app) and
 * confirmCardSetup. This module is loaded only when the server's processor is Stripe.
 */
import { type FormEvent, useEffect, useId, useRef } from "react";
import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { loadStripe, type Stripe, type StripeCardElement } from "@stripe/stripe-js";
import { Alert } from "./alert.tsx";
import { Button } from "./button.tsx";
import { OFFLINE_REASON, online } from "../lib/online.ts";
import { errorMessage } from "../lib/form.ts";
import { addCard, ToastedError } from "../lib/payments.ts";
import type { CardFormProps } from "./card-form.tsx";

const stripes = new Map<string, Promise<Stripe | null>>();

export default function StripeCardForm(
  { publishableKey, onAdded, submitLabel = "Save Card", actions }: CardFormProps & { publishableKey: string },
) {
  useSignals();
  const host = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ stripe: Stripe; card: StripeCardElement } | null>(null);
  const ready = useSignal(false);
  const formError = useSignal<string | null>(null);
  const busy = useSignal(false);
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
    }).catch((error) => (formError.value = errorMessage(error)));
    return () => {
      cancelled = true;
      card?.destroy();
    };
  }, [publishableKey]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe.current) return;
    const { stripe: client, card } = stripe.current;
    formError.value = null;
    busy.value = true;
    try {
      const method = await addCard(async (secret) => {
        const result = await client.confirmCardSetup(secret, { payment_method: { card } });
        if (result.error || !result.setupIntent) {
          throw new Error(result.error?.message ?? "Your card could not be set up.");
        }
        return result.setupIntent.id;
      });
      busy.value = false;
      onAdded(method);
    } catch (error) {
      if (!(error instanceof ToastedError)) formError.value = errorMessage(error);
      busy.value = false;
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Card details" className="card-form">
      <div className="field">
        <p id={labelId} className="field-label">Card details</p>
        <div ref={host} className="stripe-card" role="group" aria-labelledby={labelId} />
      </div>
      {formError.value && <Alert variant="error">{formError.value}</Alert>}
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
