/**
 * /app/member/businesses/{id}/employee/new (?redirectURL=, e.g. /app from the DER's My Company): the owner
 * asks APCA to add an employee (public spec §4: employee additions need admin approval). Only once the
 * business is set up in i3; otherwise 'Please contact APCA to allow new employees to be added'.
 */
import { useRef } from "react";
import { Link, useLocation, useSearchParams } from "wouter";
import { useSignals } from "@preact/signals-react/runtime";
import * as v from "valibot";
import type { Business } from "@api/contract";
import type { PageProps } from "../../lib/page-props.ts";
import { Alert } from "../../components/alert.tsx";
import { addEmployeeBlocked } from "./parts/status.tsx";
import { Button } from "../../components/button.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { StateSelect } from "../../components/state-select.tsx";
import { TextField } from "../../components/text-field.tsx";
import { DEFAULT_COUNTRY, REGISTRATION_MESSAGES } from "@apca/rules/messages/registration";
import { businessKey, fetchBusiness, requestEmployee } from "./businesses.ts";
import { safeNext } from "../../lib/safe-next.ts";
import { useSubjectName } from "../../lib/page-subject.ts";
import { toast } from "../../lib/toast.ts";
import { useFormSubmit } from "../../lib/use-form-submit.ts";
import { useResource } from "../../lib/use-resource.ts";

export const REQUEST_SENT = "Your request to add this employee has been sent to APCA for approval";

const EmployeeSchema = v.looseObject({
  first_name: v.pipe(v.string(), v.trim(), v.minLength(1, REGISTRATION_MESSAGES.firstNameRequired)),
  last_name: v.pipe(v.string(), v.trim(), v.minLength(1, REGISTRATION_MESSAGES.lastNameRequired)),
});

const OPTIONAL = [
  "middle_name",
  "email",
  "phone",
  "address_one",
  "address_two",
  "city",
  "state",
  "postal_code",
  "country",
  "uscg_cred",
  "ssn",
] as const;

export default function NewEmployeePage({ params }: PageProps) {
  const id = Number(params.id);
  const business = useResource(businessKey(id), (signal) => fetchBusiness(id, signal));
  // The heading names the company ("Add Employee: Gulf Towing"), also when opened from the DER's dashboard
  // without passing the business page (issue 37: it named none).
  useSubjectName(`/app/member/businesses/${id}`, business.data?.attributes.name);
  const [search] = useSearchParams();
  const back = safeNext(search.get("redirectURL"), `/app/member/businesses/${id}?tab=employees`);
  if (business.error) {
    return (
      <LoadError title="The business could not be loaded" error={business.error} onRetry={business.reload} />
    );
  }
  if (!business.data) return <Skeleton lines={6} label="Loading the business…" />;
  const blocked = addEmployeeBlocked(business.data);
  if (blocked) {
    return (
      <div className="narrow">
        <Alert variant="warning" title="Employees cannot be added now">{blocked}</Alert>
        <Link href={back}>Back</Link>
      </div>
    );
  }
  return <EmployeeForm business={business.data} back={back} />;
}

function EmployeeForm({ business, back }: { business: Business; back: string }) {
  useSignals();
  const [, navigate] = useLocation();
  const key = useRef(crypto.randomUUID());
  const { errors, formError, busy, onSubmit } = useFormSubmit(EmployeeSchema, async (output) => {
    const values = output as Record<string, string>;
    const body: Record<string, string | null> = {
      first_name: values.first_name,
      last_name: values.last_name,
    };
    for (const field of OPTIONAL) body[field] = values[field]?.trim() || null;
    await requestEmployee(business.id, body as { first_name: string; last_name: string }, key.current);
    toast.success(REQUEST_SENT);
    navigate(back);
  });
  const e = errors.value;
  return (
    <form className="narrow" noValidate onSubmit={onSubmit} aria-label="Add employee">
      <p>
        APCA checks every new employee before they join{" "}
        {business.attributes.name}'s program; you will see the request as pending until then.
      </p>
      <TextField label="First Name" name="first_name" required autoComplete="off" error={e.first_name} />
      <TextField label="Middle Name" name="middle_name" autoComplete="off" error={e.middle_name} />
      <TextField label="Last Name" name="last_name" required autoComplete="off" error={e.last_name} />
      <TextField label="Email" name="email" type="email" autoComplete="off" error={e.email} />
      <TextField label="Phone" name="phone" type="tel" autoComplete="off" error={e.phone} />
      <TextField label="Address One" name="address_one" autoComplete="off" error={e.address_one} />
      <TextField label="Address Two" name="address_two" autoComplete="off" error={e.address_two} />
      <div className="field-row">
        <TextField label="City" name="city" autoComplete="off" error={e.city} />
        <StateSelect name="state" autoComplete="off" error={e.state} />
      </div>
      <div className="field-row">
        <TextField label="Postal Code" name="postal_code" autoComplete="off" error={e.postal_code} />
        <TextField
          label="Country"
          name="country"
          autoComplete="off"
          defaultValue={DEFAULT_COUNTRY}
          error={e.country}
        />
      </div>
      <TextField label="USCG Credentials" name="uscg_cred" hint="Licensed mariners" error={e.uscg_cred} />
      <TextField
        label="Last 4 digits of SSN"
        name="ssn"
        inputMode="numeric"
        maxLength={4}
        hint="Unlicensed mariners; collected per USCG rules"
        error={e.ssn}
      />
      {formError.value && <Alert variant="error">{formError.value}</Alert>}
      <div className="form-actions">
        <Button type="submit" busy={busy.value} busyLabel="Sending…">Request Employee</Button>
        <Link href={back}>Cancel</Link>
      </div>
    </form>
  );
}
