/**
 * The administrators' calls for any user's cards, as the admin membership screens' Payment Methods card and
 * /payments/add need: the set-up secret, the list, saving a card, making one the default and removing one.
 */
import { Hono } from "hono";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "../db/types.ts";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { IdParam, idText } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { liveUserExists } from "../users/service.ts";
import { makeDefaultCard, removeCard } from "./manage.ts";
import {
  AddPaymentMethodBody,
  PaymentIntentResponse,
  PaymentMethodList,
  PaymentMethodResponse,
} from "./schemas.ts";
import { cardRecord, createPaymentIntent, listCardRecords, saveCardFromSetupIntent } from "./service.ts";

const TAGS = ["Payment methods"];
const positiveId = idText("id must be a positive whole number");
const UserCardParams = z.object({ id: positiveId, pmId: positiveId });

/** 404 unless the user exists and is not deleted (administrators act on real accounts only). */
async function requireUser(db: Kysely<DB>, id: number) {
  if (!await liveUserExists(db, id)) throw notFound("User");
}

export const adminPaymentMethodRoutes = new Hono<AppEnv>()
  .get(
    "/auth/user/:id/payment-intent",
    allow("admin"),
    describe({
      summary: "Start adding a card for a user: a SetupIntent client secret",
      tags: TAGS,
      response: PaymentIntentResponse,
      errors: {
        404: "No such user",
        502: "The payment processor failed: 'Failed to set up payment method. Please try again.'",
      },
    }),
    validate("param", IdParam),
    async (c) => {
      const { id } = c.req.valid("param");
      await requireUser(c.var.deps.database.db, id);
      return c.json({ secret: await createPaymentIntent(c.var.deps, id) }, 200);
    },
  )
  .get(
    "/auth/user/:id/payment-methods",
    allow("admin"),
    describe({
      summary: "A user's saved cards, default first",
      tags: TAGS,
      response: PaymentMethodList,
      errors: { 404: "No such user" },
    }),
    validate("param", IdParam),
    async (c) => {
      const { id } = c.req.valid("param");
      await requireUser(c.var.deps.database.db, id);
      return c.json({ data: await listCardRecords(c.var.deps, id) }, 200);
    },
  )
  .post(
    "/auth/user/:id/payment-methods",
    allow("admin"),
    describe({
      summary: "Save the card of a confirmed SetupIntent for a user",
      description: "The intent must come from GET /auth/user/{id}/payment-intent for the same user. " +
        "Idempotent: the same intent again answers the same card with 200.",
      tags: TAGS,
      status: 201,
      response: PaymentMethodResponse,
      errors: {
        404: "No such user, or the setup intent is unknown or another user's",
        502: "Processor failed",
      },
    }),
    validate("param", IdParam),
    validate("json", AddPaymentMethodBody),
    async (c) => {
      const { id } = c.req.valid("param");
      await requireUser(c.var.deps.database.db, id);
      const { setup_intent_id } = c.req.valid("json");
      // The administrator is the one who added it (the audit row's actor); the card is the user's.
      const { card, created } = await saveCardFromSetupIntent(c.var.deps, id, setup_intent_id, {
        user_id: id,
        actor: caller(c).user_id,
      });
      return c.json({ data: cardRecord(card) }, created ? 201 : 200);
    },
  )
  .put(
    "/auth/user/:id/payment-methods/:pmId/default",
    allow("admin"),
    describe({
      summary: "Make one of a user's cards the default",
      tags: TAGS,
      response: PaymentMethodResponse,
      errors: { 404: "No such user, or the card is not theirs" },
    }),
    validate("param", UserCardParams),
    async (c) => {
      const { id, pmId } = c.req.valid("param");
      await requireUser(c.var.deps.database.db, id);
      const card = await makeDefaultCard(c.var.deps, {
        userId: id,
        cardId: pmId,
        actorId: caller(c).user_id,
      });
      return c.json({ data: cardRecord(card) }, 200);
    },
  )
  .delete(
    "/auth/user/:id/payment-methods/:pmId",
    allow("admin"),
    describe({
      summary: "Remove one of a user's cards",
      description: "Same rules as removing your own: answers the remaining cards, default first.",
      tags: TAGS,
      response: PaymentMethodList,
      errors: { 404: "No such user, or the card is not theirs" },
    }),
    validate("param", UserCardParams),
    async (c) => {
      const { id, pmId } = c.req.valid("param");
      await requireUser(c.var.deps.database.db, id);
      const cards = await removeCard(c.var.deps, { userId: id, cardId: pmId, actorId: caller(c).user_id });
      return c.json({ data: cards.map(cardRecord) }, 200);
    },
  );
