import { useRef } from "react";
import { Link, useLocation } from "wouter";
import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { CaptchaField } from "../../components/captcha-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useFormSubmit } from "../../lib/use-form-submit.ts";
import { requestPasswordReset } from "./password-reset-api.ts";
import { ForgotPasswordSchema } from "./password-reset-schemas.ts";

/** /forgot-password: asks for a reset link by e-mail; any accepted request goes to the "check your email" page. */
export default function ForgotPasswordPage() {
  useSignals();
  const [, navigate] = useLocation();
  const recaptcha = useSignal("");
  // A reCAPTCHA token is good for one check: after a refused request the widget is rendered afresh.
  const captchaRound = useSignal(0);
  const alertBox = useRef<HTMLDivElement>(null);
  // Spec §8: a failed request shows its error in an alert; fields the server names are marked too.
  const { errors, formError, busy, onSubmit } = useFormSubmit(
    ForgotPasswordSchema,
    async (request) => {
      await requestPasswordReset(request);
      navigate("/forgot-password/success");
    },
    {
      extra: () => ({ recaptcha: recaptcha.value }),
      afterFailure() {
        recaptcha.value = "";
        captchaRound.value++;
        setTimeout(() => alertBox.current?.focus());
      },
    },
  );

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
