/**
 * /app/admin/businesses/{id}/vessel/new and /app/admin/manage-vessel/{vid}: a vessel's name, USCG official
 * number, type and whether it is in service (the fields decision 0021 chose; the server checks the official
 * number). An administrator's change applies at once; both go back to the business's Vessels tab.
 */
import { useSignals } from "@preact/signals-react/runtime";
import * as v from "valibot";
import { Link, useLocation } from "wouter";
import type { PageProps } from "../../app/routes.tsx";
import type { Vessel } from "@api/contract";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { CheckboxField } from "../../components/checkbox-field.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { TextField } from "../../components/text-field.tsx";
import { toast } from "../../lib/toast.ts";
import { useFormSubmit } from "../../lib/use-form-submit.ts";
import { useResource } from "../../lib/use-resource.ts";
import { addVessel, BUSINESS_KEY, fetchVessel, updateVessel } from "./api.ts";

export const VESSEL_NAME_REQUIRED = "Vessel Name is required!";

const text = v.optional(v.string(), "");
const Schema = v.object({
  name: v.pipe(text, v.trim(), v.nonEmpty(VESSEL_NAME_REQUIRED)),
  official_number: text,
  vessel_type: text,
  is_active: text,
});
type Values = v.InferOutput<typeof Schema>;

const body = (values: Values) => ({
  name: values.name,
  official_number: values.official_number.trim() || null,
  vessel_type: values.vessel_type.trim() || null,
  is_active: values.is_active !== "",
});

function VesselForm({ vessel, onSave, cancelHref }: {
  vessel?: Vessel;
  onSave(values: Values): Promise<void>;
  cancelHref: string;
}) {
  useSignals();
  const { errors, formError, busy, onSubmit } = useFormSubmit(Schema, onSave);
  const a = vessel?.attributes;
  return (
    <form noValidate onSubmit={onSubmit} aria-label={vessel ? "Manage vessel" : "Add vessel"}>
      {formError.value && <Alert variant="error">{formError.value}</Alert>}
      <TextField label="Vessel Name" name="name" required defaultValue={a?.name} error={errors.value.name} />
      <TextField
        label="Official Number"
        name="official_number"
        hint="The USCG official number on the Certificate of Documentation (5 to 8 digits)."
        defaultValue={a?.official_number ?? ""}
        error={errors.value.official_number}
      />
      <TextField
        label="Vessel Type"
        name="vessel_type"
        hint="Towing, passenger, fishing, offshore supply…"
        defaultValue={a?.vessel_type ?? ""}
        error={errors.value.vessel_type}
      />
      <CheckboxField label="In service" name="is_active" defaultChecked={a?.is_active ?? true} />
      <div className="form-actions">
        <Button type="submit" busy={busy.value} busyLabel="Saving…">{vessel ? "Save" : "Add Vessel"}</Button>
        <Link href={cancelHref}>Cancel</Link>
      </div>
    </form>
  );
}

export function NewVesselPage({ params }: PageProps) {
  const id = Number(params.id);
  const [, navigate] = useLocation();
  const back = `/app/admin/businesses/${id}?tab=vessels`;
  return (
    <VesselForm
      cancelHref={back}
      onSave={async (values) => {
        await addVessel(id, body(values));
        toast.success("Vessel has been added");
        navigate(back);
      }}
    />
  );
}

export function ManageVesselPage({ params }: PageProps) {
  const vid = Number(params.vid);
  const [, navigate] = useLocation();
  const vessel = useResource([...BUSINESS_KEY, "vessel", vid], (signal) => fetchVessel(vid, signal));
  if (vessel.error) {
    return <LoadError title="The vessel could not be loaded" error={vessel.error} onRetry={vessel.reload} />;
  }
  if (!vessel.data) return <Skeleton lines={4} label="Loading the vessel…" />;
  const businessId = vessel.data.relationships.business?.data?.id;
  const back = businessId ? `/app/admin/businesses/${businessId}?tab=vessels` : "/app/admin/businesses";
  return (
    <VesselForm
      vessel={vessel.data}
      cancelHref={back}
      onSave={async (values) => {
        await updateVessel(vid, body(values));
        toast.success("Vessel has been updated");
        navigate(back);
      }}
    />
  );
}
