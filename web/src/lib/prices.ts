/**
 * The current prices (GET /api/prices), fetched once per page load and shared by every page that shows one.
 * Prices are settings on the server; no page may write a price as a literal.
 */
import type { Prices } from "@api/contract";
import { useEffect, useState } from "react";
import { api } from "./api.ts";

let prices: Promise<Prices> | undefined;

/** The prices, from one shared request; a failed request is retried by the next caller. */
export function loadPrices(): Promise<Prices> {
  prices ??= api<Prices>("/prices", { redirectOn401: false }).catch((error) => {
    prices = undefined;
    throw error;
  });
  return prices;
}

export type PricesState =
  | { status: "loading" }
  | { status: "ready"; prices: Prices }
  | { status: "error" };

/** The prices for a component: loading, then ready (or error). */
export function usePrices(): PricesState {
  const [state, setState] = useState<PricesState>({ status: "loading" });
  useEffect(() => {
    let live = true;
    loadPrices().then(
      (p) => live && setState({ status: "ready", prices: p }),
      () => live && setState({ status: "error" }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
