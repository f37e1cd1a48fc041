/**
 * The member's dashboard read (GET /api/auth/account/membership) sends 3 statements: the session check, then
 * the current membership with the deletion facts and the pauses with the pause rule, those two sent together
 * (docs/benchmarks.md, issue 27). With the session in this process's cache (decision 0068) it sends the last 2. Counted at the database handle, for a member with a membership, a past pause
 * and a pause warning, and for one without a membership; the answer is the same as through the app's own handle.
 */
import type { KyselyPlugin } from "kysely";
import { createApp } from "../app.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { addDays, seedMembership, today } from "./test-helpers.ts";

const OWN = "/api/auth/account/membership";

Deno.test("memberships: the dashboard read is 3 statements", async () => {
  const ctx = await createTestContext();
  try {
    const sent: string[] = [];
    const counter: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: (args) => Promise.resolve(args.result),
    };
    // Every execution through the handle, builder queries and compiled-once queries alike.
    const counted = ctx.database.db.withPlugin({
      ...counter,
      transformResult: (args) => {
        sent.push(String(args.queryId.queryId));
        return counter.transformResult(args);
      },
    });
    const app = createApp({ ...ctx.deps, database: { ...ctx.database, db: counted } });
    const token = await ctx.tokenFor("member");
    // The cache goes live once the database listens (at once on PGlite, after LISTEN on PostgreSQL).
    for (let i = 0; i < 100 && !ctx.deps.sessionCache.isLive; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    assertOk(ctx.deps.sessionCache.isLive);
    /** A read as the first of a session in this process (`miss`: the cache emptied first) or a repeated one. */
    const read = async (session: "miss" | "cached" = "miss") => {
      if (session === "miss") ctx.deps.sessionCache.changed();
      sent.length = 0;
      const res = await app.request(OWN, { headers: { Authorization: `Bearer ${token}` } });
      assertEquals(res.status, 200);
      return { body: await res.json(), statements: sent.length };
    };

    const none = await read();
    assertEquals([none.body.data, none.statements], [null, 3]);

    // Day 300 of an annual term, and a pause of 135 days that ended 35 days ago: the warning path runs whole.
    const id = await seedMembership(ctx, ctx.users.member.id, {
      created_at: new Date(ctx.deps.now().getTime() - 300 * 86_400_000),
      expire_at: addDays(today(ctx), 65),
    });
    const daysAgo = (n: number) => new Date(ctx.deps.now().getTime() - n * 86_400_000);
    await ctx.database.db.insertInto("membership_pauses").values({
      membership_id: id,
      paused_at: daysAgo(170),
      resumed_at: daysAgo(35),
      reason: "Currently out of season",
    }).execute();
    const full = await read();
    assertOk(full.body.data.attributes.pause_warning, "the read ran the pause warning");
    assertEquals(full.statements, 3);
    const again = await read("cached");
    assertEquals([again.body, again.statements], [full.body, 2]);
    const same = await ctx.request("member", "GET", OWN);
    assertEquals(full.body, await same.json());
  } finally {
    await ctx.close();
  }
});
