/**
 * The store's calls: the catalogue (api/src/store), checkout and the buyer's own order (api/src/orders).
 * Every amount is integer cents; prices shown anywhere come from these answers, never from the cart.
 */
import type { Order, PurchaseAnswer, PurchaseRequest, StoreItem } from "@api/contract";
import { call } from "../../lib/typed-api.ts";

/** Spec §8 success toast, used when the server's answer carries no message. */
export const PURCHASED_MESSAGE = "Your transaction was processed successfully";
export const ADDED_MESSAGE = "Added to cart";

/** The catalogue's cache key; an item is `[...STORE_ITEMS_KEY, id]`. */
export const STORE_ITEMS_KEY = ["store", "items"] as const;

export async function fetchItems(signal?: AbortSignal): Promise<StoreItem[]> {
  const { data } = await call("/store/items").GET({ signal });
  return data;
}

export async function fetchItem(id: string, signal?: AbortSignal): Promise<StoreItem> {
  const { data } = await call("/store/items/{id}").GET({ params: { id }, signal });
  return data;
}

/**
 * Checkout (`POST /auth/account/order/purchase`). `key` is the attempt's Idempotency-Key: the same key replays
 * the first answer instead of charging again. A decline is an ApiError with status 402 and the processor's text.
 */
export function purchase(payload: PurchaseRequest, key: string): Promise<PurchaseAnswer> {
  return call("/auth/account/order/purchase").POST({ body: payload, headers: { "Idempotency-Key": key } });
}

/** One of the caller's own orders by its number (the thank-you page's ?order=); 404 for anyone else's. */
export async function fetchOrderByNumber(number: string, signal?: AbortSignal): Promise<Order> {
  const { data } = await call("/auth/account/orders/by-number/{number}").GET({ params: { number }, signal });
  return data;
}
