/** MEMBER_REGISTRATION: the member's account, address, license status and business choice (spec §3, §5). */
import type { ReactNode } from "react";
import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { CheckboxField } from "../../components/checkbox-field.tsx";
import { RadioGroup } from "../../components/radio-group.tsx";
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
import { registerMember } from "./api.ts";
import { DEFAULT_COUNTRY } from "@apca/rules/messages/registration";
import { MemberFormSchema, ssnDigits } from "./schemas.ts";

const choiceValue = (value: string | undefined, yes: string, no: string) =>
  value === yes ? true : value === no ? false : undefined;

export function MemberRegistrationStep(
  { onCreated, actions }: { onCreated(isCompany: boolean): void; actions: ReactNode },
) {
  useSignals();
  const captcha = useSignal("");
  const licensed = useSignal("");
  const business = useSignal("");
  const llc = useSignal(false);
  const { errors, problem, busy, onSubmit } = useAccountSubmit(
    MemberFormSchema,
    (values) => ({
      ...accountInput(values, captcha.value),
      is_licensed: choiceValue(values.is_licensed, "yes", "no"),
      is_company: choiceValue(values.is_company, "company", "self"),
      is_llc: values.is_llc === "on",
    }),
    registerMember,
    (payload) => onCreated(payload.is_company),
  );
  const e = errors.value;

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Member registration">
      <IdentityFields errors={e} />
      <SignInFields errors={e} />

      <FormSection title="Contact and address">
        <TextField label="Phone" name="phone" type="tel" autoComplete="tel" required error={e.phone} />
        <TextField
          label="Address One"
          name="address_one"
          autoComplete="address-line1"
          required
          error={e.address_one}
        />
        <TextField label="Address Two" name="address_two" autoComplete="address-line2" />
        <div className="field-row">
          <TextField label="City" name="city" autoComplete="address-level2" required error={e.city} />
          <StateSelect name="state" autoComplete="address-level1" required error={e.state} />
        </div>
        <div className="field-row">
          <TextField
            label="Postal Code"
            name="postal_code"
            inputMode="numeric"
            autoComplete="postal-code"
            required
            error={e.postal_code}
          />
          <TextField
            label="Country"
            name="country"
            autoComplete="country-name"
            defaultValue={DEFAULT_COUNTRY}
            required
            error={e.country}
          />
        </div>
      </FormSection>

      <FormSection title="License">
        <RadioGroup
          legend="Do you hold a USCG license?"
          name="is_licensed"
          required
          value={licensed.value}
          onChange={(value) => (licensed.value = value)}
          error={e.is_licensed}
          options={[
            { value: "yes", label: "Yes, I am licensed" },
            { value: "no", label: "No, I am not licensed" },
          ]}
        />
        {licensed.value === "yes" && (
          <TextField label="USCG Credentials" name="uscg_cred" required error={e.uscg_cred} />
        )}
        {licensed.value === "no" && (
          <>
            <Alert variant="info">
              Per USCG rules we collect the last 4 digits of your Social Security Number to identify you for
              testing.
            </Alert>
            <TextField
              label="Last 4 digits of SSN"
              name="ssn"
              inputMode="numeric"
              autoComplete="off"
              required
              error={e.ssn}
              onChange={(event) => {
                const input = event.currentTarget;
                const digits = ssnDigits(input.value);
                if (digits !== input.value) input.value = digits;
              }}
            />
          </>
        )}
      </FormSection>

      <FormSection title="Business">
        <RadioGroup
          legend="Are you registering as a company or as self-employed?"
          name="is_company"
          required
          value={business.value}
          onChange={(value) => (business.value = value)}
          error={e.is_company}
          options={[
            { value: "company", label: "Company", hint: "Your company pays for and manages its mariners." },
            { value: "self", label: "Self-employed", hint: "You register and pay as an individual." },
          ]}
        />
        {business.value === "self" && (
          <>
            <TextField label="Business Name" name="business_name" />
            <CheckboxField
              name="is_llc"
              label="My business is an LLC"
              checked={llc.value}
              onChange={(event) => (llc.value = event.currentTarget.checked)}
            />
            {llc.value && <TextField label="LLC Name" name="llc_name" required error={e.llc_name} />}
          </>
        )}
      </FormSection>

      {business.value === "company" && (
        <FormSection title="Your company">
          <TextField label="Company Name" name="company_name" required error={e.company_name} />
          <TextField label="Company Address One" name="company_address_one" />
          <TextField label="Company Address Two" name="company_address_two" />
          <div className="field-row">
            <StateSelect label="Company State" name="company_state" />
            <TextField label="Company Postal Code" name="company_postal_code" inputMode="numeric" />
          </div>
          <div className="field-row">
            <TextField label="Company Country" name="company_country" defaultValue={DEFAULT_COUNTRY} />
            <TextField label="Company Phone" name="company_phone" type="tel" error={e.company_phone} />
          </div>
          <TextField label="Company PO Box" name="company_po_box" />
        </FormSection>
      )}

      <AgreementFields errors={e} captcha={captcha.value} onCaptcha={(token) => (captcha.value = token)} />
      <AccountProblem problem={problem.value} />
      <div className="form-actions">
        <Button type="submit" busy={busy.value} busyLabel="Creating your account…">Create Account</Button>
        {actions}
      </div>
    </form>
  );
}
