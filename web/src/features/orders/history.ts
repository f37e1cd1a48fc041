/**
 * The member's order history (/app/account/orders) and a company's orders for its DER: the lists and the
 * receipt PDFs (decision 0063). The member's own list and receipts are kept on the device for offline use.
 */
import type { UserOrderPageAnswer } from "@api/contract";
import { call, callFile } from "../../lib/typed-api.ts";

export const MY_ORDERS_KEY = ["my-orders"];
export const companyOrdersKey = (businessId: string) => ["company-orders", businessId];

export const fetchMyOrders = (signal: AbortSignal): Promise<UserOrderPageAnswer> =>
  call("/auth/account/orders").GET({ query: { per_page: 100 }, signal });

export async function fetchMyReceipt(orderId: number): Promise<{ blob: Blob; filename: string }> {
  const file = await callFile("/auth/account/receipts/{id}").GET({ params: { id: String(orderId) } });
  return { blob: file.blob, filename: file.filename ?? `receipt-${orderId}.pdf` };
}

export const fetchCompanyOrders = (businessId: string, signal: AbortSignal): Promise<UserOrderPageAnswer> =>
  call("/auth/business/{id}/orders").GET({ params: { id: businessId }, query: { per_page: 100 }, signal });

export async function fetchCompanyReceipt(businessId: string, orderId: number) {
  const file = await callFile("/auth/business/{id}/orders/{orderId}/receipt").GET({
    params: { id: businessId, orderId: String(orderId) },
  });
  return { blob: file.blob, filename: file.filename ?? `receipt-${orderId}.pdf` };
}

/** Words for an order's kind and status, as the lists show them. */
export const KIND_WORDS = {
  store: "Store order",
  membership: "Membership",
  compliance_kit: "Compliance kit",
};
export const STATUS_WORDS = {
  completed: "Paid",
  cancelled: "Cancelled and refunded",
  failed: "Declined",
  pending: "Processing",
};
