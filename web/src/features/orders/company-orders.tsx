/**
 * The business page's Orders tab for its DER (issue 25, decision 0063): the company's paid orders (employee
 * memberships on its cards, its compliance kit), each with its receipt PDF. Online only: the device keeps the
 * member's own orders, not a company's.
 */
import type { UserOrderSummary } from "@api/contract";
import { Button } from "../../components/button.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { formatMoney } from "../../lib/money.ts";
import { saveFile } from "../../lib/save-file.ts";
import { useAction } from "../../lib/use-action.ts";
import { useResource } from "../../lib/use-resource.ts";
import {
  companyOrdersKey,
  fetchCompanyOrders,
  fetchCompanyReceipt,
  KIND_WORDS,
  STATUS_WORDS,
} from "./history.ts";
import "./orders.css";

export function CompanyOrders({ businessId }: { businessId: number }) {
  const id = String(businessId);
  const orders = useResource(companyOrdersKey(id), (signal) => fetchCompanyOrders(id, signal));
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
  if (list.length === 0) {
    return (
      <p className="empty-state">No orders yet. Memberships paid with the company's cards show up here.</p>
    );
  }
  return (
    <ul className="order-history" aria-label="The company's orders">
      {list.map((o) => <CompanyOrderRow key={o.id} businessId={id} order={o} />)}
    </ul>
  );
}

function CompanyOrderRow({ businessId, order }: { businessId: string; order: UserOrderSummary }) {
  const o = order.attributes;
  const receipt = useAction(async () => {
    const file = await fetchCompanyReceipt(businessId, order.id);
    saveFile(file.blob, file.filename);
  });
  return (
    <li className="order-history-item">
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
      </div>
    </li>
  );
}
