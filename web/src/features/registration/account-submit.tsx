/** What both registration forms do on submit: validate, create the account, show the server's answer. */
import type { FormEvent } from "react";
import { Link } from "wouter";
import { useSignal } from "@preact/signals-react";
import * as v from "valibot";
import { Alert } from "../../components/alert.tsx";
import { ApiError } from "../../lib/api.ts";
import {
  errorMessage,
  type FieldErrors,
  fieldErrors,
  focusFirstInvalid,
  formValues,
  validate,
} from "../../lib/form.ts";
import { toast } from "../../lib/toast.ts";
import { REGISTRATION_MESSAGES } from "@apca/rules/messages/registration";

export const ACCOUNT_CREATED_MESSAGE = "Your APCA Account Has Been Created!";

type Problem = { kind: "emailTaken" } | { kind: "error"; message: string } | null;

/**
 * Form state and the submit handler for a registration form. `toInput` turns the form's strings into the
 * payload's shape; `create` sends the validated payload; `onCreated` runs after the account exists.
 */
export function useAccountSubmit<S extends v.GenericSchema>(
  schema: S,
  toInput: (values: Record<string, string>) => Record<string, unknown>,
  create: (payload: v.InferOutput<S>) => Promise<unknown>,
  onCreated: (payload: v.InferOutput<S>) => void,
) {
  const errors = useSignal<FieldErrors>({});
  const problem = useSignal<Problem>(null);
  const busy = useSignal(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const result = validate(schema, toInput(formValues(form)));
    errors.value = result.errors;
    problem.value = null;
    if (!result.success) return focusFirstInvalid(form, result.errors);

    busy.value = true;
    try {
      await create(result.output);
      toast.success(ACCOUNT_CREATED_MESSAGE);
      onCreated(result.output);
    } catch (error) {
      busy.value = false;
      if (error instanceof ApiError && error.code === "EMAIL_TAKEN") {
        problem.value = { kind: "emailTaken" };
        return;
      }
      errors.value = fieldErrors(error);
      problem.value = { kind: "error", message: errorMessage(error) };
      focusFirstInvalid(form, errors.value);
    }
  }

  return { errors, problem, busy, onSubmit };
}

export function AccountProblem({ problem }: { problem: Problem }) {
  if (!problem) return null;
  if (problem.kind === "error") return <Alert variant="error">{problem.message}</Alert>;
  return (
    <Alert variant="warning">
      {REGISTRATION_MESSAGES.emailTaken} <Link href="/login">Log in to your account</Link>
    </Alert>
  );
}
