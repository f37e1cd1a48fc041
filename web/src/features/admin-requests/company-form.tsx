/**
 * The wizard's ADD_NEW_COMPANY step (admin spec §5 "New company", "Approval form"): the request's fields,
 * corrected by the administrator, checked with the spec's texts before the confirm step.
 */
import type { FormEvent } from "react";
import { useState } from "react";
import { Button } from "../../components/button.tsx";
import { CheckboxField } from "../../components/checkbox-field.tsx";
import {
  COMPANY_FIELD_MESSAGES as M,
  DEFAULT_COUNTRY,
  EMAIL_PATTERN,
  PHONE_PATTERN,
} from "@apca/rules/messages/registration";
import { StateSelect } from "../../components/state-select.tsx";
import { TextField } from "../../components/text-field.tsx";
import { focusFirstInvalid, formValues } from "../../lib/form.ts";

export type CompanyFields = Record<string, string> & { is_llc: string };

const FIELDS = [
  ["name", "Company Name"],
  ["dba_name", "DBA Name"],
  ["tax_id", "Company Tax ID"],
  ["email", "Email"],
  ["phone", "Phone"],
  ["address_one", "Address"],
  ["address_two", "Address Line 2"],
  ["city", "City"],
  ["state", "State"],
  ["postal_code", "Postal Code"],
  ["country", "Country"],
  ["po_box", "PO Box"],
] as const;

export function checkCompany(v: Record<string, string>, needsTaxId: boolean) {
  const e: Record<string, string> = {};
  if (!v.name?.trim()) e.name = M.companyNameRequired;
  if (needsTaxId && !v.tax_id?.trim()) e.tax_id = M.companyTaxIdRequired;
  if (v.phone?.trim() && !PHONE_PATTERN.test(v.phone.trim())) e.phone = M.phoneInvalid;
  if (v.email?.trim() && !EMAIL_PATTERN.test(v.email.trim())) e.email = M.emailInvalid;
  if (v.is_llc === "on" && !v.llc_name?.trim()) e.llc_name = M.llcNameRequired;
  return e;
}

export function CompanyForm(
  { initial, needsTaxId, onBack, onDone }: {
    initial: Record<string, string>;
    needsTaxId: boolean;
    onBack(): void;
    onDone(values: Record<string, string>): void;
  },
) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [llc, setLlc] = useState(initial.is_llc === "on");
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = { ...formValues(event.currentTarget), is_llc: llc ? "on" : "" };
    const found = checkCompany(values, needsTaxId);
    setErrors(found);
    if (Object.keys(found).length) return focusFirstInvalid(event.currentTarget, found);
    onDone(values);
  }
  return (
    <form onSubmit={submit} noValidate>
      {FIELDS.map(([name, label]) =>
        name === "state"
          ? (
            <StateSelect
              key={name}
              name={name}
              label={label}
              defaultValue={initial[name]}
              error={errors[name]}
            />
          )
          : (
            <TextField
              key={name}
              name={name}
              label={label}
              // A blank country in the request reads as the registration's default, like every address form.
              defaultValue={initial[name] || (name === "country" ? DEFAULT_COUNTRY : "")}
              error={errors[name]}
              required={name === "name" || (name === "tax_id" && needsTaxId)}
            />
          )
      )}
      <CheckboxField
        name="is_llc"
        label="This company is an LLC"
        checked={llc}
        onChange={(e) => setLlc(e.currentTarget.checked)}
      />
      {llc && (
        <TextField
          name="llc_name"
          label="LLC Name"
          required
          defaultValue={initial.llc_name ?? ""}
          error={errors.llc_name}
        />
      )}
      <div className="form-actions">
        <Button variant="secondary" onClick={onBack}>Back</Button>
        <Button type="submit">Next</Button>
      </div>
    </form>
  );
}
