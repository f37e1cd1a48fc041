import { useRef } from "react";
import { Link, useLocation, useSearchParams } from "wouter";
import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import type { PageProps } from "../../lib/page-props.ts";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { CaptchaField } from "../../components/captcha-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { errorMessage, fieldErrors } from "../../lib/form.ts";
import { toast } from "../../lib/toast.ts";
import { useFormSubmit } from "../../lib/use-form-submit.ts";
import { resetPassword } from "./password-reset-api.ts";
import { PASSWORD_RESET_MESSAGES as M } from "@apca/rules/messages/auth";
import { passwordsDiffer, ResetPasswordSchema } from "./password-reset-schemas.ts";

/**
 * /reset-password/:token (the mailed link; /reset-password?token= also works): sets a new password, then
 * goes to /login with the success message. A used, expired or unknown link is explained in an alert that
 * points to /forgot-password.
 */
export default function ResetPasswordPage({ params }: PageProps) {
  useSignals();
  const [, navigate] = useLocation();
  const [search] = useSearchParams();
  const token = params.token ?? search.get("token") ?? "";
  const recaptcha = useSignal("");
  // A reCAPTCHA token is good for one check: after a refused request the widget is rendered afresh.
  const captchaRound = useSignal(0);
  const alertBox = useRef<HTMLDivElement>(null);
  const { errors, formError, busy, onSubmit } = useFormSubmit(
    ResetPasswordSchema,
    async (input) => {
      await resetPassword(input);
      toast.success(M.done);
      // replace: the link is used up, so Back should not return to it.
      navigate(`/login?msg=${encodeURIComponent(M.done)}`, { replace: true });
    },
    {
      extra: () => ({ token, recaptcha: recaptcha.value }),
      // The schema compares the passwords only once every field is valid; say it now, with the other errors.
      refine(values, errors) {
        if (passwordsDiffer(values)) errors.confirm_password ??= M.mismatch;
      },
      // Field issues go under their fields; the link's own problem, or anything else, goes in the alert.
      explain(error) {
        const { token: tokenError, ...fields } = fieldErrors(error);
        return {
          errors: fields,
          formError: tokenError ?? (Object.keys(fields).length ? null : errorMessage(error)),
        };
      },
      afterFailure() {
        recaptcha.value = "";
        captchaRound.value++;
        if (formError.value) setTimeout(() => alertBox.current?.focus());
      },
    },
  );

  if (!token) {
    return (
      <div className="narrow">
        <InvalidLink />
      </div>
    );
  }

  const linkBroken = formError.value === M.invalidLink;
  return (
    <div className="narrow">
      <div ref={alertBox} tabIndex={-1}>
        {linkBroken ? <InvalidLink /> : formError.value && <Alert variant="error">{formError.value}</Alert>}
      </div>
      {/* A used or expired link cannot succeed: only the way to a new one is offered. */}
      {!linkBroken && (
        <form noValidate onSubmit={onSubmit} aria-label="Reset Password">
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            error={errors.value.password}
          />
          <TextField
            label="Confirm Password"
            name="confirm_password"
            type="password"
            autoComplete="new-password"
            required
            error={errors.value.confirm_password}
          />
          <CaptchaField
            key={captchaRound.value}
            value={recaptcha.value}
            onChange={(token) => (recaptcha.value = token)}
            error={errors.value.recaptcha}
          />
          <Button type="submit" busy={busy.value} busyLabel="Saving…">Reset Password</Button>
        </form>
      )}
    </div>
  );
}

function InvalidLink() {
  return (
    <Alert variant="error">
      {M.invalidLink} <Link href="/forgot-password">Request a new link</Link>
    </Alert>
  );
}
