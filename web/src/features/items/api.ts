/** The administrators' store items (admin spec §2 /app/admin/items; §3 Store item: cost in cents). */
import type { AdminItemAnswer, AdminItemPageAnswer, ItemRequest, RetireItemAnswer } from "@api/contract";
import { api } from "../../lib/api.ts";

export const itemsKey = ["admin-items"];
export const itemKey = (id: string) => ["admin-items", id];

export const fetchItems = (page: number, signal: AbortSignal) =>
  api<AdminItemPageAnswer>(`/auth/items?page=${page}&per_page=20&sort_by=sort_order&sort_dir=asc`, {
    signal,
  });

export const fetchItem = (id: string, signal: AbortSignal) =>
  api<AdminItemAnswer>(`/auth/items/${id}`, { signal }).then((a) => a.data);

export const createItem = (body: ItemRequest) =>
  api<AdminItemAnswer>("/auth/items", { body }).then((a) => a.data);

export const updateItem = (id: string, body: ItemRequest) =>
  api<AdminItemAnswer>(`/auth/items/${id}`, { method: "PUT", body }).then((a) => a.data);

export const retireItem = (id: string) => api<RetireItemAnswer>(`/auth/items/${id}`, { method: "DELETE" });

/** "12.50" → 1250; anything else → null. */
export function dollarsToCents(text: string): number | null {
  const m = /^\s*\$?(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
}
