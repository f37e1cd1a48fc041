import { assertEquals } from "../testing/assert.ts";
import { createTestDatabase } from "../testing/db.ts";
import { deleteExpiredRateLimits, fixedWindow, hit, type LimitDeps, resetLimit } from "./rate-limit.ts";

Deno.test("rate limits: one fixed window per key, counted in the database", async (t) => {
  const database = await createTestDatabase();
  let clock = new Date("2026-11-23T10:00:00Z");
  const generous = fixedWindow(1000, 60);
  const deps: LimitDeps = {
    database,
    now: () => clock,
    limits: {
      loginPerIp: fixedWindow(2, 60),
      loginPerEmail: generous,
      passwordForgotPerIp: generous,
      passwordForgotPerEmail: generous,
      passwordResetPerIp: generous,
      contactPerIp: generous,
      collectionSitesPerIp: generous,
      secondFactorPerIp: generous,
      secondFactorPerUser: generous,
    },
  };
  try {
    await t.step("the limit's attempts pass, the next one waits until the window ends", async () => {
      assertEquals(await hit(deps, "loginPerIp", "a"), 0);
      assertEquals(await hit(deps, "loginPerIp", "a"), 0);
      clock = new Date("2026-11-23T10:00:20Z");
      assertEquals(await hit(deps, "loginPerIp", "a"), 40);
      assertEquals(await hit(deps, "loginPerIp", "b"), 0, "another key has its own count");
      assertEquals(await hit(deps, "loginPerEmail", "a"), 0, "another limit has its own count");
    });
    await t.step("a new window starts once the old one has ended", async () => {
      clock = new Date("2026-11-23T10:01:00Z");
      assertEquals(await hit(deps, "loginPerIp", "a"), 0);
      assertEquals(await hit(deps, "loginPerIp", "a"), 0);
      assertEquals(await hit(deps, "loginPerIp", "a"), 60);
    });
    await t.step("reset forgets a key's count", async () => {
      await resetLimit(deps, "loginPerIp", "a");
      assertEquals(await hit(deps, "loginPerIp", "a"), 0);
    });
    await t.step("concurrent hits never share a slot", async () => {
      const waits = await Promise.all(Array.from({ length: 6 }, () => hit(deps, "loginPerIp", "c")));
      assertEquals(waits.filter((w) => w === 0).length, 2);
    });
    await t.step("pruning deletes the rows whose window has ended, and only those", async () => {
      clock = new Date("2026-11-23T10:02:30Z");
      await hit(deps, "loginPerIp", "fresh");
      assertEquals(await deleteExpiredRateLimits(database.db, clock), 4);
      const left = await database.db.selectFrom("rate_limits").select("key").execute();
      assertEquals(left.map((r) => r.key), ["fresh"]);
    });
  } finally {
    await database.drop();
  }
});
