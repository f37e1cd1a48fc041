/**
 * Form helpers shared by every screen: valibot validation to a `{ field: message }` map, and the same map
 * from a server ApiError's `issues`, so both kinds of error render the same way under the field.
 */
import * as v from "valibot";
import { ApiError } from "./api.ts";

export type FieldErrors = Partial<Record<string, string>>;

export type Validation<T> =
  | { success: true; output: T; errors: FieldErrors }
  | { success: false; output?: undefined; errors: FieldErrors };

/** Validates `input`, keeping only the first message per field (the order of the schema's pipe). */
export function validate<S extends v.GenericSchema>(schema: S, input: unknown): Validation<v.InferOutput<S>> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return { success: true, output: result.output, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? "";
    errors[key] ??= issue.message;
  }
  return { success: false, errors };
}

/** Field errors named by the server (`issues[].path`), or an empty map. */
export function fieldErrors(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (error instanceof ApiError) {
    for (const issue of error.issues) errors[issue.path] ??= issue.message;
  }
  return errors;
}

/** The text to show a person for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return "Something went wrong. Please try again.";
}

/** A form's fields as plain strings (what valibot schemas for HTML forms expect). */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) {
    if (typeof value === "string") values[key] = value;
  }
  return values;
}

/** Moves focus to the first field with an error, after React has rendered its message (so it is announced). */
export function focusFirstInvalid(form: HTMLFormElement, errors: FieldErrors): void {
  setTimeout(() => {
    const fields = Array.from(form.elements) as HTMLInputElement[];
    fields.find((field) => field.name && errors[field.name])?.focus();
  });
}
