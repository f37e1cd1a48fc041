/** An order's state as a chip: its status, or the fulfilment of a paid order that ships (decision 0061). */
import { Chip } from "../../components/chip.tsx";
import { ORDER_STATUS_LABELS } from "./api.ts";

export function OrderStateChip({ status, shipping }: { status: string; shipping: string | null }) {
  const state = shipping ?? status;
  const tone = state === "failed"
    ? "danger"
    : state === "to_ship"
    ? "warning"
    : state === "completed" || state === "delivered" || state === "shipped"
    ? "success"
    : "neutral";
  return <Chip tone={tone}>{ORDER_STATUS_LABELS[state] ?? state}</Chip>;
}
