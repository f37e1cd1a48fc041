/**
 * Refunds of an order's card charge, whole or in parts (issue 37, decision 0081), through the one payments
 * adapter (decision 0018): never more than what is left of the charge, and one refund per key (the processor
 * answers a repeated key with the refund it made, and `order_refunds.idempotency_key` records it once). The
 * caller (memberships/refund.ts) decides what a refund does to what the order bought, in its own transaction,
 * and sends the refund receipt (an e-mail with a PDF, like decision 0063's receipts) after its commit.
 */
import { sellerAddressLines } from "../config.ts";
import { IdempotencyKeyReusedError, PaymentsUnavailableError } from "../integrations/payments/payments.ts";
import type { Deps } from "../lib/context.ts";
import { officeDay } from "../lib/dates.ts";
import { AppError } from "../lib/errors.ts";
import {
  buyer,
  claimRefundReceipt,
  findOrder,
  insertRefund,
  orderForRefund,
  refundsOf,
  releaseRefundReceipt,
} from "./queries.ts";
import { dollars } from "./receipt-pdf.ts";
import { paidWith } from "./paid-with.ts";
import { renderRefundPdf } from "./refund-pdf.ts";

export { insertRefund };

export const REFUND_MESSAGES = {
  notCard: "This charge was not made by card through the portal: refund it where it was paid.",
  notPaid: "Only a paid order's charge can be refunded.",
  nothingLeft: "This charge has been refunded in full.",
  tooMuch: (left: number) => `The amount cannot be more than ${dollars(left)}, what is left to refund.`,
  unavailable: "The payment processor could not be reached. Nothing was refunded; please try again.",
} as const;

/** The order's charge and its refunds: how much was charged, refunded, and is left to refund. */
export async function refundState(deps: Pick<Deps, "database">, orderId: number) {
  const { db } = deps.database;
  const order = await orderForRefund(db, orderId);
  if (!order) return null;
  const refunds = await refundsOf(db, orderId);
  const refunded = refunds.reduce((sum, r) => sum + r.amount_cents, 0);
  const refusal = order.payment_type !== "card" || !order.processor_charge_id
    ? REFUND_MESSAGES.notCard
    : !(order.status === "completed" || order.status === "cancelled")
    ? REFUND_MESSAGES.notPaid
    : refunded >= order.total_cents
    ? REFUND_MESSAGES.nothingLeft
    : null;
  return {
    order,
    refunds,
    charged_cents: order.total_cents,
    refunded_cents: refunded,
    refundable_cents: refusal === null ? order.total_cents - refunded : 0,
    refusal,
  };
}

export type RefundState = NonNullable<Awaited<ReturnType<typeof refundState>>>;

/**
 * Refunds `amountCents` of the order's charge at the processor with `key`; answers the processor's refund id.
 * Checks the amount against what is left first (422), the processor's refusal is 402 with its words, and an
 * unreachable processor 502 (nothing recorded; the same key retried is safe).
 */
export async function refundAtProcessor(
  deps: Pick<Deps, "payments">,
  state: RefundState,
  amountCents: number,
  key: string,
): Promise<string> {
  const earlier = state.refunds.find((r) => r.idempotency_key === key);
  if (earlier) return earlier.processor_refund_id;
  if (state.refusal) throw new AppError("CONFLICT", state.refusal);
  if (amountCents > state.refundable_cents) {
    const message = REFUND_MESSAGES.tooMuch(state.refundable_cents);
    throw new AppError("VALIDATION_FAILED", message, [{ path: "amount_cents", message }]);
  }
  try {
    const answer = await deps.payments.refund({
      charge_id: state.order.processor_charge_id!,
      amount_cents: amountCents,
      idempotency_key: key,
    });
    if (!answer.ok) throw new AppError("PAYMENT_DECLINED", answer.message);
    return answer.refund_id;
  } catch (error) {
    if (error instanceof PaymentsUnavailableError) {
      throw new AppError("PAYMENT_FAILED", REFUND_MESSAGES.unavailable);
    }
    if (error instanceof IdempotencyKeyReusedError) {
      throw new AppError(
        "IDEMPOTENCY_KEY_REUSED",
        "This Idempotency-Key was already used with a different request.",
      );
    }
    throw error;
  }
}

/**
 * Mails the refund's receipt to the order's buyer unless it was mailed already (claimed once); answers whether
 * this call sent it. Best effort: a failure is logged and the claim given back.
 */
export async function sendRefundReceipt(
  deps: Pick<Deps, "database" | "config" | "mailer" | "now">,
  orderId: number,
  refundId: number,
  term: string,
) {
  const { db } = deps.database;
  const claimedAt = deps.now();
  if (!await claimRefundReceipt(db, refundId, claimedAt)) return false;
  try {
    const found = await findOrder(db, { id: orderId });
    const state = await refundState(deps, orderId);
    const userId = found?.relationships.user.data?.id;
    const who = userId === undefined ? undefined : await buyer(db, userId);
    const refund = state?.refunds.find((r) => r.id === refundId);
    if (!found || !state || !who || !refund) return false;
    const order = found.attributes;
    const refundedOn = officeDay(refund.created_at, deps.config.officeTimeZone);
    const card = paidWith(order);
    const pdf = await renderRefundPdf({
      number: order.number,
      refundedOn,
      refundedAt: refund.created_at,
      buyer: { name: `${who.first_name} ${who.last_name}`, email: who.email },
      seller: {
        name: "APCA - Maritime DOT/USCG Drug-Testing Consortium",
        address: sellerAddressLines(deps.config),
        email: deps.config.officeEmail,
        phone: deps.config.officePhone,
        site: deps.config.publicUrl.replace(/^https?:\/\//, ""),
      },
      amount_cents: refund.amount_cents,
      charged_cents: state.charged_cents,
      refunded_cents: state.refunded_cents,
      refundedTo: card,
      term,
    });
    await deps.mailer.send({
      to: who.email,
      subject: `Your APCA refund for order ${order.number}`,
      text: `Hello ${who.first_name},\n\n` +
        `We have refunded ${dollars(refund.amount_cents)} of order ${order.number} to ${card}. ` +
        "It may take 5 to 10 business days to appear on your statement.\n\n" +
        `  Charged: ${dollars(state.charged_cents)}\n  Refunded in all: ${
          dollars(state.refunded_cents)
        }\n\n` +
        `${term}\n\nThe refund receipt is attached as a PDF.\n\nAPCA`,
      attachments: [{
        filename: `refund-${order.number}-${refund.id}.pdf`,
        content_type: "application/pdf",
        content: pdf,
      }],
    });
    return true;
  } catch (error) {
    await releaseRefundReceipt(db, refundId, claimedAt);
    console.error(
      JSON.stringify({ level: "error", event: "refund_receipt", refund: refundId, error: String(error) }),
    );
    return false;
  }
}
