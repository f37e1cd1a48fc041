/**
 * The business form's fields (public spec §3 "Business attributes", admin §3 "Company/business"), for Add
 * Business and Manage Business. The server checks them again (api/src/businesses/schemas.ts) and its issues
 * come back under the same field names.
 */
import type { Business } from "@api/contract";
import * as v from "valibot";
import { COMPANY_FIELD_MESSAGES, DEFAULT_COUNTRY } from "@apca/rules/messages/registration";
import { StateSelect } from "../../components/state-select.tsx";
import { TextField } from "../../components/text-field.tsx";
import type { FieldErrors } from "../../lib/form.ts";

/** Loose: the other fields pass through as typed (the server checks them). */
export const BusinessSchema = v.looseObject({
  name: v.pipe(v.string(), v.trim(), v.minLength(1, COMPANY_FIELD_MESSAGES.companyNameRequired)),
});

/** Every text field of the form, as the server names them. */
export const TEXT_FIELDS = [
  "name",
  "dba_name",
  "tax_id",
  "email",
  "phone",
  "address_one",
  "address_two",
  "city",
  "state",
  "postal_code",
  "country",
  "po_box",
] as const;

export type BusinessValues = Partial<Record<(typeof TEXT_FIELDS)[number], string>>;

/** The form's values as the server takes them: blanks are sent as null (cleared). */
export function businessBody(values: Record<string, string | undefined>): BusinessValues {
  const body: Record<string, string | null> = {};
  for (const field of TEXT_FIELDS) {
    if (field in values) body[field] = values[field]?.trim() || null;
  }
  return body as BusinessValues;
}

export function BusinessFields(
  { business, errors, individual }: { business?: Business; errors: FieldErrors; individual: boolean },
) {
  const b = business?.attributes;
  const field = (name: (typeof TEXT_FIELDS)[number], label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      name={name}
      defaultValue={(b?.[name] as string | null | undefined) ?? ""}
      error={errors[name]}
      {...extra}
    />
  );
  return (
    <>
      {field("name", individual ? "Business Name" : "Company Name", {
        required: true,
        autoComplete: "organization",
      })}
      {!individual && field("dba_name", "DBA")}
      {!individual && field("tax_id", "EIN", { required: true, hint: "The company's federal tax id" })}
      {field("email", "Company Email", { type: "email", autoComplete: "email" })}
      {field("phone", "Company Phone", { type: "tel", autoComplete: "tel" })}
      {field("address_one", "Address One", { autoComplete: "address-line1" })}
      {field("address_two", "Address Two", { autoComplete: "address-line2" })}
      <div className="field-row">
        {field("city", "City", { autoComplete: "address-level2" })}
        <StateSelect
          name="state"
          autoComplete="address-level1"
          defaultValue={b?.state}
          error={errors.state}
        />
      </div>
      <div className="field-row">
        {field("postal_code", "Postal Code", { autoComplete: "postal-code" })}
        {field("country", "Country", {
          autoComplete: "country-name",
          // A new business starts in the registration's country, like every other address form.
          ...(business ? {} : { defaultValue: DEFAULT_COUNTRY }),
        })}
      </div>
      {field("po_box", "PO Box")}
    </>
  );
}
