/**
 * /app/member/businesses/new: add a business. A self-employed member's own business exists at once; a
 * company is a request APCA approves ('Not Approved' until then: decision 0021). The DER's company
 * selector offers it as its 'new' option.
 */
import { useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { useSignals } from "@preact/signals-react/runtime";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { RadioGroup } from "../../components/radio-group.tsx";
import { createBusiness } from "./businesses.ts";
import { toast } from "../../lib/toast.ts";
import { useFormSubmit } from "../../lib/use-form-submit.ts";
import { businessBody, BusinessFields, BusinessSchema } from "./business-fields.tsx";
import "./businesses.css";

export default function NewBusinessPage() {
  useSignals();
  const [, navigate] = useLocation();
  const [individual, setIndividual] = useState(false);
  const key = useRef(crypto.randomUUID());
  const { errors, formError, busy, onSubmit } = useFormSubmit(BusinessSchema, async (output) => {
    const values = output as Record<string, string>;
    const business = await createBusiness(
      { ...businessBody(values), name: values.name, is_individual: individual },
      key.current,
    );
    toast.success(
      business.attributes.has_pending_new_company_approval
        ? "Your company has been sent to APCA for approval"
        : "Business has been added",
    );
    navigate(`/app/member/businesses/${business.id}`);
  });

  return (
    <form className="narrow" noValidate onSubmit={onSubmit} aria-label="New business">
      <RadioGroup
        legend="Kind of business"
        name="kind"
        value={individual ? "individual" : "company"}
        onChange={(value) => {
          setIndividual(value === "individual");
          key.current = crypto.randomUUID();
        }}
        options={[
          { value: "company", label: "A company", hint: "APCA approves a new company before it is active." },
          { value: "individual", label: "Self-employed", hint: "Your own business; added at once." },
        ]}
      />
      <BusinessFields errors={errors.value} individual={individual} />
      {formError.value && <Alert variant="error">{formError.value}</Alert>}
      <div className="form-actions">
        <Button type="submit" busy={busy.value} busyLabel="Adding…">Add Business</Button>
        <Link href="/app/member/businesses">Cancel</Link>
      </div>
    </form>
  );
}
