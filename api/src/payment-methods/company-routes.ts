/**
 * A company's cards, for its owner (or an administrator): a SetupIntent secret for the card form, saving the
 * confirmed card, and the list. Anyone else gets 404 for the company. Mounted by routes.ts.
 */
import { Hono } from "hono";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import {
  COMPANY_CARD_MESSAGES,
  companyCardRecords,
  createCompanyPaymentIntent,
  requireOwnedCompany,
  saveCompanyCard,
} from "./company.ts";
import {
  AddPaymentMethodBody,
  PaymentIntentResponse,
  PaymentMethodList,
  PaymentMethodMessage,
} from "./schemas.ts";
import { cardRecord } from "./service.ts";

const TAGS = ["Payment methods"];
const NOT_YOURS = "No such company, or not one you own";

export const companyPaymentMethodRoutes = new Hono<AppEnv>()
  .get(
    "/auth/business/:id/payment-intent",
    allow("user"),
    describe({
      summary: "Start adding a company card: a SetupIntent client secret for the card form",
      description: "For the company's owner (or an administrator). The card is held under the company's " +
        "DER at the processor. Save the confirmed card with POST /auth/business/{id}/payment-methods.",
      tags: TAGS,
      response: PaymentIntentResponse,
      errors: {
        404: NOT_YOURS,
        409: `'${COMPANY_CARD_MESSAGES.noDer}'`,
        502: "The payment processor failed",
      },
    }),
    validate("param", IdParam),
    async (c) => {
      const company = await requireOwnedCompany(c.var.deps.database.db, caller(c), c.req.valid("param").id);
      return c.json({ secret: await createCompanyPaymentIntent(c.var.deps, company) }, 200);
    },
  )
  .post(
    "/auth/business/:id/payment-methods",
    allow("user"),
    describe({
      summary: "Save the card of a confirmed SetupIntent as one of the company's cards",
      description: "The company pays with it for its employees' memberships and its compliance kit. " +
        "Idempotent: the same setup intent again answers the same card with 200. The company's first card " +
        `becomes its default. message: '${COMPANY_CARD_MESSAGES.added}'.`,
      tags: TAGS,
      status: 201,
      response: PaymentMethodMessage,
      errors: {
        404: `${NOT_YOURS}; or an unknown setup intent`,
        409: `'${COMPANY_CARD_MESSAGES.noDer}'`,
        502: "The payment processor failed",
      },
    }),
    validate("param", IdParam),
    validate("json", AddPaymentMethodBody),
    async (c) => {
      const me = caller(c);
      const company = await requireOwnedCompany(c.var.deps.database.db, me, c.req.valid("param").id);
      const intent = c.req.valid("json").setup_intent_id;
      const { card, created } = await saveCompanyCard(c.var.deps, me.user_id, company, intent);
      return c.json({ data: cardRecord(card), message: COMPANY_CARD_MESSAGES.added }, created ? 201 : 200);
    },
  )
  .get(
    "/auth/business/:id/payment-methods",
    allow("user"),
    describe({
      summary: "The company's saved cards, default first",
      tags: TAGS,
      response: PaymentMethodList,
      errors: { 404: NOT_YOURS },
    }),
    validate("param", IdParam),
    async (c) =>
      c.json({ data: await companyCardRecords(c.var.deps, caller(c), c.req.valid("param").id) }, 200),
  );
