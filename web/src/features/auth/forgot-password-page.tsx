import { type FormEvent, useRef } from "react";
import { Link, useLocation } from "wouter";
import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { CaptchaField } from "../../components/captcha-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import {
  errorMessage,
  type FieldErrors,
  fieldErrors,
  focusFirstInvalid,
  formValues,
  validate,
} from "../../lib/form.ts";
import { requestPasswordReset } from "./password-reset-api.ts";
import { ForgotPasswordSchema } from "./password-reset-schemas.ts";

/** /forgot-password: asks for a reset link by e-mail; any accepted request goes to the "check your email" page. */
export default function ForgotPasswordPage() {
  useSignals();
  const [, navigate] = useLocation();
  const errors = useSignal<FieldErrors>({});
  const formError = useSignal<string | null>(null);
  const busy = useSignal(false);
  const recaptcha = useSignal("");
  // A reCAPTCHA token is good for one check: after a refused request the widget is rendered afresh.
  const captchaRound = useSignal(0);
  const alertBox = useRef<HTMLDivElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const result = validate(ForgotPasswordSchema, { ...formValues(form), recaptcha: recaptcha.value });
    errors.value = result.errors;
    formError.value = null;
    if (!result.success) return focusFirstInvalid(form, result.errors);

    busy.value = true;
    try {
      await requestPasswordReset(result.output);
      navigate("/forgot-password/success");
    } catch (error) {
      // Spec §8: a failed request shows its error in an alert; fields the server names are marked too.
      errors.value = fieldErrors(error);
      formError.value = errorMessage(error);
      recaptcha.value = "";
      captchaRound.value++;
      busy.value = false;
      setTimeout(() => alertBox.current?.focus());
    }
  }

  return (
    <div className="narrow">
      <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
      <div ref={alertBox} tabIndex={-1}>
        {formError.value && <Alert variant="error">{formError.value}</Alert>}
      </div>
      <form noValidate onSubmit={onSubmit} aria-label="Forgot Password">
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          error={errors.value.email}
        />
        <CaptchaField
          key={captchaRound.value}
          value={recaptcha.value}
          onChange={(token) => (recaptcha.value = token)}
          error={errors.value.recaptcha}
        />
        <Button type="submit" busy={busy.value} busyLabel="Sending…">Send Reset Link</Button>
      </form>
      <p>
        Remembered it? <Link href="/login">Back to login</Link>
      </p>
    </div>
  );
}
