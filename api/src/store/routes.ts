/** The store: members browse the active items. The administrators' catalogue is in admin-routes.ts. */
import { Hono } from "hono";
import { allow } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { adminStoreRoutes } from "./admin-routes.ts";
import { StoreItemList, StoreItemResponse } from "./schemas.ts";
import { itemForSale, itemsForSale } from "./service.ts";

const TAGS = ["Store"];

const shopRoutes = new Hono<AppEnv>()
  .get(
    "/store/items",
    allow("user"),
    describe({ summary: "The items for sale, in the store's order", tags: TAGS, response: StoreItemList }),
    async (c) => c.json(await itemsForSale(c.var.deps), 200),
  )
  .get(
    "/store/items/:id",
    allow("user"),
    describe({
      summary: "One item for sale",
      tags: TAGS,
      response: StoreItemResponse,
      errors: { 404: "No such item, or it is not for sale" },
    }),
    validate("param", IdParam),
    async (c) => c.json(await itemForSale(c.var.deps, c.req.valid("param").id), 200),
  );

export const storeRoutes = new Hono<AppEnv>().route("/", shopRoutes).route("/", adminStoreRoutes);
