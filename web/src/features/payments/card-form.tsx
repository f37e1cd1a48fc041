/**
 * The one "add a card" form: registration's payment step and every /payments/add screen render it, for the
 * card's owner (the caller by default; any user for an administrator).
 * With the sandbox processor (development, tests) it is a plain card form; with Stripe it mounts Stripe's
 * card element, loaded lazily so Stripe.js never weighs on a page that shows no card form.
 */
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Alert } from "../../components/alert.tsx";
import { Loading } from "../../components/loading.tsx";
import { useSignals } from "@preact/signals-react/runtime";
import type { PaymentMethod } from "@api/contract";
import { errorMessage } from "../../lib/form.ts";
import { OFFLINE_REASON, online } from "../../lib/online.ts";
import { type PaymentsConfig, publicConfig } from "../../lib/public-config.ts";
import type { Subject } from "./subject.ts";
import { SandboxCardForm } from "./sandbox-card-form.tsx";

const StripeCardForm = lazy(() => import("./stripe-card-form.tsx"));

export interface CardFormProps {
  /** Whose card it is; default the signed-in user. */
  owner?: Subject;
  /** Called once the server has stored the card. */
  onAdded(method: PaymentMethod): void;
  /** The submit button's text; default "Save Card". */
  submitLabel?: string;
  /** Extra actions shown beside the submit button (Back, Skip). */
  actions?: ReactNode;
}

export function CardForm(props: CardFormProps) {
  useSignals();
  const [payments, setPayments] = useState<PaymentsConfig | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const isOnline = online.value;
  // Loaded once; without a network it waits, and tries again when the network comes back.
  useEffect(() => {
    if (payments || !isOnline) return;
    setLoadError(null);
    publicConfig().then(
      (config) => setPayments(config.payments ?? { provider: "sandbox" }),
      (error) => setLoadError(errorMessage(error)),
    );
  }, [isOnline]);

  if (!payments && !isOnline) return <Alert variant="info">{OFFLINE_REASON}</Alert>;
  if (loadError) return <Alert variant="error">{loadError}</Alert>;
  if (!payments) return <Loading label="Loading the card form…" />;
  if (payments.provider === "stripe") {
    return (
      <Suspense fallback={<Loading label="Loading the card form…" />}>
        <StripeCardForm publishableKey={payments.publishable_key} {...props} />
      </Suspense>
    );
  }
  return <SandboxCardForm {...props} />;
}
