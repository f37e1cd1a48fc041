/**
 * The account screen's Password section (issue 25 item 2): change the password while signed in. The current
 * password is required; the other sessions end and this one stays (the server's message says so).
 */
import { useRef } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/text-field.tsx";
import { errorMessage, fieldErrors } from "../../lib/form.ts";
import { toast } from "../../lib/toast.ts";
import { useFormSubmit } from "../../lib/use-form-submit.ts";
import {
  changePassword,
  ChangePasswordSchema,
  newPasswordsDiffer,
  PASSWORD_CHANGE_MESSAGES as C,
} from "./change-password.ts";

export function PasswordPanel() {
  useSignals();
  const form = useRef<HTMLFormElement>(null);
  const { errors, formError, busy, onSubmit } = useFormSubmit(
    ChangePasswordSchema,
    async (input) => {
      const answer = await changePassword(input);
      form.current?.reset();
      toast.success(answer.message);
    },
    {
      refine(values, errors) {
        if (newPasswordsDiffer(values)) errors.confirm_password ??= C.mismatch;
      },
      // A wrong current password (or any field's issue) shows under its field only; the rest in the alert.
      explain(error) {
        const fields = fieldErrors(error);
        return { errors: fields, formError: Object.keys(fields).length ? null : errorMessage(error) };
      },
    },
  );
  return (
    <form ref={form} noValidate onSubmit={onSubmit} aria-label="Change password" className="narrow">
      {formError.value && <Alert variant="error">{formError.value}</Alert>}
      <TextField
        label="Current password"
        name="current_password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.value.current_password}
      />
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters."
        error={errors.value.password}
      />
      <TextField
        label="Confirm new password"
        name="confirm_password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.value.confirm_password}
      />
      <p>Changing it signs you out on every other device; you stay signed in here.</p>
      <Button type="submit" busy={busy.value} busyLabel="Changing…">Change password</Button>
    </form>
  );
}
