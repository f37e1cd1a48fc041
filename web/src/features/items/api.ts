/** The administrators' store items (admin spec §2 /app/admin/items; §3 Store item: cost in cents). */
import type { AdminItemAnswer, AdminItemPageAnswer, ItemRequest, RetireItemAnswer } from "@api/contract";
import { call } from "../../lib/typed-api.ts";

export const itemsKey = ["admin-items"];
export const itemKey = (id: string) => ["admin-items", id];

export const fetchItems = (page: number, signal: AbortSignal): Promise<AdminItemPageAnswer> =>
  call("/auth/items").GET({
    query: { page, per_page: 20, sort_by: "sort_order", sort_dir: "asc" },
    signal,
  });

export const fetchItem = (id: string, signal: AbortSignal): Promise<AdminItemAnswer["data"]> =>
  call("/auth/items/{id}").GET({ params: { id }, signal }).then((a) => a.data);

export const createItem = (body: ItemRequest): Promise<AdminItemAnswer["data"]> =>
  call("/auth/items").POST({ body }).then((a) => a.data);

export const updateItem = (id: string, body: ItemRequest): Promise<AdminItemAnswer["data"]> =>
  call("/auth/items/{id}").PUT({ params: { id }, body }).then((a) => a.data);

export const retireItem = (id: string): Promise<RetireItemAnswer> =>
  call("/auth/items/{id}").DELETE({ params: { id } });
