/**
 * The administrators' business form, for /new and /{id}/manage (admin spec §3 "Company/business", §5 "New
 * company"): the name is checked here; the tax id, phone and e-mail rules are the server's, shown under
 * their fields from its answer. An administrator's changes apply at once (decision 0021).
 */
import { useSignals } from "@preact/signals-react/runtime";
import * as v from "valibot";
import { Link } from "wouter";
import type { Business } from "@api/contract";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { CheckboxField } from "../../components/checkbox-field.tsx";
import { COMPANY_FIELD_MESSAGES, DEFAULT_COUNTRY } from "@apca/rules/messages/registration";
import { StateSelect } from "../../components/state-select.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useFormSubmit } from "../../lib/use-form-submit.ts";

const text = v.optional(v.string(), "");
const Schema = v.object({
  name: v.pipe(text, v.trim(), v.nonEmpty(COMPANY_FIELD_MESSAGES.companyNameRequired)),
  dba_name: text,
  email: text,
  phone: text,
  tax_id: text,
  address_one: text,
  address_two: text,
  city: text,
  state: text,
  postal_code: text,
  country: text,
  po_box: text,
  is_individual: text,
  der_user_id: text,
});
export type BusinessFormValues = v.InferOutput<typeof Schema>;

const FIELDS: [keyof BusinessFormValues, string, string?][] = [
  ["dba_name", "DBA name"],
  ["email", "E-mail", "email"],
  ["phone", "Phone", "tel"],
  ["tax_id", "Tax ID (EIN)"],
  ["address_one", "Address"],
  ["address_two", "Address line 2"],
  ["city", "City"],
  ["state", "State"],
  ["postal_code", "Postal code"],
  ["country", "Country"],
  ["po_box", "PO Box"],
];

/** The form's strings as the API takes them: an empty field is null. */
export function businessBody(values: BusinessFormValues) {
  const blank = (s: string) => (s.trim() === "" ? null : s.trim());
  return {
    name: values.name,
    dba_name: blank(values.dba_name),
    email: blank(values.email),
    phone: blank(values.phone),
    tax_id: blank(values.tax_id),
    address_one: blank(values.address_one),
    address_two: blank(values.address_two),
    city: blank(values.city),
    state: blank(values.state),
    postal_code: blank(values.postal_code),
    country: blank(values.country),
    po_box: blank(values.po_box),
  };
}

export function BusinessForm({ business, creating, onSave, cancelHref }: {
  business?: Business;
  creating: boolean;
  onSave(values: BusinessFormValues): Promise<void>;
  cancelHref: string;
}) {
  useSignals();
  const { errors, formError, busy, onSubmit } = useFormSubmit(Schema, onSave);
  const b = business?.attributes;
  const value = (
    name: keyof BusinessFormValues,
  ) => (b ? (b as Record<string, unknown>)[name] as string ?? "" : "");
  return (
    <form noValidate onSubmit={onSubmit} aria-label={creating ? "New business" : "Manage business"}>
      {formError.value && <Alert variant="error">{formError.value}</Alert>}
      <TextField
        label="Company Name"
        name="name"
        required
        defaultValue={value("name")}
        error={errors.value.name}
      />
      {FIELDS.map(([name, label, type]) =>
        name === "state"
          ? (
            <StateSelect
              key={name}
              label={label}
              name={name}
              defaultValue={value(name)}
              error={errors.value[name]}
            />
          )
          : (
            <TextField
              key={name}
              label={label}
              name={name}
              type={type ?? "text"}
              // A new business starts in the registration's country, like every address form.
              defaultValue={value(name) || (name === "country" && creating ? DEFAULT_COUNTRY : "")}
              error={errors.value[name]}
              hint={name === "tax_id" ? "Required for a company" : undefined}
            />
          )
      )}
      {creating && (
        <>
          <CheckboxField label="Individual (self-employed) business" name="is_individual" />
          <TextField
            label="DER user ID"
            name="der_user_id"
            inputMode="numeric"
            hint="The user who runs the company's program (from the Users list); they become its owner."
            error={errors.value.der_user_id}
          />
        </>
      )}
      <div className="form-actions">
        <Button type="submit" busy={busy.value} busyLabel="Saving…">
          {creating ? "Add Business" : "Save"}
        </Button>
        <Link href={cancelHref}>Cancel</Link>
      </div>
    </form>
  );
}
