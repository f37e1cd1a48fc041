/** DER_REGISTRATION: the DER's account and the company they run the program for (spec §3, §5). */
import type { ReactNode } from "react";
import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { Button } from "../../components/button.tsx";
import { StateSelect } from "../../components/state-select.tsx";
import { TextField } from "../../components/text-field.tsx";
import {
  accountInput,
  AgreementFields,
  FormSection,
  IdentityFields,
  SignInFields,
} from "./account-fields.tsx";
import { AccountProblem, useAccountSubmit } from "./account-submit.tsx";
import { registerDer } from "./api.ts";
import { DEFAULT_COUNTRY } from "@apca/rules/messages/registration";
import { DerFormSchema } from "./schemas.ts";

export function DerRegistrationStep({ onCreated, actions }: { onCreated(): void; actions: ReactNode }) {
  useSignals();
  const captcha = useSignal("");
  const { errors, problem, busy, onSubmit } = useAccountSubmit(
    DerFormSchema,
    (values) => accountInput(values, captcha.value),
    registerDer,
    () => onCreated(),
  );
  const e = errors.value;

  return (
    <form noValidate onSubmit={onSubmit} aria-label="DER registration">
      <IdentityFields errors={e} />
      <SignInFields errors={e} />
      <FormSection title="Company">
        <TextField
          label="Company Name"
          name="company_name"
          autoComplete="organization"
          required
          error={e.company_name}
        />
        <TextField label="Doing Business As (DBA)" name="company_dba" />
        <TextField label="EIN" name="company_tax_id" required error={e.company_tax_id} />
        <TextField label="Company Phone" name="company_phone" type="tel" required error={e.company_phone} />
        <TextField label="Company Email" name="company_email" type="email" error={e.company_email} />
      </FormSection>
      <FormSection title="Company address">
        <TextField label="Company Address One" name="company_address_one" />
        <TextField label="Company Address Two" name="company_address_two" />
        <div className="field-row">
          <TextField label="Company City" name="company_city" />
          <StateSelect label="Company State" name="company_state" />
        </div>
        <div className="field-row">
          <TextField label="Company Postal Code" name="company_postal_code" inputMode="numeric" />
          <TextField label="Company Country" name="company_country" defaultValue={DEFAULT_COUNTRY} />
        </div>
        <TextField label="Company PO Box" name="company_po_box" />
      </FormSection>
      <AgreementFields errors={e} captcha={captcha.value} onCaptcha={(token) => (captcha.value = token)} />
      <AccountProblem problem={problem.value} />
      <div className="form-actions">
        <Button type="submit" busy={busy.value} busyLabel="Creating your account…">Create Account</Button>
        {actions}
      </div>
    </form>
  );
}
