/**
 * The caller's cards: a SetupIntent secret for the card form, saving the confirmed card, the list, making one
 * the default and removing one. The administrators' calls for any user's cards are in admin-routes.ts.
 */
import { Hono } from "hono";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { adminPaymentMethodRoutes } from "./admin-routes.ts";
import { companyPaymentMethodRoutes } from "./company-routes.ts";
import { makeDefaultCard, removeCard } from "./manage.ts";
import {
  AddPaymentMethodBody,
  PaymentIntentResponse,
  PaymentMethodList,
  PaymentMethodResponse,
} from "./schemas.ts";
import { cardRecord, createPaymentIntent, listCardRecords, saveCardFromSetupIntent } from "./service.ts";

const ownRoutes = new Hono<AppEnv>()
  .get(
    "/auth/account/payment-intent",
    allow("user"),
    describe({
      summary: "Start adding a card: a SetupIntent client secret for the card form",
      tags: ["Payment methods"],
      response: PaymentIntentResponse,
      errors: { 502: "The payment processor failed: 'Failed to set up payment method. Please try again.'" },
    }),
    async (c) => c.json({ secret: await createPaymentIntent(c.var.deps, caller(c).user_id) }, 200),
  )
  .post(
    "/auth/account/payment-methods",
    allow("user"),
    describe({
      summary: "Save the card of a confirmed SetupIntent",
      description:
        "Idempotent: the same setup intent again answers the same card with 200. The user's first " +
        "card becomes the default. A setup intent of another user answers 404.",
      tags: ["Payment methods"],
      status: 201,
      response: PaymentMethodResponse,
      errors: { 404: "Unknown setup intent, or another user's", 502: "The payment processor failed" },
    }),
    validate("json", AddPaymentMethodBody),
    async (c) => {
      const { setup_intent_id } = c.req.valid("json");
      const { card, created } = await saveCardFromSetupIntent(c.var.deps, caller(c).user_id, setup_intent_id);
      return c.json({ data: cardRecord(card) }, created ? 201 : 200);
    },
  )
  .get(
    "/auth/account/payment-methods",
    allow("user"),
    describe({
      summary: "The caller's saved cards, default first",
      tags: ["Payment methods"],
      response: PaymentMethodList,
    }),
    async (c) => c.json({ data: await listCardRecords(c.var.deps, caller(c).user_id) }, 200),
  )
  .put(
    "/auth/account/payment-methods/:id/default",
    allow("user"),
    describe({
      summary: "Make one of my cards the default",
      description: "Exactly one card is the default afterwards. Another user's card answers 404.",
      tags: ["Payment methods"],
      response: PaymentMethodResponse,
      errors: { 404: "No such card among mine" },
    }),
    validate("param", IdParam),
    async (c) => {
      const me = caller(c).user_id;
      const card = await makeDefaultCard(c.var.deps, {
        userId: me,
        cardId: c.req.valid("param").id,
        actorId: me,
      });
      return c.json({ data: cardRecord(card) }, 200);
    },
  )
  .delete(
    "/auth/account/payment-methods/:id",
    allow("user"),
    describe({
      summary: "Remove one of my cards",
      description: "Answers the cards that remain, default first. Removing the default makes the most " +
        "recently added remaining card the default (or leaves none). The card is detached at the processor.",
      tags: ["Payment methods"],
      response: PaymentMethodList,
      errors: { 404: "No such card among mine" },
    }),
    validate("param", IdParam),
    async (c) => {
      const me = caller(c).user_id;
      const cards = await removeCard(c.var.deps, {
        userId: me,
        cardId: c.req.valid("param").id,
        actorId: me,
      });
      return c.json({ data: cards.map(cardRecord) }, 200);
    },
  );

export const paymentMethodsRoutes = new Hono<AppEnv>().route("/", ownRoutes)
  .route("/", companyPaymentMethodRoutes).route("/", adminPaymentMethodRoutes);
