/**
 * The `orders.reconcile` job (background.ts, every minute): settles the card orders a crashed process left
 * `pending` (pay.ts writes the order before it calls the processor). An order nobody has tried to charge for
 * the grace period (config.recovery.reconcileGraceMs, longer than any request takes) is settled against the
 * processor's answer to "what happened to key K": a charge that succeeded completes the order and delivers
 * what it bought; a declined one fails it; no charge at all fails it as abandoned (nothing was taken). It never
 * charges: only a client that still wants the purchase (its retry with the same key) does. When the processor
 * cannot tell yet, the order stays pending for the next run.
 */
import type { Deps } from "../lib/context.ts";
import type { JobHandler } from "../lib/jobs.ts";
import { PaymentsUnavailableError } from "../integrations/payments/payments.ts";
import { type AnyFulfilment, PAYMENT_MESSAGES, settle } from "./pay.ts";
import { stalePendingOrders } from "./queries.ts";

export const RECONCILE_QUEUE = "orders.reconcile";
/** Orders one run looks at; the rest wait for the next run. */
const BATCH = 100;

export interface Reconciled {
  completed: number;
  failed: number;
  /** Still pending: the processor could not tell, or another settler was quicker. */
  left: number;
}

/** Settles the stale pending orders; `fulfilments` are every kind an order may buy (background.ts). */
export async function reconcileOrders(
  deps: Pick<Deps, "config" | "database" | "now" | "mailer" | "payments">,
  fulfilments: AnyFulfilment[],
): Promise<Reconciled> {
  const byKind = new Map(fulfilments.map((f) => [f.kind, f]));
  const untriedSince = new Date(deps.now().getTime() - deps.config.recovery.reconcileGraceMs);
  const counts: Reconciled = { completed: 0, failed: 0, left: 0 };
  for (const order of await stalePendingOrders(deps.database.db, untriedSince, BATCH)) {
    const kind = (order.fulfilment as { kind?: string } | null)?.kind ?? "";
    const fulfilment = byKind.get(kind);
    if (!fulfilment || !order.processor_key) {
      console.error(JSON.stringify({ level: "error", event: "reconcile_unknown", order: order.id, kind }));
      counts.left++;
      continue;
    }
    let found;
    try {
      found = await deps.payments.lookupCharge(order.processor_key);
    } catch (error) {
      if (!(error instanceof PaymentsUnavailableError)) throw error;
      counts.left++;
      continue;
    }
    const result = found ?? { ok: false as const, code: "abandoned", message: PAYMENT_MESSAGES.abandoned };
    if (await settle(deps, order.id, result, fulfilment, untriedSince)) {
      counts[result.ok ? "completed" : "failed"]++;
      console.log(JSON.stringify({
        level: "info",
        event: "order_reconciled",
        order: order.id,
        outcome: result.ok ? "completed" : result.code,
      }));
    } else counts.left++;
  }
  return counts;
}

export const reconcileJob =
  (fulfilments: AnyFulfilment[]): JobHandler<Deps> => async (_payload, { deps }) => {
    await reconcileOrders(deps, fulfilments);
  };
