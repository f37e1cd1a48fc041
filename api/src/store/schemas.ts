/** Store items: the members' catalogue (admin spec §3 "Store item": attributes.name, attributes.cost) and the
 * administrators' item form. Every amount is integer cents. */
import { z } from "zod";
import { listOf, listQuery, recordSchema } from "../lib/list.ts";

/** Large enough for any real item, small enough that 99 of 50 lines stay an integer column. */
export const MAX_ITEM_CENTS = 10_000_000;

export const ITEM_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: "Name must be at most 120 characters",
  costRequired: "Cost is required",
  costInvalid: "Cost must be a whole number of cents from 0 to 10000000",
  descriptionTooLong: "Description must be at most 2000 characters",
  sortOrderInvalid: "Sort order must be a whole number",
  retired: "Item Has Been Retired",
  deleted: "Item Has Been Deleted",
} as const;

export const RetireItemResponse = z.object({
  message: z.string(),
  retired: z.boolean().describe("true: it was ordered, so it is kept inactive; false: it was deleted"),
});

export const StoreItemRecord = recordSchema(
  "store_item",
  z.object({
    name: z.string(),
    description: z.string().nullable(),
    cost: z.number().int().describe("Price of one, in integer cents"),
  }),
);
export const StoreItemResponse = z.object({ data: StoreItemRecord });
export const StoreItemList = z.object({ data: z.array(StoreItemRecord) });

export const AdminItemRecord = recordSchema(
  "store_item",
  z.object({
    name: z.string(),
    description: z.string().nullable(),
    cost: z.number().int().describe("Price of one, in integer cents (the form sends it as cost_cents)"),
    active: z.boolean().describe("Only active items are sold"),
    ships: z.boolean().describe(
      "A physical item that ships (custody forms, swabs): its paid orders are fulfilled (decision 0061)",
    ),
    sort_order: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export const AdminItemResponse = z.object({ data: AdminItemRecord });
export const AdminItemList = listOf(AdminItemRecord);

export const AdminItemListQuery = listQuery(["name", "cost", "sort_order"]).extend({
  active: z.enum(["true", "false"], { error: "active must be true or false" }).optional(),
});

export const ItemBody = z.object({
  name: z.string({ error: ITEM_MESSAGES.nameRequired }).trim().min(1, ITEM_MESSAGES.nameRequired)
    .max(120, ITEM_MESSAGES.nameTooLong),
  description: z.string({ error: ITEM_MESSAGES.descriptionTooLong }).trim()
    .max(2000, ITEM_MESSAGES.descriptionTooLong).nullish()
    .transform((d) => d || null),
  cost_cents: z.number({
    error: (i) => i.input === undefined ? ITEM_MESSAGES.costRequired : ITEM_MESSAGES.costInvalid,
  })
    .int(ITEM_MESSAGES.costInvalid).min(0, ITEM_MESSAGES.costInvalid).max(
      MAX_ITEM_CENTS,
      ITEM_MESSAGES.costInvalid,
    ),
  active: z.boolean({ error: "active must be true or false" }).default(true),
  /** Omitted on an edit: the item keeps its flag; on a new item: false (decision 0069). */
  ships: z.boolean({ error: "ships must be true or false" }).optional(),
  sort_order: z.number({ error: ITEM_MESSAGES.sortOrderInvalid }).int(ITEM_MESSAGES.sortOrderInvalid)
    .min(-1_000_000, ITEM_MESSAGES.sortOrderInvalid).max(1_000_000, ITEM_MESSAGES.sortOrderInvalid).default(
      0,
    ),
});
export type ItemInput = z.infer<typeof ItemBody>;

// The web's types (api/src/contract.ts re-exports them).
export type AdminItem = z.infer<typeof AdminItemRecord>;
export type AdminItemAnswer = z.infer<typeof AdminItemResponse>;
export type AdminItemPageAnswer = z.infer<typeof AdminItemList>;
export type ItemRequest = z.input<typeof ItemBody>;
export type RetireItemAnswer = z.infer<typeof RetireItemResponse>;
