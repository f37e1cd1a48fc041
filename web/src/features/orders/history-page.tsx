/**
 * /app/account/orders (issue 25, decision 0063): every order the member paid or tried to pay, newest first,
 * each paid one with its receipt PDF. The list and the receipts are kept on the device when it is online, so
 * both open offline like the Letter of Compliance (decision 0014).
 */
import { Link } from "wouter";
import type { UserOrderSummary } from "@api/contract";
import { Button } from "../../components/button.tsx";
import { Chip } from "../../components/chip.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { formatMoney } from "../../lib/money.ts";
import { saveFile } from "../../lib/save-file.ts";
import { useAction } from "../../lib/use-action.ts";
import { OfflineNotice } from "../../offline/offline-ui.tsx";
import { useCachedResource } from "../../offline/use-cached.ts";
import { fetchMyOrders, fetchMyReceipt, KIND_WORDS, MY_ORDERS_KEY, STATUS_WORDS } from "./history.ts";
import { hasReceipt, openReceipt, useReceiptsSavedAhead } from "./receipts-ahead.ts";
import "./orders.css";

export default function OrderHistoryPage() {
  const orders = useCachedResource(MY_ORDERS_KEY, fetchMyOrders);
  const offline = orders.savedAt !== null;
  const saved = useReceiptsSavedAhead(
    orders.data?.data,
    !offline && !orders.loading && !orders.error,
    fetchMyReceipt,
  );

  if (orders.loading) return <Skeleton lines={4} label="Loading your orders…" />;
  if (orders.error || !orders.data) {
    return <LoadError title="Your orders could not be loaded" error={orders.error} onRetry={orders.reload} />;
  }
  const list = orders.data.data;
  return (
    <>
      <OfflineNotice savedAt={orders.savedAt} />
      <p>
        Every payment you made, with its receipt. A receipt was also e-mailed to you when you paid. {offline
          ? "Receipts saved on this device open without a connection."
          : "Receipts are kept on this device so they open offline too."}
      </p>
      {list.length === 0
        ? (
          <p className="empty-state">
            No orders yet. Memberships and the <Link href="/app/store">store</Link> show up here once paid.
          </p>
        )
        : (
          <ul className="order-history" aria-label="Your orders">
            {list.map((o) => <OrderRow key={o.id} order={o} offline={offline} saved={saved.has(o.id)} />)}
          </ul>
        )}
      <p>
        <Link href="/app">Back to the dashboard</Link>
      </p>
    </>
  );
}

function OrderRow({ order, offline, saved }: { order: UserOrderSummary; offline: boolean; saved: boolean }) {
  const o = order.attributes;
  // Offline, the saved copy; online, the server's (and it is kept for next time).
  const receipt = useAction(() => openReceipt(order.id, offline, fetchMyReceipt, saveFile));
  const tone = o.status === "completed" ? "success" : o.status === "failed" ? "danger" : "neutral";
  return (
    <li className="order-history-item" data-testid={`order-${o.number}`}>
      <div className="order-history-head">
        <strong>{o.number}</strong>
        <Chip tone={tone}>{STATUS_WORDS[o.status]}</Chip>
      </div>
      <dl className="order-history-facts">
        <div>
          <dt>Date</dt>
          <dd>{formatInstant(o.created_at)}</dd>
        </div>
        <div>
          <dt>What</dt>
          <dd>{KIND_WORDS[o.kind]}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{formatMoney(o.total_cents, { cents: true })}</dd>
        </div>
        <div>
          <dt>Paid with</dt>
          <dd>{o.paid_with}</dd>
        </div>
      </dl>
      {hasReceipt(order) && (
        <div className="order-history-actions">
          <Button
            variant="secondary"
            busy={receipt.busy}
            busyLabel="Opening…"
            onClick={() => void receipt.run()}
            aria-label={`Receipt for order ${o.number} (PDF)`}
          >
            Receipt (PDF)
          </Button>
          {offline && !saved && <span className="field-hint">Not saved on this device</span>}
        </div>
      )}
    </li>
  );
}
