/** The item form of Add Item and Edit Item: name, description, cost (typed in dollars, sent in cents), active,
 * and whether it ships (decision 0061: its paid orders are fulfilled). */
import { type FormEvent, useState } from "react";
import type { AdminItem, ItemRequest } from "@api/contract";
import { Button } from "../../components/button.tsx";
import { CheckboxField } from "../../components/checkbox-field.tsx";
import { TextAreaField } from "../../components/text-area-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { errorMessage, type FieldErrors, fieldErrors } from "../../lib/form.ts";
import { dollarsToCents } from "../../lib/money.ts";
import { toast } from "../../lib/toast.ts";

export function ItemForm(
  { item, submitLabel, onSubmit }: {
    item?: AdminItem;
    submitLabel: string;
    onSubmit(body: ItemRequest): Promise<void>;
  },
) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = event.currentTarget.elements;
    const value = (name: string) => (f.namedItem(name) as HTMLInputElement).value;
    const cost = dollarsToCents(value("cost"));
    const local: FieldErrors = {};
    if (!value("name").trim()) local.name = "Name is required";
    if (cost === null) local.cost_cents = "Cost must be an amount in dollars, e.g. 60 or 7.50";
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      await onSubmit({
        name: value("name"),
        description: value("description") || null,
        cost_cents: cost!,
        active: (f.namedItem("active") as HTMLInputElement).checked,
        ships: (f.namedItem("ships") as HTMLInputElement).checked,
        sort_order: item?.attributes.sort_order ?? 0,
      });
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error(errorMessage(error));
      setBusy(false);
    }
  }

  const a = item?.attributes;
  return (
    <form onSubmit={submit} noValidate className="form-section">
      <TextField name="name" label="Name" required defaultValue={a?.name ?? ""} error={errors.name} />
      <TextAreaField
        name="description"
        label="Description"
        defaultValue={a?.description ?? ""}
        error={errors.description}
      />
      <TextField
        name="cost"
        label="Cost (dollars)"
        inputMode="decimal"
        required
        defaultValue={a ? (a.cost / 100).toFixed(2) : ""}
        error={errors.cost_cents}
      />
      <CheckboxField name="active" label="Active (sold in the store)" defaultChecked={a?.active ?? true} />
      <CheckboxField
        name="ships"
        label="Ships (a physical item: paid orders wait to be shipped with a tracking number)"
        defaultChecked={a?.ships ?? false}
      />
      <div className="form-actions">
        <Button type="submit" busy={busy} busyLabel="Saving…">{submitLabel}</Button>
      </div>
    </form>
  );
}
