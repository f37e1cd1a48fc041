/**
 * The store's calls: the catalogue (api/src/store), checkout and the buyer's own order (api/src/orders).
 * Every amount is integer cents; prices shown anywhere come from these answers, never from the cart.
 */
import { api } from "../../lib/api.ts";
import type { CartLine } from "./cart.ts";

/** `GET /api/store/items` record (api/src/store/schemas.ts StoreItemRecord). */
export interface StoreItem {
  id: number;
  type: "store_item";
  attributes: { name: string; description: string | null; cost: number };
}

export interface OrderItem {
  id: number;
  item_id: number | null;
  /** The item's name when it was bought. */
  name: string;
  /** Price of one when it was bought, in cents. */
  cost: number;
  quantity: number;
}

/** The order record (api/src/orders/schemas.ts OrderRecord); the fields these screens use. */
export interface Order {
  id: number;
  type: "order";
  attributes: {
    number: string;
    status: "pending" | "completed" | "failed" | "cancelled";
    total_cents: number;
    card_brand: string | null;
    card_last4: string | null;
    created_at: string;
    completed_at: string | null;
    items: OrderItem[];
  };
}

/** Spec §8 success toast, used when the server's answer carries no message. */
export const PURCHASED_MESSAGE = "Your transaction was processed successfully";
export const ADDED_MESSAGE = "Added to cart";

export async function fetchItems(signal?: AbortSignal): Promise<StoreItem[]> {
  const { data } = await api<{ data: StoreItem[] }>("/store/items", { signal });
  return data;
}

export async function fetchItem(id: string, signal?: AbortSignal): Promise<StoreItem> {
  const { data } = await api<{ data: StoreItem }>(`/store/items/${encodeURIComponent(id)}`, { signal });
  return data;
}

export interface PurchasePayload {
  payment_method_id: number;
  items: CartLine[];
}

/**
 * Checkout (`POST /auth/account/order/purchase`). `key` is the attempt's Idempotency-Key: the same key replays
 * the first answer instead of charging again. A decline is an ApiError with status 402 and the processor's text.
 */
export function purchase(payload: PurchasePayload, key: string): Promise<{ data: Order; message?: string }> {
  return api("/auth/account/order/purchase", { body: payload, headers: { "Idempotency-Key": key } });
}

/** One of the caller's own orders by its number (the thank-you page's ?order=); 404 for anyone else's. */
export async function fetchOrderByNumber(number: string, signal?: AbortSignal): Promise<Order> {
  const { data } = await api<{ data: Order }>(
    `/auth/account/orders/by-number/${encodeURIComponent(number)}`,
    { signal },
  );
  return data;
}
