/**
 * /register: the registration wizard. The steps and their order live in wizard.ts (a pure state machine);
 * this page renders the step on top of the stack, the progress indicator and the step's heading, which
 * says "Step N of M" to screen readers and receives focus whenever the step changes.
 */
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { Button } from "../../components/button.tsx";
import { CardForm } from "../payments/card-form.tsx";
import type { PaymentMethod } from "@api/contract";
import { track } from "./api.ts";
import { ConfirmStep } from "./confirm-step.tsx";
import { DerRegistrationStep } from "./der-registration-step.tsx";
import { MemberRegistrationStep } from "./member-registration-step.tsx";
import { MembershipTypeStep } from "./membership-type-step.tsx";
import {
  canGoBack,
  canSkipPayment,
  currentStep,
  initialWizard,
  phases,
  progress,
  type Step,
  transition,
  type WizardEvent,
} from "./wizard.ts";

const TITLES: Record<Step, string> = {
  CHOOSE_KIND: "Choose your account type",
  MEMBER_REGISTRATION: "Member registration",
  DER_REGISTRATION: "DER registration",
  MEMBERSHIP_TYPE: "Choose your membership",
  PAYMENT_METHOD: "Add a payment method",
  MEMBER_INDEPENDENT_CONFIRM: "Confirm your membership",
  MEMBER_COMPANY_CONFIRM: "Confirm your company membership",
  DER_COMPANY_CONFIRM: "Confirm your company registration",
};

export default function RegisterPage() {
  useSignals();
  const wizard = useSignal(initialWizard);
  const cards = useSignal<PaymentMethod[]>([]);
  const cardId = useSignal<number | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const state = wizard.value;
  const step = currentStep(state);
  const { number, total } = progress(state);

  const send = (event: WizardEvent) => (wizard.value = transition(wizard.value, event));

  // Focus the new step's heading after a step change (not on arrival: the page's <h1> has that job).
  const depth = useRef(state.stack.join());
  useEffect(() => {
    const key = state.stack.join();
    if (depth.current === key) return;
    depth.current = key;
    heading.current?.focus();
  }, [state.stack]);

  const back = step === "CHOOSE_KIND"
    ? null
    : (
      <Button variant="secondary" disabled={!canGoBack(state)} onClick={() => send({ type: "back" })}>
        Back
      </Button>
    );

  let body: ReactNode;
  switch (step) {
    case "CHOOSE_KIND":
      body = <ChooseKind onChoose={(kind) => send({ type: "chooseKind", kind })} />;
      break;
    case "MEMBER_REGISTRATION":
      body = (
        <MemberRegistrationStep
          actions={back}
          onCreated={(isCompany) => {
            void track("registration_account_created", { kind: "member", is_company: isCompany });
            send({ type: "accountCreated", isCompany });
          }}
        />
      );
      break;
    case "DER_REGISTRATION":
      body = (
        <DerRegistrationStep
          actions={back}
          onCreated={() => send({ type: "accountCreated", isCompany: true })}
        />
      );
      break;
    case "MEMBERSHIP_TYPE":
      body = (
        <MembershipTypeStep
          isAnnual={state.isAnnual}
          actions={back}
          onChosen={(isAnnual) => {
            void track("registration_membership_type_chosen", { is_annual: isAnnual });
            send({ type: "membershipTypeChosen", isAnnual });
          }}
        />
      );
      break;
    case "PAYMENT_METHOD":
      body = (
        <>
          <p>Add the card to pay with. It is saved to your account for renewals and purchases.</p>
          <CardForm
            onAdded={(method) => {
              cards.value = [...cards.value.filter((card) => card.id !== method.id), method];
              cardId.value = method.id;
              void track("registration_payment_method_added", {});
              send({ type: "cardAdded" });
            }}
            actions={
              <>
                {back}
                {canSkipPayment(state) && (
                  <Button
                    variant="link"
                    onClick={() => send({ type: "skipPayment" })}
                  >
                    Skip, use a saved card
                  </Button>
                )}
              </>
            }
          />
        </>
      );
      break;
    default:
      body = (
        <ConfirmStep
          variant={step}
          isAnnual={state.isAnnual}
          onAnnualChange={(isAnnual) => send({ type: "setAnnual", isAnnual })}
          cards={cards.value}
          cardId={cardId.value}
          onCardChange={(id) => (cardId.value = id)}
          onAddCard={() => send({ type: "addCard" })}
          actions={back}
        />
      );
  }

  return (
    <div className="wizard">
      <ol className="wizard-progress" aria-label="Registration progress">
        {phases(state).map((phase, index) => (
          <li
            key={phase}
            aria-current={index + 1 === number ? "step" : undefined}
            className={index + 1 < number ? "done" : undefined}
          >
            {phase}
            {index + 1 < number && <span className="visually-hidden">(completed)</span>}
          </li>
        ))}
      </ol>
      <section aria-labelledby={headingId} className="wizard-step">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          <span className="visually-hidden">Step {number} of {total}:</span>
          {TITLES[step]}
        </h2>
        {body}
      </section>
    </div>
  );
}

function ChooseKind({ onChoose }: { onChoose(kind: "member" | "der"): void }) {
  return (
    <div className="kind-choices">
      <div className="kind-choice">
        <h3>Mariner</h3>
        <p>
          You are an individual mariner, self-employed or working for a company, who needs random drug testing
          and a Letter of Compliance.
        </p>
        <Button onClick={() => onChoose("member")}>Register as a Member</Button>
      </div>
      <div className="kind-choice">
        <h3>Company</h3>
        <p>
          You are the designated employee representative (DER) who runs your company's drug-testing program.
        </p>
        <Button onClick={() => onChoose("der")}>Register as a DER</Button>
      </div>
    </div>
  );
}
