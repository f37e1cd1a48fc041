/**
 * The cart (public spec §3 "Cart item": id and quantity), and the only place the web touches localStorage.
 *
 * - It holds ids and quantities only, never prices: every screen prices it from the server's catalogue, and
 *   the server prices the order again (decision 0012).
 * - It belongs to the signed-in user: stored under `apca.cart.v1.user-<id>`, so two people sharing a browser
 *   never see each other's cart. It survives reloads, is loaded when a user signs in (the session signal), and
 *   is deleted when that user signs out (or the session ends with a 401, which also clears the signal).
 * - Another tab's change arrives through the `storage` event, so two open tabs show the same cart.
 * - A failed write (storage full or disabled) keeps the cart in memory and sets `cartNotSaved` for the UI.
 */
import type { PurchaseRequest } from "@api/contract";
import { computed, effect, signal } from "@preact/signals-react";
import { session } from "../../lib/session.ts";

/** A line of the purchase request: an item and how many. */
export type CartLine = PurchaseRequest["items"][number];

/** The server's limit per line (api/src/orders/schemas.ts MAX_QUANTITY). */
export const MAX_QUANTITY = 99;

const STORAGE_PREFIX = "apca.cart.v1.user-";

/** The localStorage key of one user's cart. */
export const cartStorageKey = (userId: number) => `${STORAGE_PREFIX}${userId}`;

/** The signed-in user's cart lines, in the order they were first added. */
export const cart = signal<CartLine[]>([]);

/** How many things are in the cart (the sum of quantities): the header link's count. */
export const cartCount = computed(() => cart.value.reduce((sum, line) => sum + line.quantity, 0));

/** True when the last change could not be written to storage: it will be lost on reload. */
export const cartNotSaved = signal(false);

/** A quantity the server accepts: a whole number from 1 to 99. */
export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return 1;
  return Math.min(MAX_QUANTITY, Math.max(1, Math.trunc(quantity)));
}

/**
 * Reads stored lines defensively (the value may be old, edited by hand or another app's): keeps well-formed
 * lines, merges repeated ids and clamps quantities.
 */
export function parseCart(raw: string | null): CartLine[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  let lines: CartLine[] = [];
  for (const entry of value) {
    const { id, quantity } = (entry ?? {}) as Partial<Record<string, unknown>>;
    if (typeof id !== "number" || !Number.isSafeInteger(id) || id <= 0) continue;
    if (typeof quantity !== "number" || !Number.isFinite(quantity) || quantity < 1) continue;
    lines = withAdded(lines, id, quantity);
  }
  return lines;
}

/** `lines` with `quantity` more of item `id` (a new line at the end), capped at 99. */
export function withAdded(lines: CartLine[], id: number, quantity: number): CartLine[] {
  const existing = lines.find((line) => line.id === id);
  if (!existing) return [...lines, { id, quantity: clampQuantity(quantity) }];
  return lines.map((line) =>
    line.id === id ? { id, quantity: clampQuantity(line.quantity + quantity) } : line
  );
}

/**
 * `lines` less what was bought: each purchased quantity is subtracted, and a line that reaches 0 leaves. So
 * anything added (in another tab) while the order was being paid stays in the cart.
 */
export function withoutPurchased(lines: CartLine[], purchased: CartLine[]): CartLine[] {
  const bought = new Map(purchased.map((line) => [line.id, line.quantity]));
  return lines
    .map((line) => ({ id: line.id, quantity: line.quantity - (bought.get(line.id) ?? 0) }))
    .filter((line) => line.quantity > 0);
}

export type PricedLine<Item> = CartLine & {
  item: Item;
  lineTotalCents: number;
};

/**
 * Prices the cart from the server's catalogue (`items` with their cost in cents): lines whose item is no longer
 * for sale are returned apart and count for nothing.
 */
export function priceCart<Item extends { id: number; attributes: { cost: number } }>(
  lines: CartLine[],
  items: Item[],
): { priced: PricedLine<Item>[]; unavailable: CartLine[]; totalCents: number } {
  const byId = new Map(items.map((item) => [item.id, item]));
  const priced: PricedLine<Item>[] = [];
  const unavailable: CartLine[] = [];
  for (const line of lines) {
    const item = byId.get(line.id);
    if (item) priced.push({ ...line, item, lineTotalCents: item.attributes.cost * line.quantity });
    else unavailable.push(line);
  }
  return { priced, unavailable, totalCents: priced.reduce((sum, line) => sum + line.lineTotalCents, 0) };
}

// ---- The signal's operations: each one changes the signal and stores it. ----

/** Adds `quantity` (default 1) of item `id`; a line already there grows, up to 99. */
export function addToCart(id: number, quantity = 1): void {
  commit(withAdded(cart.value, id, quantity));
}

/** Sets a line's quantity, kept within 1..99 (use `removeFromCart` to take it out). */
export function setQuantity(id: number, quantity: number): void {
  commit(cart.value.map((line) => line.id === id ? { id, quantity: clampQuantity(quantity) } : line));
}

export function removeFromCart(id: number): void {
  commit(cart.value.filter((line) => line.id !== id));
}

/** Takes what an order bought out of the cart (spec: on success purchased items leave the cart). */
export function clearPurchased(purchased: CartLine[]): void {
  commit(withoutPurchased(cart.value, purchased));
}

// ---- Storage, following the session. ----

/** Whose cart the signal holds (null: nobody is signed in, or not known yet). */
let owner: number | null = null;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // A browser with storage disabled throws on access.
  }
}

function commit(lines: CartLine[]): void {
  cart.value = lines;
  if (owner === null) return;
  try {
    const store = storage();
    if (!store) throw new Error("no storage");
    if (lines.length === 0) store.removeItem(cartStorageKey(owner));
    else store.setItem(cartStorageKey(owner), JSON.stringify(lines));
    cartNotSaved.value = false;
  } catch {
    cartNotSaved.value = true;
  }
}

function load(userId: number): CartLine[] {
  try {
    return parseCart(storage()?.getItem(cartStorageKey(userId)) ?? null);
  } catch {
    return [];
  }
}

effect(() => {
  const user = session.value;
  if (user === undefined) return; // Not asked yet: keep whatever is there until we know.
  const next = user?.user_id ?? null;
  if (next === owner) return;
  if (owner !== null && next === null) {
    // Signed out: the cart goes with the session.
    try {
      storage()?.removeItem(cartStorageKey(owner));
    } catch {
      // Nothing stored, or storage unavailable: nothing to delete.
    }
  }
  owner = next;
  cartNotSaved.value = false;
  cart.value = next === null ? [] : load(next);
});

globalThis.addEventListener?.("storage", (event: StorageEvent) => {
  if (owner !== null && event.key === cartStorageKey(owner)) cart.value = parseCart(event.newValue);
});
