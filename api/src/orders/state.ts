/**
 * An order's state, computed in this one place (decision 0061, issue 37): its status, or, for a paid order with
 * a line that ships, its fulfilment ("to ship" until marked shipped, then shipped, delivered). The orders list,
 * an order's page, the header search and the store notification's card all show this one word.
 */
export type ShippingState = "to_ship" | "shipped" | "delivered";
export type OrderState = "pending" | "completed" | "failed" | "cancelled" | ShippingState;

/** The fulfilment state: null unless the order is paid and holds a line that ships ("to ship" is not stored). */
export function shippingStateOf(
  o: { status: string; ships: boolean | number | null; shipping_status: string | null },
): ShippingState | null {
  if (!o.ships || o.status !== "completed") return null;
  return (o.shipping_status ?? "to_ship") as ShippingState;
}

/** The one state of an order: its fulfilment when it ships, else its status. */
export function orderStateOf(
  o: { status: string; ships: boolean | number | null; shipping_status: string | null },
): OrderState {
  return shippingStateOf(o) ?? o.status as OrderState;
}
