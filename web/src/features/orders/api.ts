/**
 * The administrators' orders (admin spec §2 "Manually Process Order", /app/admin/orders/{id}): the order's
 * detail and its cancellation with a refund, and a manual order's cart, kept per user in sessionStorage between
 * /order and /order/checkout.
 */
import type {
  AdminItemPageAnswer,
  AdminPurchaseRequest,
  CancelOrderAnswer,
  Order,
  OrderListAnswer,
  PurchaseAnswer,
  ShippingChangeAnswer,
  ShipRequest,
} from "@api/contract";
import { call } from "../../lib/typed-api.ts";

export const orderKey = (id: string) => ["admin-order", id];

export const fetchOrder = (id: string, signal: AbortSignal): Promise<Order> =>
  call("/auth/orders/{id}").GET({ params: { id }, signal }).then((a) => a.data);

export const ORDERS_KEY = ["admin-orders"];

export interface OrderFilter {
  page: number;
  q: string;
  status: string;
  kind: string;
  paidBy: string;
  from: string;
  to: string;
}

export const ORDER_STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  completed: "Completed",
  failed: "Failed",
  cancelled: "Cancelled",
  to_ship: "To ship",
  shipped: "Shipped",
  delivered: "Delivered",
};

export const fetchOrders = (f: OrderFilter, signal: AbortSignal): Promise<OrderListAnswer> =>
  call("/auth/orders").GET({
    query: {
      page: f.page,
      per_page: 20,
      sort_by: "created_at",
      sort_dir: "desc",
      q: f.q || undefined,
      status: (f.status || undefined) as never,
      kind: (f.kind || undefined) as never,
      paid_by: (f.paidBy || undefined) as never,
      from: f.from || undefined,
      to: f.to || undefined,
    },
    signal,
  });

export const shipOrder = (id: string, body: ShipRequest): Promise<ShippingChangeAnswer> =>
  call("/auth/orders/{id}/shipment").POST({ params: { id }, body });

export const deliverOrder = (id: string): Promise<ShippingChangeAnswer> =>
  call("/auth/orders/{id}/delivered").POST({ params: { id } });

export const cancelOrder = (id: string): Promise<CancelOrderAnswer> =>
  call("/auth/orders/{id}/cancel").POST({ params: { id } });

export const fetchActiveItems = (signal: AbortSignal): Promise<AdminItemPageAnswer> =>
  call("/auth/items").GET({
    query: { active: "true", per_page: 100, sort_by: "sort_order", sort_dir: "asc" },
    signal,
  });

export const purchaseFor = (
  userId: string,
  body: AdminPurchaseRequest,
  key: string,
): Promise<PurchaseAnswer> =>
  call("/auth/user/{id}/order/purchase").POST({
    params: { id: userId },
    body,
    headers: { "Idempotency-Key": key },
  });

/** item id → quantity */
export type Cart = Record<string, number>;

const cartName = (userId: string) => `admin-order-cart:${userId}`;

export function readCart(userId: string): Cart {
  try {
    return JSON.parse(sessionStorage.getItem(cartName(userId)) ?? "{}") as Cart;
  } catch {
    return {};
  }
}

export function writeCart(userId: string, cart: Cart): void {
  sessionStorage.setItem(cartName(userId), JSON.stringify(cart));
}

/** The first message of a parsed error (admin spec §8 "Checkout failure"). */
export function firstMessage(error: unknown): string {
  const issues = (error as { issues?: { message: string }[] })?.issues;
  if (issues && issues.length > 0) return issues[0].message;
  return error instanceof Error && error.message ? error.message : "Something went wrong. Please try again.";
}
