/**
 * The receipt of every paid order (issue 25, decision 0063): an e-mail through the one mail outbox with the
 * receipt PDF attached, and the same PDF for the member's and the company's order history.
 *
 * Every charge goes through pay.ts, which calls `sendReceipt` once the payment is committed (membership start
 * and renewal, employee memberships, store orders, the compliance kit, manual charges). One receipt per order:
 * the sender first claims the order (orders.receipt_sent_at set while null), so a retried request, a replayed
 * key, reconciliation and the sweep find it told. A send that fails gives the claim back; the `orders.receipts`
 * job sweeps paid orders still untold (say, the process died between the payment and the mail).
 */
import { type Config, sellerAddressLines } from "../config.ts";
import type { Deps } from "../lib/context.ts";
import { officeDay } from "../lib/dates.ts";
import { notFound } from "../lib/errors.ts";
import { requireOwnedCompany } from "../payment-methods/company.ts";
import { DAY, type JobHandler } from "../lib/jobs.ts";
import {
  buyer,
  claimReceipt,
  findOrder,
  orderBusinessId,
  receiptNote,
  releaseReceipt,
  untoldOrders,
} from "./queries.ts";
import { dollars, receiptFilename, renderReceiptPdf } from "./receipt-pdf.ts";

export const RECEIPTS_QUEUE = "orders.receipts";
/** The sweep looks this far back: older untold orders predate receipts or are beyond telling. */
const SWEEP_WINDOW_MS = 7 * DAY;

type OrderRecord = NonNullable<Awaited<ReturnType<typeof findOrder>>>;
type Order = OrderRecord["attributes"];

const KIND_WORDS: Record<Order["kind"], string> = {
  store: "store order",
  membership: "membership",
  compliance_kit: "compliance kit",
};

/** How it was paid, as the receipt says it. */
export function paidWith(
  order: Pick<Order, "payment_type" | "payment_medium" | "payment_date" | "card_brand" | "card_last4">,
) {
  if (order.payment_type === "manual") {
    return `${order.payment_medium ?? "Manual payment"}${
      order.payment_date ? ` on ${order.payment_date}` : ""
    }`;
  }
  if (order.card_last4) return `${order.card_brand ?? "Card"} ending ${order.card_last4}`;
  return "Card";
}

async function receiptDocument(deps: Pick<Deps, "database" | "config">, found: OrderRecord) {
  const order = found.attributes;
  const userId = found.relationships.user.data?.id;
  const who = userId === undefined ? undefined : await buyer(deps.database.db, userId);
  if (!who) return undefined;
  const paidAt = new Date(order.completed_at ?? order.created_at);
  const note = await receiptNote(deps.database.db, found.id);
  const pdf = await renderReceiptPdf({
    number: order.number,
    paidOn: officeDay(paidAt, deps.config.officeTimeZone),
    paidAt,
    buyer: { name: `${who.first_name} ${who.last_name}`, email: who.email },
    seller: seller(deps.config),
    lines: order.items.map((l) => ({ name: l.name, cost_cents: l.cost, quantity: l.quantity })),
    total_cents: order.total_cents,
    paidWith: paidWith(order),
    cancelled: order.status === "cancelled",
    note,
  });
  return { pdf, who, note };
}

const seller = (config: Pick<Config, "sellerAddress" | "officeEmail" | "officePhone" | "publicUrl">) => ({
  name: "APCA - Maritime DOT/USCG Drug-Testing Consortium",
  address: sellerAddressLines(config),
  email: config.officeEmail,
  phone: config.officePhone,
  site: config.publicUrl.replace(/^https?:\/\//, ""),
});

/**
 * Mails the receipt of a paid order unless it was mailed already; answers whether this call sent it. A failure
 * to hand it to the outbox releases the claim and throws (the sweep tries again).
 */
export async function sendReceipt(
  deps: Pick<Deps, "database" | "config" | "mailer" | "now">,
  orderId: number,
) {
  const { db } = deps.database;
  const found = await findOrder(db, { id: orderId });
  if (!found || found.attributes.status !== "completed") return false;
  const order = found.attributes;
  const claimedAt = deps.now();
  if (!await claimReceipt(db, orderId, claimedAt)) return false;
  try {
    const doc = await receiptDocument(deps, found);
    if (!doc) return false;
    const url = deps.config.publicUrl;
    const lines = order.items.map((l) =>
      `  ${l.name}${l.quantity > 1 ? ` x ${l.quantity}` : ""}: ${dollars(l.cost * l.quantity)}`
    );
    await deps.mailer.send({
      to: doc.who.email,
      subject: `Your APCA receipt for order ${order.number}`,
      text: `Hello ${doc.who.first_name},\n\n` +
        `Thank you for your payment. This is your receipt for ${
          KIND_WORDS[order.kind]
        } order ${order.number}.\n\n` +
        `${lines.join("\n")}\n  Total paid: ${dollars(order.total_cents)}\n  Paid with: ${
          paidWith(order)
        }\n\n` +
        (doc.note ? `${doc.note}\n\n` : "") +
        `The receipt is attached as a PDF. Your orders and their receipts are at ${url}/app/account/orders.\n\n` +
        "APCA",
      attachments: [{
        filename: receiptFilename(order.number),
        content_type: "application/pdf",
        content: doc.pdf,
      }],
    });
    return true;
  } catch (error) {
    await releaseReceipt(db, orderId, claimedAt);
    throw error;
  }
}

/** After a payment is committed: the receipt, best effort (the sweep sends what this could not). */
export async function tellPaid(deps: Pick<Deps, "database" | "config" | "mailer" | "now">, orderId: number) {
  try {
    await sendReceipt(deps, orderId);
  } catch (error) {
    console.error(JSON.stringify({ level: "error", event: "receipt", order: orderId, error: String(error) }));
  }
}

/** The sweep: receipts of paid orders that are still untold; answers how many it sent. */
export async function sendDueReceipts(deps: Pick<Deps, "database" | "config" | "mailer" | "now">) {
  const since = new Date(deps.now().getTime() - SWEEP_WINDOW_MS);
  let sent = 0;
  for (const id of await untoldOrders(deps.database.db, since, 100)) {
    if (await sendReceipt(deps, id)) sent++;
  }
  return sent;
}

export const sendReceiptsJob: JobHandler<Deps> = async (_payload, { deps }) => {
  await sendDueReceipts(deps);
};

/** The receipt PDF of one of a company's orders, for its owner (its DER) or an administrator; 404 otherwise. */
export async function companyReceiptPdf(
  deps: Pick<Deps, "database" | "config">,
  viewer: { user_id: number; is_admin: boolean },
  businessId: number,
  orderId: number,
) {
  await requireOwnedCompany(deps.database.db, viewer, businessId);
  return await receiptPdf(deps, orderId, { businessId });
}

/**
 * The receipt PDF of one order: a member's own (`ownerId`) or one of a company's (`businessId`); 404 for any
 * other, and for an order that was never paid.
 */
export async function receiptPdf(
  deps: Pick<Deps, "database" | "config">,
  orderId: number,
  scope: { ownerId: number } | { businessId: number },
) {
  const { db } = deps.database;
  const found = await findOrder(db, { id: orderId }, "ownerId" in scope ? scope.ownerId : undefined);
  const status = found?.attributes.status;
  if (
    !found || !(status === "completed" || status === "cancelled") ||
    ("businessId" in scope && await orderBusinessId(db, orderId) !== scope.businessId)
  ) throw notFound("Order");
  const doc = await receiptDocument(deps, found);
  if (!doc) throw notFound("Order");
  return { filename: receiptFilename(found.attributes.number), pdf: doc.pdf };
}
