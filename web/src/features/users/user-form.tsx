/**
 * The user form of Add User and Edit User: the profile fields (and a password when adding). The server's
 * rules answer per field (registration's words: 'First Name is required!', 'Please enter a valid email
 * address'…), shown under each field.
 */
import { type FormEvent, useState } from "react";
import type { UserDetail } from "@api/contract";
import { Button } from "../../components/button.tsx";
import { DEFAULT_COUNTRY } from "@apca/rules/messages/registration";
import { StateSelect } from "../../components/state-select.tsx";
import { TextField } from "../../components/text-field.tsx";
import { errorMessage, type FieldErrors, fieldErrors, formValues } from "../../lib/form.ts";
import { toast } from "../../lib/toast.ts";

const FIELDS: [string, string, { required?: boolean; type?: string; autoComplete?: string }][] = [
  ["first_name", "First Name", { required: true, autoComplete: "off" }],
  ["middle_name", "Middle Name", {}],
  ["last_name", "Last Name", { required: true }],
  ["email", "Email", { required: true, type: "email" }],
  ["phone", "Phone", { type: "tel" }],
  ["address_one", "Address One", {}],
  ["address_two", "Address Two", {}],
  ["city", "City", {}],
  ["state", "State", {}],
  ["postal_code", "Postal Code", {}],
  ["country", "Country", {}],
  ["uscg_cred", "USCG Credential", {}],
  ["ssn_last4", "SSN (last 4 digits)", {}],
];

export function UserForm(
  { user, withPassword, submitLabel, onSubmit }: {
    user?: UserDetail;
    withPassword?: boolean;
    submitLabel: string;
    onSubmit(values: Record<string, string | null>): Promise<void>;
  },
) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const raw = formValues(event.currentTarget);
    const values = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v.trim() === "" ? null : v]));
    setBusy(true);
    setErrors({});
    try {
      await onSubmit(values);
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error(errorMessage(error));
      setBusy(false);
    }
  }

  const attrs = user?.attributes as Record<string, unknown> | undefined;
  return (
    <form onSubmit={submit} noValidate className="form-section">
      {FIELDS.map(([name, label, opts]) => {
        const stored = attrs?.[name] as string | null | undefined;
        if (name === "state") {
          return (
            <StateSelect key={name} name={name} label={label} defaultValue={stored} error={errors[name]} />
          );
        }
        return (
          <TextField
            key={name}
            name={name}
            label={label}
            required={opts.required}
            type={opts.type ?? "text"}
            // Add User starts in the registration's country, like every other address form.
            defaultValue={stored ?? (name === "country" && !user ? DEFAULT_COUNTRY : "")}
            error={errors[name]}
          />
        );
      })}
      {withPassword && (
        <TextField
          name="password"
          label="Password"
          type="password"
          required
          autoComplete="new-password"
          error={errors.password}
        />
      )}
      <div className="form-actions">
        <Button type="submit" busy={busy} busyLabel="Saving…">{submitLabel}</Button>
      </div>
    </form>
  );
}
