/** MEMBERSHIP_TYPE: annual membership or a one-time test, with the server's prices. */
import type { FormEvent, ReactNode } from "react";
import { Button } from "../../components/button.tsx";
import { RadioGroup } from "../../components/radio-group.tsx";
import { usePrices } from "./use-prices.ts";

export function MembershipTypeStep(
  { isAnnual, onChosen, actions }: {
    isAnnual: boolean;
    onChosen(isAnnual: boolean): void;
    actions: ReactNode;
  },
) {
  const prices = usePrices();
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onChosen(new FormData(event.currentTarget).get("is_annual") !== "no");
  }
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Membership type">
      <MembershipTypeChoice defaultAnnual={isAnnual} prices={prices} />
      <div className="form-actions">
        <Button type="submit">Continue</Button>
        {actions}
      </div>
    </form>
  );
}

/** The annual / one-time radio group, shared with the independent confirm step. */
export function MembershipTypeChoice(
  { defaultAnnual, value, onChange, prices }: {
    defaultAnnual?: boolean;
    value?: boolean;
    onChange?(isAnnual: boolean): void;
    prices: ReturnType<typeof usePrices>;
  },
) {
  const toValue = (annual: boolean | undefined) => annual === undefined ? undefined : annual ? "yes" : "no";
  return (
    <RadioGroup
      legend="Membership type"
      name="is_annual"
      defaultValue={toValue(defaultAnnual)}
      value={toValue(value)}
      onChange={(chosen) => onChange?.(chosen === "yes")}
      options={[
        {
          value: "yes",
          label: <>Annual membership: {prices.annual_new_cents} per year</>,
          hint:
            "Random testing for twelve months and your Letter of Compliance; renews every year, cancel any time.",
        },
        {
          value: "no",
          label: <>One-time test: {prices.one_time_cents}</>,
          hint: "A single drug test, without enrolment in the random program.",
        },
      ]}
    />
  );
}
