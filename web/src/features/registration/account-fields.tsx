/** The fields every registration form shares: who you are and how you sign in; consents and the captcha. */
import type { ReactNode } from "react";
import { Link } from "wouter";
import { CaptchaField } from "../../components/captcha-field.tsx";
import { CheckboxField } from "../../components/checkbox-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import type { FieldErrors } from "../../lib/form.ts";

/**
 * One short section of a registration form (issue 23: on a phone the details step read as one 3,200 px form):
 * a fieldset named by its legend, which holds a heading so the sections can be found by heading too. One form
 * and one submit still: the sections only group the fields.
 */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="form-section">
      <legend>
        <h3 className="form-section-title">{title}</h3>
      </legend>
      {children}
    </fieldset>
  );
}

export function IdentityFields({ errors }: { errors: FieldErrors }) {
  return (
    <FormSection title="Your name">
      <TextField
        label="First Name"
        name="first_name"
        autoComplete="given-name"
        required
        error={errors.first_name}
      />
      <TextField label="Middle Name" name="middle_name" autoComplete="additional-name" />
      <TextField
        label="Last Name"
        name="last_name"
        autoComplete="family-name"
        required
        error={errors.last_name}
      />
    </FormSection>
  );
}

export function SignInFields({ errors }: { errors: FieldErrors }) {
  return (
    <FormSection title="Sign-in">
      <TextField label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.password}
      />
      <TextField
        label="Confirm Password"
        name="confirm_password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirm_password}
      />
    </FormSection>
  );
}

export function AgreementFields(
  { errors, captcha, onCaptcha }: { errors: FieldErrors; captcha: string; onCaptcha(token: string): void },
) {
  return (
    <FormSection title="Agreements">
      <CheckboxField
        name="opt_in_text"
        defaultChecked
        label="Send me text messages about my account and testing"
      />
      <CheckboxField
        name="terms_and_conditions"
        error={errors.terms_and_conditions}
        label={
          <>
            I accept the{" "}
            <Link href="/terms-and-conditions" target="_blank" rel="noopener">
              terms and conditions (opens in a new tab)
            </Link>
          </>
        }
      />
      <CaptchaField value={captcha} onChange={onCaptcha} error={errors.recaptcha} />
    </FormSection>
  );
}

/** The form's strings plus the captcha token and the consents as booleans (the payload's shape, §3). */
export function accountInput(values: Record<string, string>, captcha: string): Record<string, unknown> {
  return {
    ...values,
    recaptcha: captcha,
    opt_in_text: values.opt_in_text === "on",
    terms_and_conditions: values.terms_and_conditions === "on",
  };
}
