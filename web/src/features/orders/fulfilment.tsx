/**
 * The fulfilment of an order that ships, on the administrators' order detail (issue 24 item 5, decision 0061):
 * to ship → shipped (carrier and tracking number, validated here and on the server) → delivered, after a
 * confirmation. The API applies each step once; a second administrator is told it was done already.
 */
import { useState } from "react";
import * as v from "valibot";
import { useSignals } from "@preact/signals-react/runtime";
import type { Order } from "@api/contract";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { TextField } from "../../components/text-field.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { toast } from "../../lib/toast.ts";
import { useAction } from "../../lib/use-action.ts";
import { useFormSubmit } from "../../lib/use-form-submit.ts";
import { invalidate } from "../../lib/use-resource.ts";
import { deliverOrder, ORDER_STATUS_LABELS, orderKey, ORDERS_KEY, shipOrder } from "./api.ts";
import { AUDIT_KEY } from "../audit/api.ts";
import "./orders.css";

const ShipSchema = v.looseObject({
  carrier: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, "Carrier is required"),
    v.maxLength(60, "Carrier must be at most 60 characters"),
  ),
  tracking_number: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, "Tracking number is required"),
    v.maxLength(80, "Tracking number must be at most 80 characters"),
  ),
});

type Shipping = NonNullable<Order["attributes"]["shipping"]>;

export function Fulfilment({ id, shipping }: { id: string; shipping: Shipping }) {
  useSignals();
  const [confirm, setConfirm] = useState(false);
  const { errors, formError, busy, onSubmit } = useFormSubmit(ShipSchema, async (output) => {
    const answer = await shipOrder(id, { carrier: output.carrier, tracking_number: output.tracking_number });
    toast.success(answer.message);
    await Promise.all([invalidate(orderKey(id)), invalidate(ORDERS_KEY), invalidate(AUDIT_KEY)]);
  });
  const deliver = useAction(() => deliverOrder(id), {
    success: (answer) => answer.message,
    invalidate: [orderKey(id), ORDERS_KEY, AUDIT_KEY],
  });
  const e = errors.value;
  return (
    <section aria-labelledby="fulfilment-heading" className="fulfilment">
      <h2 id="fulfilment-heading">Fulfilment</h2>
      <dl className="summary">
        <dt>State</dt>
        <dd data-testid="fulfilment-state">{ORDER_STATUS_LABELS[shipping.state]}</dd>
        {shipping.carrier && (
          <>
            <dt>Carrier</dt>
            <dd>{shipping.carrier}</dd>
            <dt>Tracking number</dt>
            <dd>{shipping.tracking_number}</dd>
            <dt>Shipped</dt>
            <dd>{shipping.shipped_at && formatInstant(shipping.shipped_at)}</dd>
          </>
        )}
        {shipping.delivered_at && (
          <>
            <dt>Delivered</dt>
            <dd>{formatInstant(shipping.delivered_at)}</dd>
          </>
        )}
      </dl>
      {shipping.state === "to_ship" && (
        <form className="fulfilment-form" noValidate onSubmit={onSubmit} aria-label="Mark shipped">
          <TextField label="Carrier" name="carrier" required autoComplete="off" error={e.carrier} />
          <TextField
            label="Tracking number"
            name="tracking_number"
            required
            autoComplete="off"
            error={e.tracking_number}
          />
          <Button type="submit" busy={busy.value} busyLabel="Saving…">Mark Shipped</Button>
          {formError.value && <Alert variant="error">{formError.value}</Alert>}
        </form>
      )}
      {shipping.state === "shipped" && (
        <div className="form-actions">
          <Button onClick={() => setConfirm(true)}>Mark Delivered</Button>
        </div>
      )}
      <ConfirmDialog
        open={confirm}
        title="Mark this order delivered?"
        confirmLabel="Mark Delivered"
        cancelLabel="Not Yet"
        busyLabel="Saving…"
        busy={deliver.busy}
        onConfirm={async () => {
          if ((await deliver.run()).ok) setConfirm(false);
        }}
        onClose={() => setConfirm(false)}
      >
        {`The member sees it delivered on their order (${shipping.carrier} ${shipping.tracking_number}).`}
      </ConfirmDialog>
    </section>
  );
}
