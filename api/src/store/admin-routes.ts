/** The administrators' store catalogue (admin spec /app/admin/items): every item, active or not, and its form. */
import { Hono } from "hono";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import {
  AdminItemList,
  AdminItemListQuery,
  AdminItemResponse,
  ItemBody,
  RetireItemResponse,
} from "./schemas.ts";
import { addItem, catalogue, catalogueItem, editItem, retire } from "./service.ts";

const TAGS = ["Store"];

export const adminStoreRoutes = new Hono<AppEnv>()
  .get(
    "/auth/items",
    allow("admin"),
    describe({
      summary: "All store items, active or not",
      tags: TAGS,
      response: AdminItemList,
    }),
    validate("query", AdminItemListQuery),
    async (c) => c.json(await catalogue(c.var.deps, c.req.valid("query")), 200),
  )
  .post(
    "/auth/items",
    allow("admin"),
    describe({ summary: "Add a store item", tags: TAGS, status: 201, response: AdminItemResponse }),
    validate("json", ItemBody),
    async (c) => c.json(await addItem(c.var.deps, c.req.valid("json"), caller(c).user_id), 201),
  )
  .get(
    "/auth/items/:id",
    allow("admin"),
    describe({
      summary: "One store item, active or not",
      tags: TAGS,
      response: AdminItemResponse,
      errors: { 404: "No such item" },
    }),
    validate("param", IdParam),
    async (c) => c.json(await catalogueItem(c.var.deps, c.req.valid("param").id), 200),
  )
  .put(
    "/auth/items/:id",
    allow("admin"),
    describe({
      summary: "Update a store item (the whole form)",
      description:
        "Past orders keep the name and price they were bought at. Deactivate rather than delete: " +
        "an inactive item disappears from the store and cannot be bought.",
      tags: TAGS,
      response: AdminItemResponse,
      errors: { 404: "No such item" },
    }),
    validate("param", IdParam),
    validate("json", ItemBody),
    async (c) =>
      c.json(
        await editItem(c.var.deps, c.req.valid("param").id, c.req.valid("json"), caller(c).user_id),
        200,
      ),
  )
  .delete(
    "/auth/items/:id",
    allow("admin"),
    describe({
      summary: "Retire a store item",
      description: "An item that has been ordered is retired (kept, inactive), never deleted; one never " +
        "ordered is deleted.",
      tags: TAGS,
      response: RetireItemResponse,
      errors: { 404: "No such item" },
    }),
    validate("param", IdParam),
    async (c) => c.json(await retire(c.var.deps, c.req.valid("param").id, caller(c).user_id), 200),
  );
