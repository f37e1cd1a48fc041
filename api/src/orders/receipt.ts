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
  billedCompany,
  buyer,
  claimReceipt,
  findOrder,
  orderBusinessId,
  orderParties,
  receiptNote,
  releaseReceipt,
  untoldOrders,
} from "./queries.ts";
import { paidWith } from "./paid-with.ts";
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

/**
 * The receipt of one order and whom it is mailed to: the member who bought it, or, for a company's charge (an
 * employee's membership on the company's card, its compliance kit), the company billed, and the mail goes to
 * whoever paid for it (the DER, issue 37).
 */
async function receiptDocument(deps: Pick<Deps, "database" | "config">, found: OrderRecord) {
  const { db } = deps.database;
  const order = found.attributes;
  const userId = found.relationships.user.data?.id;
  const member = userId === undefined ? undefined : await buyer(db, userId);
  const parties = await orderParties(db, found.id);
  const billed = parties?.business_id
    ? await billedCompany(db, parties.business_id, parties.created_by_user_id)
    : undefined;
  const who = billed?.payer ?? member;
  if (!who) return undefined;
  const paidAt = new Date(order.completed_at ?? order.created_at);
  const note = await receiptNote(db, found.id);
  const company = billed && {
    id: parties!.business_id!,
    name: billed.company.name,
    address: companyAddress(billed.company),
    // Whom a membership is for (an employee); a compliance kit is the company's own.
    member: member && order.kind === "membership" ? `${member.first_name} ${member.last_name}` : null,
  };
  const pdf = await renderReceiptPdf({
    number: order.number,
    paidOn: officeDay(paidAt, deps.config.officeTimeZone),
    paidAt,
    buyer: { name: `${who.first_name} ${who.last_name}`, email: who.email },
    company,
    seller: receiptSeller(deps.config),
    lines: order.items.map((l) => ({ name: l.name, cost_cents: l.cost, quantity: l.quantity })),
    total_cents: order.total_cents,
    paidWith: paidWith(order),
    cancelled: order.status === "cancelled",
    note,
  });
  return { pdf, who, note, company };
}

/** A company's postal address as receipt lines ("400 Harbor Drive", "Houma, LA 70360"). */
function companyAddress(
  c: {
    address_one: string | null;
    address_two: string | null;
    city: string | null;
    state: string | null;
    postal_code: string | null;
  },
): string[] {
  const place = [c.city, [c.state, c.postal_code].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [c.address_one, c.address_two, place].filter((line): line is string => Boolean(line));
}

/** The seller as every receipt (and the consent PDF, consents/pdf.ts) heads it. */
export const receiptSeller = (
  config: Pick<Config, "sellerAddress" | "officeEmail" | "officePhone" | "publicUrl">,
) => ({
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
    const company = doc.company;
    const whose = company
      ? `${company.name}'s receipt for ${KIND_WORDS[order.kind]} order ${order.number}${
        company.member ? ` (for ${company.member})` : ""
      }`
      : `your receipt for ${KIND_WORDS[order.kind]} order ${order.number}`;
    const where = company
      ? `The company's orders and their receipts are at ${url}/app/member/businesses/${company.id}?tab=orders.`
      : `Your orders and their receipts are at ${url}/app/account/orders.`;
    await deps.mailer.send({
      to: doc.who.email,
      subject: `Your APCA receipt for order ${order.number}`,
      text: `Hello ${doc.who.first_name},\n\n` +
        `Thank you for your payment. This is ${whose}.\n\n` +
        (company ? `  Billed to: ${company.name}\n` : "") +
        `${lines.join("\n")}\n  Total paid: ${dollars(order.total_cents)}\n  Paid with: ${
          paidWith(order)
        }\n\n` +
        (doc.note ? `${doc.note}\n\n` : "") +
        `The receipt is attached as a PDF. ${where}\n\n` +
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
