/**
 * The vessel form (decision 0021: name, USCG official number, type, in service) of Add Vessel and Manage
 * Vessel, for the company's owner (features/businesses) and for administrators (features/admin-businesses):
 * the same fields and messages; the server checks the official number. The screen says how the vessel is
 * sent and where to go back to (Cancel, and after saving).
 */
import { useRef } from "react";
import { Link, useLocation } from "wouter";
import { useSignals } from "@preact/signals-react/runtime";
import * as v from "valibot";
import type { Vessel, VesselCreateRequest } from "@api/contract";
import { toast } from "../../../lib/toast.ts";
import { useFormSubmit } from "../../../lib/use-form-submit.ts";
import { Alert } from "../../../components/alert.tsx";
import { Button } from "../../../components/button.tsx";
import { CheckboxField } from "../../../components/checkbox-field.tsx";
import { TextField } from "../../../components/text-field.tsx";

export const VESSEL_NAME_REQUIRED = "Vessel Name is required!";

const text = v.optional(v.string(), "");
const VesselSchema = v.object({
  name: v.pipe(text, v.trim(), v.nonEmpty(VESSEL_NAME_REQUIRED)),
  official_number: text,
  vessel_type: text,
  is_active: text,
});

export interface VesselFormProps {
  /** The vessel to manage; without it the form adds one. */
  vessel?: Vessel;
  /** Where Cancel goes, and where a saved vessel goes back to. */
  back: string;
  /** Sends the vessel; `key` is the Idempotency-Key of an addition (the same while the same vessel is resent). */
  save(body: VesselCreateRequest, key: string): Promise<unknown>;
}

export function VesselForm({ vessel, back, save }: VesselFormProps) {
  useSignals();
  const [, navigate] = useLocation();
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const { errors, formError, busy, onSubmit } = useFormSubmit(VesselSchema, async (values) => {
    const body = {
      name: values.name,
      official_number: values.official_number.trim() || null,
      vessel_type: values.vessel_type.trim() || null,
      is_active: values.is_active === "on",
    };
    // A resend of the same vessel (its answer was lost) keeps the key, so it is not added twice; a corrected
    // one is a new request (the server answers a key reused for another body with an error).
    const sent = JSON.stringify(body);
    if (attempt.current?.body !== sent) attempt.current = { key: crypto.randomUUID(), body: sent };
    await save(body, attempt.current.key);
    toast.success(vessel ? "Vessel has been updated" : "Vessel has been added");
    navigate(back);
  });
  const a = vessel?.attributes;
  return (
    <form
      className="narrow"
      noValidate
      onSubmit={onSubmit}
      aria-label={vessel ? "Manage vessel" : "Add vessel"}
    >
      <TextField
        label="Vessel Name"
        name="name"
        required
        defaultValue={a?.name ?? ""}
        error={errors.value.name}
      />
      <TextField
        label="Official Number"
        name="official_number"
        inputMode="numeric"
        hint="The USCG official number on the Certificate of Documentation (5 to 8 digits)"
        defaultValue={a?.official_number ?? ""}
        error={errors.value.official_number}
      />
      <TextField
        label="Vessel Type"
        name="vessel_type"
        hint="Towing vessel, passenger vessel, offshore supply vessel…"
        defaultValue={a?.vessel_type ?? ""}
        error={errors.value.vessel_type}
      />
      <CheckboxField label="In service" name="is_active" defaultChecked={a?.is_active ?? true} />
      {formError.value && <Alert variant="error">{formError.value}</Alert>}
      <div className="form-actions">
        <Button type="submit" busy={busy.value} busyLabel="Saving…">
          {vessel ? "Save Vessel" : "Add Vessel"}
        </Button>
        <Link href={back}>Cancel</Link>
      </div>
    </form>
  );
}
