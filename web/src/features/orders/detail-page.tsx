/**
 * /app/admin/orders/{id} (admin spec §2): the items, quantities, costs, total, payment, status and the user;
 * an order that ships is marked shipped, then delivered (fulfilment.tsx); an unfulfilled (paid store) order can be cancelled with a refund of its card charge, after a confirmation.
 */
import { useSubjectName } from "../../lib/page-subject.ts";
import { formatDay, formatInstant } from "../../lib/dates.ts";
import { capitalizeWord } from "../../lib/status-words.ts";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useState } from "react";
import { Link } from "wouter";
import type { PageProps } from "../../lib/page-props.ts";
import { Button } from "../../components/button.tsx";
import { DangerZone } from "../../components/danger-zone.tsx";
import { DataTable } from "../../components/data-table.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { formatMoney } from "../../lib/money.ts";
import { useAction } from "../../lib/use-action.ts";
import { useResource } from "../../lib/use-resource.ts";
import { cancelOrder, fetchOrder, orderKey } from "./api.ts";
import { Fulfilment } from "./fulfilment.tsx";
import { History } from "../audit/audit-table.tsx";
import { OrderStateChip } from "./order-state.tsx";

const money = (cents: number) => formatMoney(cents, { cents: true });

export default function OrderDetailPage({ params }: PageProps) {
  const id = params.id!;
  const order = useResource(orderKey(id), (signal) => fetchOrder(id, signal));
  useSubjectName(`/app/admin/orders/${id}`, order.data && `Order ${order.data.attributes.number}`);
  const [confirm, setConfirm] = useState(false);
  const cancelAction = useAction(() => cancelOrder(id), {
    success: (answer) => answer.message,
    invalidate: [orderKey(id)],
  });
  if (order.loading && !order.data) return <Skeleton lines={5} label="Loading the order…" />;
  if (order.error || !order.data) {
    return <LoadError title="The order could not be loaded" error={order.error} onRetry={order.reload} />;
  }
  const o = order.data;
  const a = o.attributes;
  const userId = o.relationships.user.data?.id;

  async function cancel() {
    if ((await cancelAction.run()).ok) setConfirm(false);
  }

  return (
    <>
      <dl className="details-list">
        <dt>Order</dt>
        <dd>{a.number}</dd>
        {a.import_reference && (
          <>
            <dt>Imported reference</dt>
            <dd>{a.import_reference}</dd>
          </>
        )}
        <dt>User</dt>
        <dd>{userId ? <Link href={`/app/admin/users/${userId}`}>{a.user_full_name}</Link> : "—"}</dd>
        <dt>Date</dt>
        <dd>{formatInstant(a.created_at)}</dd>
        <dt>Status</dt>
        <dd>
          <OrderStateChip status={a.status} shipping={a.shipping?.state ?? null} />
          {a.refunded_at && <StatusBadge status="refunded" />}
        </dd>
        <dt>Payment</dt>
        <dd>
          {a.payment_type === "card"
            ? `${a.card_brand ? capitalizeWord(a.card_brand) : "Card"} •••• ${a.card_last4 ?? "----"}`
            : `${a.payment_medium ?? "Manual payment"}${
              a.payment_date ? ` on ${formatDay(a.payment_date)}` : ""
            }`}
        </dd>
        {a.failure_reason && (
          <>
            <dt>Failure</dt>
            <dd>{a.failure_reason}</dd>
          </>
        )}
      </dl>
      <DataTable
        caption="Items"
        columns={["Item", "Quantity", "Cost", "Subtotal"]}
        rows={a.items}
        row={(i) => (
          <tr key={i.id}>
            <td>{i.name}</td>
            <td>{i.quantity}</td>
            <td>{money(i.cost)}</td>
            <td>{money(i.cost * i.quantity)}</td>
          </tr>
        )}
        foot={
          <tr>
            <th scope="row" colSpan={3}>Total</th>
            <td>{money(a.total_cents)}</td>
          </tr>
        }
      />
      {a.shipping && <Fulfilment id={id} shipping={a.shipping} />}
      {a.cancellable && (
        <DangerZone>
          <Button variant="danger" onClick={() => setConfirm(true)}>Cancel Order</Button>
        </DangerZone>
      )}
      <History entity="order" entityId={o.id} />
      <ConfirmDialog
        open={confirm}
        title="Cancel this order?"
        confirmLabel="Cancel Order"
        cancelLabel="Keep Order"
        busyLabel="Cancelling…"
        busy={cancelAction.busy}
        destructive
        onConfirm={cancel}
        onClose={() => setConfirm(false)}
      >
        {a.payment_type === "card"
          ? `The card is refunded ${money(a.total_cents)}.`
          : "The payment was taken outside the portal: refund it there."}
      </ConfirmDialog>
    </>
  );
}
