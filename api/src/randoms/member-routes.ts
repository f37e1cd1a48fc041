/**
 * A member's own random selection notices (issue 25 item 4, decision 0071): an independent mariner selected
 * in a released pool sees where to go, by when and the i3 order reference, until the test is collected.
 */
import { Hono } from "hono";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { selectionNoticeOf, selectionNoticesOf } from "./member.ts";
import { SelectionNoticeAnswer, SelectionNoticeList } from "./schemas.ts";

const TAGS = ["Account", "Random pools"];

export const memberRandomRoutes = new Hono<AppEnv>()
  .get(
    "/auth/account/selection-notices",
    allow("user"),
    describe({
      summary: "The signed-in member's open random selection notices",
      description: "An independent mariner (selected through their own business) in a released pool, while " +
        "the test waits for collection: report by, the collection site and the i3 order reference. Empty " +
        "for everyone else, and once the test is collected or the selection withdrawn.",
      tags: TAGS,
      response: SelectionNoticeList,
    }),
    async (c) => c.json({ data: await selectionNoticesOf(c.var.deps, caller(c)) }, 200),
  )
  .get(
    "/auth/account/selection-notices/:id",
    allow("user"),
    describe({
      summary: "One of the signed-in member's open random selection notices",
      tags: TAGS,
      response: SelectionNoticeAnswer,
      errors: { 404: "Not the caller's, withdrawn, or the test was collected" },
    }),
    validate("param", IdParam),
    async (c) =>
      c.json({ data: await selectionNoticeOf(c.var.deps, caller(c), c.req.valid("param").id) }, 200),
  );
