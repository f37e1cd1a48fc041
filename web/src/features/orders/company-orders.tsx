/**
 * The business page's Orders tab for its DER (issue 25, decision 0063): the company's paid orders (employee
 * memberships on its cards, its compliance kit), each with how it was paid and its receipt PDF. Like the
 * member's own orders, the list and the newest receipts are kept on the device, so the tab opens offline
 * (decision 0014, issue 37).
 */
import type { UserOrderSummary } from "@api/contract";
import { Button } from "../../components/button.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { formatMoney } from "../../lib/money.ts";
import { saveFile } from "../../lib/save-file.ts";
import { useAction } from "../../lib/use-action.ts";
import { OfflineNotice } from "../../offline/offline-ui.tsx";
import { useCachedResource } from "../../offline/use-cached.ts";
import {
  companyOrdersKey,
  fetchCompanyOrders,
  fetchCompanyReceipt,
  KIND_WORDS,
  STATUS_WORDS,
} from "./history.ts";
import { openReceipt, useReceiptsSavedAhead } from "./receipts-ahead.ts";
import "./orders.css";

export function CompanyOrders({ businessId }: { businessId: number }) {
  const id = String(businessId);
  const orders = useCachedResource(companyOrdersKey(id), (signal) => fetchCompanyOrders(id, signal));
  const offline = orders.savedAt !== null;
  const fetchReceipt = (orderId: number) => fetchCompanyReceipt(id, orderId);
  const saved = useReceiptsSavedAhead(
    orders.data?.data,
    !offline && !orders.loading && !orders.error,
    fetchReceipt,
  );
  if (orders.loading) return <Skeleton lines={3} label="Loading the company's orders…" />;
  if (orders.error || !orders.data) {
    return (
      <LoadError
        title="The company's orders could not be loaded"
        error={orders.error}
        onRetry={orders.reload}
      />
    );
  }
  const list = orders.data.data;
  return (
    <>
      <OfflineNotice savedAt={orders.savedAt} />
      {list.length === 0
        ? (
          <p className="empty-state">
            No orders yet. Memberships paid with the company's cards show up here.
          </p>
        )
        : (
          <ul className="order-history" aria-label="The company's orders">
            {list.map((o) => (
              <CompanyOrderRow
                key={o.id}
                order={o}
                offline={offline}
                saved={saved.has(o.id)}
                fetchReceipt={fetchReceipt}
              />
            ))}
          </ul>
        )}
    </>
  );
}

function CompanyOrderRow(
  { order, offline, saved, fetchReceipt }: {
    order: UserOrderSummary;
    offline: boolean;
    saved: boolean;
    fetchReceipt: (orderId: number) => Promise<{ blob: Blob; filename: string }>;
  },
) {
  const o = order.attributes;
  const receipt = useAction(() => openReceipt(order.id, offline, fetchReceipt, saveFile));
  return (
    <li className="order-history-item" data-testid={`order-${o.number}`}>
      <div className="order-history-head">
        <strong>{o.number}</strong>
        <span>{STATUS_WORDS[o.status]}</span>
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
    </li>
  );
}
