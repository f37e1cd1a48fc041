/** The fields every registration form shares: who you are and how you sign in; consents and the captcha. */
import { Link } from "wouter";
import { CaptchaField } from "../../components/captcha-field.tsx";
import { CheckboxField } from "../../components/checkbox-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import type { FieldErrors } from "../../lib/form.ts";

export function IdentityFields({ errors }: { errors: FieldErrors }) {
  return (
    <fieldset className="form-section">
      <legend>Your account</legend>
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
    </fieldset>
  );
}

export function AgreementFields(
  { errors, captcha, onCaptcha }: { errors: FieldErrors; captcha: string; onCaptcha(token: string): void },
) {
  return (
    <fieldset className="form-section">
      <legend>Agreements</legend>
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
    </fieldset>
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
