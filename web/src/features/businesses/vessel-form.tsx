/**
 * The vessel form (decision 0021: name, USCG official number, type, in service), for Add Vessel and Manage
 * Vessel. Both screens go back to `redirectURL` when it is a same-site path (public spec §2), else to the
 * business's Vessels tab.
 */
import { useRef } from "react";
import { Link, useLocation, useSearchParams } from "wouter";
import { useSignals } from "@preact/signals-react/runtime";
import * as v from "valibot";
import type { Vessel } from "@api/contract";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { CheckboxField } from "../../components/checkbox-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { createVessel, updateVessel } from "../../lib/businesses.ts";
import { safeNext } from "../../lib/safe-next.ts";
import { toast } from "../../lib/toast.ts";
import { useFormSubmit } from "../../lib/use-form-submit.ts";

export const VESSEL_NAME_REQUIRED = "Vessel Name is required!";

const VesselSchema = v.looseObject({
  name: v.pipe(v.string(), v.trim(), v.minLength(1, VESSEL_NAME_REQUIRED)),
});

export function useVesselBack(businessId: number): string {
  const [search] = useSearchParams();
  return safeNext(search.get("redirectURL"), `/app/member/businesses/${businessId}?tab=vessels`);
}

export function VesselForm({ businessId, vessel }: { businessId: number; vessel?: Vessel }) {
  useSignals();
  const [, navigate] = useLocation();
  const back = useVesselBack(businessId);
  const key = useRef(crypto.randomUUID());
  const { errors, formError, busy, onSubmit } = useFormSubmit(VesselSchema, async (output) => {
    const values = output as Record<string, string>;
    const body = {
      name: values.name,
      official_number: values.official_number?.trim() || null,
      vessel_type: values.vessel_type?.trim() || null,
      is_active: values.is_active === "on",
    };
    if (vessel) await updateVessel(businessId, vessel.id, body);
    else await createVessel(businessId, body, key.current);
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
