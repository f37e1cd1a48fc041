/**
 * The registration wizard's state machine (public spec §4), kept free of React and of the network so every
 * transition is unit-tested (wizard.test.ts). The wizard is a stack of steps: forward moves push, Back pops
 * one step, and "add a card" from a confirm step replaces that step with PAYMENT_METHOD.
 *
 * Two rules beyond the letter of §4, both generalising its "Back is disabled for DER at the payment step":
 * - once the account exists, Back never returns to the start or to a registration form (sending the form
 *   again could only answer "email taken");
 * - replacing a confirm step with PAYMENT_METHOD right above another PAYMENT_METHOD collapses the two, so
 *   Back never shows the same card form twice.
 */

export type Step =
  | "CHOOSE_KIND"
  | "MEMBER_REGISTRATION"
  | "DER_REGISTRATION"
  | "MEMBERSHIP_TYPE"
  | "PAYMENT_METHOD"
  | "MEMBER_INDEPENDENT_CONFIRM"
  | "MEMBER_COMPANY_CONFIRM"
  | "DER_COMPANY_CONFIRM";

export type Kind = "member" | "der";

export interface WizardState {
  stack: Step[];
  kind: Kind | null;
  /** Member only: registering as a company (true) or self-employed (false). DERs always register one. */
  isCompany: boolean;
  /** Member independent: annual membership (true) or a one-time test (false). */
  isAnnual: boolean;
  accountCreated: boolean;
  /** The account holds at least one card (decides skip links and the step after the membership type). */
  hasCard: boolean;
}

export const initialWizard: WizardState = {
  stack: ["CHOOSE_KIND"],
  kind: null,
  isCompany: false,
  isAnnual: true,
  accountCreated: false,
  hasCard: false,
};

export type WizardEvent =
  | { type: "chooseKind"; kind: Kind }
  | { type: "accountCreated"; isCompany: boolean }
  | { type: "membershipTypeChosen"; isAnnual: boolean }
  | { type: "cardAdded" }
  | { type: "skipPayment" }
  | { type: "addCard" }
  | { type: "setAnnual"; isAnnual: boolean }
  | { type: "back" };

const FORMS: Step[] = ["CHOOSE_KIND", "MEMBER_REGISTRATION", "DER_REGISTRATION"];

/** The step on top of the stack: the one on screen. */
export const currentStep = (state: WizardState): Step => state.stack[state.stack.length - 1];

/** The confirm variant that fits the kind and the company choice. */
export function confirmStep(state: WizardState): Step {
  if (state.kind === "der") return "DER_COMPANY_CONFIRM";
  return state.isCompany ? "MEMBER_COMPANY_CONFIRM" : "MEMBER_INDEPENDENT_CONFIRM";
}

export const isConfirmStep = (step: Step): boolean => step.endsWith("_CONFIRM");

/** Whether Back is offered on the current step. */
export function canGoBack(state: WizardState): boolean {
  if (state.stack.length < 2) return false;
  if (state.kind === "der" && currentStep(state) === "PAYMENT_METHOD") return false;
  const previous = state.stack[state.stack.length - 2];
  return !(state.accountCreated && FORMS.includes(previous));
}

/** Whether the payment step offers "skip": only when a card is already on file. */
export const canSkipPayment = (state: WizardState): boolean =>
  currentStep(state) === "PAYMENT_METHOD" && state.hasCard;

const push = (state: WizardState, step: Step): WizardState => ({ ...state, stack: [...state.stack, step] });

/** The next state; an event that does not apply to the current step leaves the state as it is. */
export function transition(state: WizardState, event: WizardEvent): WizardState {
  const step = currentStep(state);
  switch (event.type) {
    case "chooseKind":
      if (step !== "CHOOSE_KIND") return state;
      return push(
        { ...state, kind: event.kind },
        event.kind === "der" ? "DER_REGISTRATION" : "MEMBER_REGISTRATION",
      );

    case "accountCreated":
      if (step === "DER_REGISTRATION") {
        return push({ ...state, accountCreated: true, isCompany: true }, "PAYMENT_METHOD");
      }
      if (step !== "MEMBER_REGISTRATION") return state;
      return push(
        { ...state, accountCreated: true, isCompany: event.isCompany },
        event.isCompany ? "PAYMENT_METHOD" : "MEMBERSHIP_TYPE",
      );

    case "membershipTypeChosen": {
      if (step !== "MEMBERSHIP_TYPE") return state;
      const next = { ...state, isAnnual: event.isAnnual };
      return push(next, state.hasCard ? confirmStep(next) : "PAYMENT_METHOD");
    }

    case "cardAdded":
      if (step !== "PAYMENT_METHOD") return state;
      return push({ ...state, hasCard: true }, confirmStep(state));

    case "skipPayment":
      return canSkipPayment(state) ? push(state, confirmStep(state)) : state;

    case "addCard": {
      if (!isConfirmStep(step)) return state;
      const below = state.stack.slice(0, -1);
      if (below[below.length - 1] === "PAYMENT_METHOD") return { ...state, stack: below };
      return { ...state, stack: [...below, "PAYMENT_METHOD"] };
    }

    case "setAnnual":
      return step === "MEMBER_INDEPENDENT_CONFIRM" ? { ...state, isAnnual: event.isAnnual } : state;

    case "back":
      return canGoBack(state) ? { ...state, stack: state.stack.slice(0, -1) } : state;
  }
}

/** The phases shown by the progress indicator, in order, for the path chosen so far. */
export type Phase = "Account type" | "Your details" | "Membership type" | "Payment method" | "Confirm";

export function phases(state: WizardState): Phase[] {
  const withType = state.kind !== "der" && !(state.accountCreated && state.isCompany);
  return withType
    ? ["Account type", "Your details", "Membership type", "Payment method", "Confirm"]
    : ["Account type", "Your details", "Payment method", "Confirm"];
}

const PHASE_OF: Record<Step, Phase> = {
  CHOOSE_KIND: "Account type",
  MEMBER_REGISTRATION: "Your details",
  DER_REGISTRATION: "Your details",
  MEMBERSHIP_TYPE: "Membership type",
  PAYMENT_METHOD: "Payment method",
  MEMBER_INDEPENDENT_CONFIRM: "Confirm",
  MEMBER_COMPANY_CONFIRM: "Confirm",
  DER_COMPANY_CONFIRM: "Confirm",
};

/** "Step N of M" for the current step (N and M count from 1). */
export function progress(state: WizardState): { number: number; total: number; phase: Phase } {
  const list = phases(state);
  const phase = PHASE_OF[currentStep(state)];
  return { number: list.indexOf(phase) + 1, total: list.length, phase };
}
