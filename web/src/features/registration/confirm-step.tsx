/**
 * The three confirm variants (spec §2, §4): member independent (annual or one-time), member company (annual)
 * and DER company (the compliance kit). Each charges the chosen card once: the request carries an
 * Idempotency-Key kept for the attempt, so a double click or a retry after a lost answer cannot charge twice.
 */
import { type FormEvent, type ReactNode, useRef } from "react";
import { useLocation } from "wouter";
import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { Button } from "../../components/button.tsx";
import { CardPicker } from "../payments/pay-with.tsx";
import { ApiError } from "../../lib/api.ts";
import { addYears, formatDay, localDay } from "../../lib/dates.ts";
import { errorMessage } from "../../lib/form.ts";
import { toast } from "../../lib/toast.ts";
import type { PaymentMethod } from "@api/contract";
import { buyComplianceKit, startMembership, track } from "./api.ts";
import { MembershipTypeChoice } from "./membership-type-step.tsx";
import { usePrices } from "./use-prices.ts";
import { MEMBERSHIP_MESSAGES } from "@apca/rules/messages/memberships";

export type ConfirmVariant = "MEMBER_INDEPENDENT_CONFIRM" | "MEMBER_COMPANY_CONFIRM" | "DER_COMPANY_CONFIRM";

export const COMPANY_REGISTERED_MESSAGE = "Your Company Has Been Registered!";

const KIND: Record<ConfirmVariant, string> = {
  MEMBER_INDEPENDENT_CONFIRM: "member_independent",
  MEMBER_COMPANY_CONFIRM: "member_company",
  DER_COMPANY_CONFIRM: "der",
};

export interface ConfirmStepProps {
  variant: ConfirmVariant;
  isAnnual: boolean;
  onAnnualChange(isAnnual: boolean): void;
  cards: PaymentMethod[];
  cardId: number | null;
  onCardChange(id: number): void;
  onAddCard(): void;
  actions: ReactNode;
}

export function ConfirmStep(
  { variant, isAnnual, onAnnualChange, cards, cardId, onCardChange, onAddCard, actions }: ConfirmStepProps,
) {
  useSignals();
  const [, navigate] = useLocation();
  const prices = usePrices();
  const busy = useSignal(false);
  const attemptKey = useRef<string | null>(null);
  const der = variant === "DER_COMPANY_CONFIRM";
  const annual = variant === "MEMBER_COMPANY_CONFIRM" || isAnnual;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!cardId || busy.value) return;
    attemptKey.current ??= crypto.randomUUID();
    busy.value = true;
    try {
      if (der) await buyComplianceKit({ payment_method_id: cardId }, attemptKey.current);
      else await startMembership({ payment_method_id: cardId, is_annual: annual }, attemptKey.current);
      toast.success(der ? COMPANY_REGISTERED_MESSAGE : MEMBERSHIP_MESSAGES.started);
      await track("registration_completed", { kind: KIND[variant] });
      navigate("/app?finished=1");
    } catch (error) {
      // The server answered, so the attempt is over: a retry (perhaps with another card) is a new one.
      // Without an answer the charge may have gone through, so a retry reuses the key.
      if (!(error instanceof ApiError && error.status === 0)) attemptKey.current = null;
      toast.error(errorMessage(error));
      busy.value = false;
    }
  }

  // A changed choice is a different charge, so it gets its own key.
  const changed = () => (attemptKey.current = null);

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Confirm and pay">
      {variant === "MEMBER_INDEPENDENT_CONFIRM" && (
        <MembershipTypeChoice
          value={isAnnual}
          onChange={(value) => {
            changed();
            onAnnualChange(value);
          }}
          prices={prices}
        />
      )}
      <dl className="details-list">
        <dt>{der ? "Business compliance kit (one-time)" : annual ? "Annual membership" : "One-time test"}</dt>
        <dd>
          {der ? prices.compliance_kit_cents : annual ? prices.annual_new_cents : prices.one_time_cents}
        </dd>
      </dl>
      {der && (
        <p>
          Your company is registered. The compliance kit sets up your company's DOT drug-testing program and
          its documents.
        </p>
      )}
      <CardPicker
        cards={cards}
        cardId={cardId}
        onChange={(id) => {
          changed();
          onCardChange(id);
        }}
        addCard={{ onClick: onAddCard, label: "Add a different card" }}
      />
      {!der && annual && (
        // The terms of what the button buys, next to it (issue 16): when it renews, for how much, and how to stop.
        <p id="renewal-terms" className="renewal-terms">
          Your membership runs until {formatDay(addYears(localDay(new Date()), 1))}{" "}
          and then renews automatically for {prices.annual_renewal_cents}{" "}
          a year, charged to the card you choose. You can cancel it at any time from your account.
        </p>
      )}
      <div className="form-actions">
        <Button
          type="submit"
          busy={busy.value}
          busyLabel="Processing payment…"
          disabled={!cardId}
          aria-describedby={!der && annual ? "renewal-terms" : undefined}
        >
          {der ? "Purchase Compliance Kit" : "Start Membership"}
        </Button>
        {actions}
      </div>
    </form>
  );
}
