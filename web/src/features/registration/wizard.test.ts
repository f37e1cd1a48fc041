/** The registration wizard's transitions (public spec §4), one test per promise. */
import assert from "node:assert/strict";
import {
  canGoBack,
  canSkipPayment,
  currentStep,
  initialWizard,
  progress,
  transition,
  type WizardEvent,
  type WizardState,
} from "./wizard.ts";

const run = (...events: WizardEvent[]): WizardState => events.reduce(transition, initialWizard);

Deno.test("starts by choosing Member or DER, with nothing to go back to", () => {
  assert.deepEqual(initialWizard.stack, ["CHOOSE_KIND"]);
  assert.equal(canGoBack(initialWizard), false);
  assert.equal(transition(initialWizard, { type: "back" }), initialWizard);
});

Deno.test("DER: registration, payment method (Back disabled), company confirm", () => {
  const registering = run({ type: "chooseKind", kind: "der" });
  assert.deepEqual(registering.stack, ["CHOOSE_KIND", "DER_REGISTRATION"]);
  assert.equal(canGoBack(registering), true);

  const paying = transition(registering, { type: "accountCreated", isCompany: false });
  assert.equal(currentStep(paying), "PAYMENT_METHOD");
  assert.equal(canGoBack(paying), false);
  assert.equal(transition(paying, { type: "back" }), paying);
  assert.equal(canSkipPayment(paying), false);

  const confirming = transition(paying, { type: "cardAdded" });
  assert.deepEqual(confirming.stack, [
    "CHOOSE_KIND",
    "DER_REGISTRATION",
    "PAYMENT_METHOD",
    "DER_COMPANY_CONFIRM",
  ]);
  assert.equal(confirming.hasCard, true);
  assert.deepEqual(progress(confirming), { number: 4, total: 4, phase: "Confirm" });
});

Deno.test("member company: registration goes straight to the payment method, then the company confirm", () => {
  const state = run(
    { type: "chooseKind", kind: "member" },
    { type: "accountCreated", isCompany: true },
  );
  assert.equal(currentStep(state), "PAYMENT_METHOD");
  assert.deepEqual(progress(state), { number: 3, total: 4, phase: "Payment method" });
  // The account exists: Back must not reopen the registration form.
  assert.equal(canGoBack(state), false);
  assert.equal(currentStep(transition(state, { type: "cardAdded" })), "MEMBER_COMPANY_CONFIRM");
});

Deno.test("member independent without a card: type, payment method, independent confirm", () => {
  const typed = run(
    { type: "chooseKind", kind: "member" },
    { type: "accountCreated", isCompany: false },
  );
  assert.equal(currentStep(typed), "MEMBERSHIP_TYPE");
  assert.deepEqual(progress(typed), { number: 3, total: 5, phase: "Membership type" });
  assert.equal(canGoBack(typed), false);

  const paying = transition(typed, { type: "membershipTypeChosen", isAnnual: false });
  assert.equal(currentStep(paying), "PAYMENT_METHOD");
  assert.equal(paying.isAnnual, false);
  assert.equal(canGoBack(paying), true);
  assert.equal(currentStep(transition(paying, { type: "back" })), "MEMBERSHIP_TYPE");

  const confirming = transition(paying, { type: "cardAdded" });
  assert.equal(currentStep(confirming), "MEMBER_INDEPENDENT_CONFIRM");
  assert.deepEqual(progress(confirming), { number: 5, total: 5, phase: "Confirm" });
});

Deno.test("after the type, an existing card skips the payment step (company and independent)", () => {
  const base: WizardState = { ...initialWizard, kind: "member", accountCreated: true, hasCard: true };
  const independent = transition({
    ...base,
    stack: ["CHOOSE_KIND", "MEMBER_REGISTRATION", "MEMBERSHIP_TYPE"],
  }, {
    type: "membershipTypeChosen",
    isAnnual: true,
  });
  assert.equal(currentStep(independent), "MEMBER_INDEPENDENT_CONFIRM");

  const company = transition(
    { ...base, isCompany: true, stack: ["CHOOSE_KIND", "MEMBER_REGISTRATION", "MEMBERSHIP_TYPE"] },
    { type: "membershipTypeChosen", isAnnual: true },
  );
  assert.equal(currentStep(company), "MEMBER_COMPANY_CONFIRM");
});

Deno.test("adding a card from a confirm step replaces it with the payment method; skip then shows", () => {
  const base: WizardState = { ...initialWizard, kind: "member", accountCreated: true, hasCard: true };
  const confirming = {
    ...base,
    stack: ["CHOOSE_KIND", "MEMBER_REGISTRATION", "MEMBERSHIP_TYPE", "MEMBER_INDEPENDENT_CONFIRM"],
  } as WizardState;
  const adding = transition(confirming, { type: "addCard" });
  assert.deepEqual(adding.stack, ["CHOOSE_KIND", "MEMBER_REGISTRATION", "MEMBERSHIP_TYPE", "PAYMENT_METHOD"]);
  assert.equal(canSkipPayment(adding), true);
  assert.equal(currentStep(transition(adding, { type: "skipPayment" })), "MEMBER_INDEPENDENT_CONFIRM");
  assert.equal(currentStep(transition(adding, { type: "cardAdded" })), "MEMBER_INDEPENDENT_CONFIRM");
});

Deno.test("a confirm step above a payment step collapses into it when adding a card", () => {
  const confirming = run(
    { type: "chooseKind", kind: "der" },
    { type: "accountCreated", isCompany: true },
    { type: "cardAdded" },
  );
  const adding = transition(confirming, { type: "addCard" });
  assert.deepEqual(adding.stack, ["CHOOSE_KIND", "DER_REGISTRATION", "PAYMENT_METHOD"]);
  assert.equal(canSkipPayment(adding), true);
  assert.equal(canGoBack(adding), false);
});

Deno.test("the independent confirm switches between annual and one-time; other steps ignore it", () => {
  const confirming = run(
    { type: "chooseKind", kind: "member" },
    { type: "accountCreated", isCompany: false },
    { type: "membershipTypeChosen", isAnnual: true },
    { type: "cardAdded" },
  );
  assert.equal(transition(confirming, { type: "setAnnual", isAnnual: false }).isAnnual, false);
  const company = run(
    { type: "chooseKind", kind: "member" },
    { type: "accountCreated", isCompany: true },
    { type: "cardAdded" },
  );
  assert.equal(transition(company, { type: "setAnnual", isAnnual: false }), company);
});

Deno.test("Back pops one step before the account exists", () => {
  const state = run({ type: "chooseKind", kind: "member" });
  const back = transition(state, { type: "back" });
  assert.deepEqual(back.stack, ["CHOOSE_KIND"]);
  // A choice can then be made again.
  assert.equal(currentStep(transition(back, { type: "chooseKind", kind: "der" })), "DER_REGISTRATION");
});

Deno.test("events that do not apply to the current step change nothing", () => {
  const start = initialWizard;
  for (
    const event of [
      { type: "accountCreated", isCompany: true },
      { type: "membershipTypeChosen", isAnnual: true },
      { type: "cardAdded" },
      { type: "skipPayment" },
      { type: "addCard" },
    ] as WizardEvent[]
  ) assert.equal(transition(start, event), start, event.type);
  const registering = run({ type: "chooseKind", kind: "member" });
  assert.equal(transition(registering, { type: "chooseKind", kind: "der" }), registering);
});
