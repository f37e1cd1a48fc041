/** "Your data" (issue 38 item 3, decision 0093): what is held about the signed-in member, and as one zip. */
import { Hono } from "hono";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { describe } from "../lib/route.ts";
import { AccountDataAnswer } from "./schemas.ts";
import { accountData, accountDataZip } from "./service.ts";

const TAGS = ["Account"];

export const accountDataRoutes = new Hono<AppEnv>()
  .get(
    "/auth/account/data",
    allow("user"),
    describe({
      summary: "Your data: everything the portal holds about you",
      description: "Your profile, memberships, businesses, tests (in words too), orders, cards, documents, " +
        "consents and who looked at your records, each as its own endpoint answers it. Never anyone else's.",
      tags: TAGS,
      response: AccountDataAnswer,
    }),
    async (c) => c.json({ data: await accountData(c.var.deps, caller(c)) }, 200),
  )
  .get(
    "/auth/account/data.zip",
    allow("user"),
    describe({
      summary: "Your data as one zip: data.json and your PDFs",
      description: "data.json is GET /auth/account/data's answer; documents/{id}-{filename} each of your " +
        "documents (today's Letter of Compliance is issued first when your membership earns one); " +
        "receipts/receipt-{number}.pdf the receipt of each paid order. Streamed one file at a time.",
      tags: TAGS,
      produces: "application/zip",
    }),
    async (c) =>
      new Response(await accountDataZip(c.var.deps, caller(c)), {
        headers: {
          "Content-Type": "application/zip",
          "Content-Disposition": 'attachment; filename="apca-my-data.zip"',
          "Cache-Control": "private, no-store",
        },
      }),
  );
