/**
 * The current prices (GET /api/prices), fetched once per page load and shared by every page that shows one.
 * Prices are settings on the server; no page may write a price as a literal.
 */
import type { Prices } from "@api/contract";
import { call } from "../../lib/typed-api.ts";
import { useResource } from "../../lib/use-resource.ts";

let prices: Promise<Prices> | undefined;

/** The prices, from one shared request; a failed request is retried by the next caller. */
export function loadPrices(): Promise<Prices> {
  prices ??= call("/prices").GET({ redirectOn401: false }).catch((error) => {
    prices = undefined;
    throw error;
  });
  return prices;
}

/** Forgets the shared answer, so the next reader asks again (after an administrator changed a price). */
export function forgetPrices(): void {
  prices = undefined;
}

export type PricesState =
  | { status: "loading" }
  | { status: "ready"; prices: Prices }
  | { status: "error" };

/** The cache key of the prices (lib/use-resource.ts). */
export const PRICES_KEY = ["prices"] as const;

/** The prices for a component: loading, then ready (or error). */
export function usePrices(): PricesState {
  const prices = useResource(PRICES_KEY, () => loadPrices());
  return prices.data
    ? { status: "ready", prices: prices.data }
    : prices.error
    ? { status: "error" }
    : { status: "loading" };
}
