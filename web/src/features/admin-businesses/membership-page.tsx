/**
 * /app/admin/businesses/{id}/membership/new?user={userId} (admin spec §2 "Setup/Renew Membership (admin
 * variant)", §3 "Order form", §5): set up or renew the membership of one of the business's users, with the
 * tabs Manual Setup (payment medium and date) and Charge Card (one of the member's cards); membership type,
 * drug testing rule ('null' automatic, 'true' order a test, 'false' do not) and expiration date. It is the
 * administrators' POST /auth/user/{id}/membership, so the i3 order follows the rule chosen here.
 */
import { useRef, useState } from "react";
import { Link, useLocation, useSearchParams } from "wouter";
import { useSignals } from "@preact/signals-react/runtime";
import * as v from "valibot";
import type { PageProps } from "../../lib/page-props.ts";
import type { BusinessUser, PaymentMethod } from "@api/contract";
import { Button } from "../../components/button.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { addCardHref, CardPicker, useCardChoice } from "../payments/pay-with.tsx";
import { RadioGroup } from "../../components/radio-group.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { TextField } from "../../components/text-field.tsx";
import { PAYMENT_MEDIUMS } from "@apca/rules/messages/memberships";
import { ManualChargeSchema } from "../payments/admin-membership-schemas.ts";
import { errorMessage, fieldErrors } from "../../lib/form.ts";
import { startMembership } from "../memberships/api.ts";
import { fetchCards } from "../payments/payments.ts";
import { cardsKey, type Subject } from "../payments/subject.ts";
import { toast } from "../../lib/toast.ts";
import { useFormSubmit } from "../../lib/use-form-submit.ts";
import { invalidate, useResource } from "../../lib/use-resource.ts";
import { BUSINESS_KEY, fetchEmployees } from "./api.ts";
import { fullName } from "./employees-tab.tsx";
import { Tabs, useTabParam } from "../../components/tabs.tsx";
import "./admin-businesses.css";

const TABS = [{ id: "manual", label: "Manual Setup" }, { id: "card", label: "Charge Card" }];

const ORDER_TEST_OPTIONS = [
  { value: "null", label: "Automatic", hint: "Order a drug test when the usual rules call for one." },
  { value: "true", label: "Order a drug test" },
  { value: "false", label: "Do not order a drug test" },
];

export default function BusinessMembershipPage({ params }: PageProps) {
  const id = Number(params.id);
  const [search, setSearch] = useSearchParams();
  const userId = Number(search.get("user")) || null;
  const employees = useResource([...BUSINESS_KEY, id, "employees"], (s) => fetchEmployees(id, s));
  if (employees.error) {
    return (
      <LoadError
        title="The employees could not be loaded"
        error={employees.error}
        onRetry={employees.reload}
      />
    );
  }
  if (!employees.data) return <Skeleton lines={4} label="Loading the employees…" />;
  if (employees.data.length === 0) {
    return (
      <p className="empty-state">This business has no users yet: add one before setting up a membership.</p>
    );
  }
  const chosen = employees.data.find((e) => e.attributes.user_id === userId);
  return (
    <>
      <RadioGroup
        legend="Member"
        name="user"
        value={chosen ? String(chosen.attributes.user_id) : ""}
        onChange={(value) => setSearch({ user: value })}
        options={employees.data.map((e) => ({
          value: String(e.attributes.user_id),
          label: fullName(e.attributes),
        }))}
      />
      {chosen && <SetupForm key={chosen.attributes.user_id} businessId={id} employee={chosen} />}
    </>
  );
}

function SetupForm({ businessId, employee }: { businessId: number; employee: BusinessUser }) {
  const userId = employee.attributes.user_id;
  const subject: Subject = { kind: "user", userId };
  const cards = useResource(cardsKey(subject), (signal) => fetchCards(subject, signal));
  const tab = useTabParam(TABS);
  const base = `/app/admin/businesses/${businessId}/membership/new?user=${userId}`;
  return (
    <>
      <Tabs
        label="Payment"
        tabs={TABS.map((t) => ({
          ...t,
          render: () => (
            <>
              {cards.error
                ? (
                  <LoadError
                    title="The cards could not be loaded"
                    error={cards.error}
                    onRetry={cards.reload}
                  />
                )
                : !cards.data
                ? <Skeleton lines={4} label="Loading the cards…" />
                : (
                  <Form
                    key={tab}
                    manual={tab === "manual"}
                    subject={subject}
                    cards={cards.data}
                    back={base}
                  />
                )}
            </>
          ),
        }))}
      />
    </>
  );
}

const Fields = v.object({
  membership_type: v.optional(v.string(), "annual"),
  order_test: v.optional(v.string(), "null"),
  expiration_date: v.optional(v.string(), ""),
});

function Form({ manual, subject, cards, back }: {
  manual: boolean;
  subject: Extract<Subject, { kind: "user" }>;
  cards: PaymentMethod[];
  back: string;
}) {
  useSignals();
  const [, navigate] = useLocation();
  const [cardId, setCardId] = useCardChoice(cards);
  const [type, setType] = useState("annual");
  const attempt = useRef<string | null>(null);
  const { errors, busy, onSubmit } = useFormSubmit(
    manual ? v.object({ ...Fields.entries, ...ManualChargeSchema.entries }) : Fields,
    async (fields: Record<string, string>) => {
      attempt.current ??= crypto.randomUUID();
      const answer = await startMembership(subject, {
        type: manual ? "manual" : "card",
        membership_type: fields.membership_type === "one_time" ? "one_time" : "annual",
        order_test: fields.order_test,
        expiration_date: fields.expiration_date || null,
        ...(manual
          ? { payment_medium: fields.payment_medium, payment_date: fields.payment_date }
          : { payment_method_id: cardId! }),
      }, attempt.current);
      attempt.current = null;
      // The Employees tab and the employee detail show the membership state too.
      void invalidate(BUSINESS_KEY);
      toast.success(answer.message);
      navigate(`/app/admin/users/${subject.userId}/membership/details`);
    },
    {
      explain: (error) => {
        attempt.current = null;
        toast.error(errorMessage(error));
        return { errors: fieldErrors(error), formError: null };
      },
    },
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Setup/Renew Membership">
      <RadioGroup
        legend="Membership type"
        name="membership_type"
        value={type}
        onChange={setType}
        options={[
          { value: "annual", label: "Annual consortium membership" },
          { value: "one_time", label: "One-time drug test" },
        ]}
      />
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
      {manual
        ? (
          <>
            <RadioGroup
              legend="Payment Medium"
              name="payment_medium"
              required
              error={errors.value.payment_medium}
              options={PAYMENT_MEDIUMS.map((medium) => ({ value: medium, label: medium }))}
            />
            <TextField
              label="Payment Date"
              name="payment_date"
              type="date"
              required
              error={errors.value.payment_date}
            />
          </>
        )
        : (
          <CardPicker
            cards={cards}
            cardId={cardId}
            onChange={setCardId}
            error={errors.value.payment_method_id}
            addCard={{
              href: addCardHref(
                `/app/admin/users/${subject.userId}/membership/payments/add`,
                `${back}&tab=card`,
              ),
            }}
          />
        )}
      <div className="form-actions">
        <Button type="submit" busy={busy.value} busyLabel="Processing…" disabled={!manual && cardId === null}>
          Setup Membership
        </Button>
        <Link href={`/app/admin/users/${subject.userId}/membership/details`}>Membership details</Link>
      </div>
    </form>
  );
}
