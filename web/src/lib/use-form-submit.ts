/**
 * The submit cycle every validated form repeats: validate the fields (errors under them, focus on the first
 * invalid one), send, and on failure show the server's field issues under their fields and its message in the
 * form's alert. `busy` is true while sending, and a second submit meanwhile is ignored.
 */
import type { FormEvent } from "react";
import type * as v from "valibot";
import { useSignal } from "@preact/signals-react";
import {
  errorMessage,
  type FieldErrors,
  fieldErrors,
  focusFirstInvalid,
  formValues,
  validate,
} from "./form.ts";

export interface FormFailure {
  errors: FieldErrors;
  formError: string | null;
}

export interface FormSubmitOptions {
  /** Values beside the form's own fields (a captcha token, the token of a link). */
  extra?: () => Record<string, unknown>;
  /** Adds to the validation errors before they are shown (e.g. a message comparing two fields). */
  refine?: (values: Record<string, unknown>, errors: FieldErrors) => void;
  /** Turns a failure into field errors and the alert's text; default: the server's issues and message. */
  explain?: (error: unknown) => FormFailure;
  /** After a failure is shown: reset a captcha, move focus to the alert. */
  afterFailure?: () => void;
}

export function useFormSubmit<S extends v.GenericSchema>(
  schema: S,
  send: (output: v.InferOutput<S>) => Promise<unknown>,
  options: FormSubmitOptions = {},
) {
  const errors = useSignal<FieldErrors>({});
  const formError = useSignal<string | null>(null);
  const busy = useSignal(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.value) return;
    const form = event.currentTarget;
    const values = { ...formValues(form), ...options.extra?.() };
    const result = validate(schema, values);
    if (!result.success) options.refine?.(values, result.errors);
    errors.value = result.errors;
    formError.value = null;
    if (!result.success) return focusFirstInvalid(form, result.errors);

    busy.value = true;
    try {
      await send(result.output);
    } catch (error) {
      const failure = options.explain?.(error) ??
        { errors: fieldErrors(error), formError: errorMessage(error) };
      errors.value = failure.errors;
      formError.value = failure.formError;
      if (Object.keys(failure.errors).length) focusFirstInvalid(form, failure.errors);
      options.afterFailure?.();
    } finally {
      busy.value = false;
    }
  }

  return { errors, formError, busy, onSubmit };
}
