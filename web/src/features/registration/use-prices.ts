import { formatMoney } from "../../lib/money.ts";
import type { Prices } from "@api/contract";
import { usePrices as useServerPrices } from "../settings/prices.ts";

/** The server's prices as display text ('…' while loading, 'price unavailable' when the call failed). */
export function usePrices(): Record<keyof Prices, string> {
  const state = useServerPrices();
  const show = (key: keyof Prices) =>
    state.status === "loading"
      ? "…"
      : state.status === "error"
      ? "price unavailable"
      : formatMoney(state.prices[key]);
  return {
    annual_new_cents: show("annual_new_cents"),
    annual_renewal_cents: show("annual_renewal_cents"),
    one_time_cents: show("one_time_cents"),
    compliance_kit_cents: show("compliance_kit_cents"),
  };
}
