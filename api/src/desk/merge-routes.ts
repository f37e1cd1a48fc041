/**
 * Merging two accounts of one person (issue 37, decision 0080): the preview of what moves, and the merge. Not in
 * the specification; paths follow the user page's (`/auth/user/{id}/…`, the kept account's id).
 */
import { Hono } from "hono";
import { actorOf, allow, requireRecentSecondFactor } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { idempotent } from "../lib/idempotency.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { MergeBody, MergeParam, MergePreviewResponse, MergeResponse } from "./merge-schemas.ts";
import { MERGE_MESSAGES, mergeAccounts, previewMerge } from "./users-merge.ts";

const TAGS = ["Users"];

export const mergeRoutes = new Hono<AppEnv>()
  .get(
    "/auth/user/:id/merge/:closeId",
    allow("admin"),
    describe({
      summary: "Preview merging account closeId into account id (nothing changes)",
      description: "Not in the specification (decision 0080). Answers what would move to the kept account " +
        "(id), what stays with the closed one (closeId), the kept account's fields that change, or the reason " +
        "the merge is refused (refusal; moves and stays are then null).",
      tags: TAGS,
      response: MergePreviewResponse,
      errors: { 404: "No such user", 422: "The two ids are the same" },
    }),
    validate("param", MergeParam),
    async (c) => {
      const { id, closeId } = c.req.valid("param");
      return c.json({ data: await previewMerge(c.var.deps, id, closeId) }, 200);
    },
  )
  .post(
    "/auth/user/:id/merge",
    allow("admin"),
    requireRecentSecondFactor(),
    idempotent(),
    describe({
      summary: "Merge another account of the same person into this one, and close it",
      description: "Not in the specification (decision 0080). Memberships (not failed ones), drug tests, " +
        "orders, documents, business links, employee requests, notifications and the registration " +
        "progress of close_user_id move to account id, in one transaction; the closed account is minimised " +
        "as a deletion is, its sessions end, and its History shows on the kept account's. Saved cards and " +
        "random draws' candidates stay. Audited on both accounts with before → after.",
      tags: TAGS,
      response: MergeResponse,
      errors: {
        404: "No such user",
        409: "MERGE_REFUSED: both accounts have a running membership, the account to close is an " +
          "administrator, either account is deleted, or the running membership would not be the kept " +
          "account's latest (error says which)",
        422: "close_user_id missing, not an id, or the kept account itself",
      },
    }),
    validate("param", IdParam),
    validate("json", MergeBody),
    async (c) => {
      const data = await mergeAccounts(
        c.var.deps,
        actorOf(c),
        c.req.valid("param").id,
        c.req.valid("json").close_user_id,
      );
      return c.json({ data, message: MERGE_MESSAGES.merged }, 200);
    },
  );
