/**
 * The session cache (decision 0068): a session check answered from memory is refused, or answers the new facts,
 * on the very next request after anything that changes them, whoever wrote the change.
 */
import { assertEquals, assertOk as assert } from "../testing/assert.ts";
import postgres from "postgres";
import { createTestContext, type TestContext } from "../testing/app.ts";

const get = async (ctx: TestContext, token: string) => {
  const res = await ctx.app.request("/api/auth/session", { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json() };
};

const send = async (ctx: TestContext, token: string, method: string, path: string, body?: unknown) => {
  const res = await ctx.app.request(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await res.body?.cancel();
  return res.status;
};

/** Reads the session twice and proves the second read came from the cache. */
async function cached(ctx: TestContext, token: string) {
  const first = await get(ctx, token);
  assertEquals(first.status, 200);
  const hits = ctx.deps.sessionCache.hits;
  const second = await get(ctx, token);
  assertEquals(second, first);
  assertEquals(ctx.deps.sessionCache.hits, hits + 1, "the second read is answered from the cache");
  return first.body;
}

Deno.test("the session cache never answers for a session whose facts changed", async (t) => {
  const ctx = await createTestContext();
  try {
    // The cache goes live once the database listens (at once on PGlite, after LISTEN on PostgreSQL).
    for (let i = 0; i < 100 && !ctx.deps.sessionCache.isLive; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    assert(ctx.deps.sessionCache.isLive);

    await t.step("sign-out refuses the cached session at once", async () => {
      const token = await ctx.tokenFor("member");
      await cached(ctx, token);
      assertEquals(await send(ctx, token, "POST", "/api/logout"), 204);
      assertEquals((await get(ctx, token)).status, 401);
    });

    await t.step("a password set by an administrator refuses the member's cached sessions", async () => {
      const token = await ctx.tokenFor("member");
      await cached(ctx, token);
      const admin = await ctx.tokenFor("admin");
      const status = await send(ctx, admin, "PUT", `/api/auth/user/${ctx.users.member.id}/password`, {
        password: "a new password 123",
      });
      assertEquals(status, 200);
      assertEquals((await get(ctx, token)).status, 401);
    });

    await t.step("a password reset by mail refuses the cached sessions", async () => {
      const token = await ctx.tokenFor("otherMember");
      await cached(ctx, token);
      // The reset's own effect on sessions (password-reset/service.ts): every session of the user is revoked.
      const { revokeAllSessions } = await import("./sessions.ts");
      await revokeAllSessions(ctx.database.db, ctx.users.otherMember.id, ctx.deps.now());
      assertEquals((await get(ctx, token)).status, 401);
    });

    await t.step("administrator rights granted and revoked show at once", async () => {
      const token = await ctx.tokenFor("der");
      assertEquals((await cached(ctx, token)).is_admin, false);
      const admin = await ctx.tokenFor("admin");
      const path = `/api/auth/user/${ctx.users.der.id}/admin`;
      assertEquals(await send(ctx, admin, "PUT", path, { data: { admin: true } }), 200);
      assertEquals((await get(ctx, token)).body.is_admin, true);
      await cached(ctx, token);
      assertEquals(await send(ctx, admin, "PUT", path, { data: { admin: false } }), 200);
      assertEquals((await get(ctx, token)).body.is_admin, false);
    });

    await t.step("a DER role change shows at once, whoever writes it", async () => {
      const token = await ctx.tokenFor("otherDer");
      assertEquals((await cached(ctx, token)).is_der, true);
      await ctx.database.db.updateTable("users").set({ is_der: false }).where(
        "id",
        "=",
        ctx.users.otherDer.id,
      )
        .execute();
      assertEquals((await get(ctx, token)).body.is_der, false);
      await cached(ctx, token);
      await ctx.database.query("update users set is_der = true where id = $1", [ctx.users.otherDer.id]);
      assertEquals((await get(ctx, token)).body.is_der, true);
    });

    await t.step("a second factor enrolled or removed shows at once", async () => {
      const token = await ctx.tokenFor("otherDer", { secondFactor: false });
      assertEquals((await cached(ctx, token)).second_factor, "off");
      await ctx.database.db.insertInto("user_second_factors").values({
        user_id: ctx.users.otherDer.id,
        kind: "totp",
        label: "phone",
        totp_secret: "sealed",
      } as never).execute();
      assertEquals((await get(ctx, token)).body.second_factor, "verify");
      await cached(ctx, token);
      const admin = await ctx.tokenFor("admin");
      assertEquals(
        await send(ctx, admin, "DELETE", `/api/auth/user/${ctx.users.otherDer.id}/second-factor`),
        200,
      );
      // The administrator's reset also signs the user out everywhere (decision 0043).
      assertEquals((await get(ctx, token)).status, 401);
    });

    await t.step("account deletion refuses the cached session at once", async () => {
      const token = await ctx.tokenFor("member");
      await cached(ctx, token);
      const admin = await ctx.tokenFor("admin");
      assertEquals(await send(ctx, admin, "DELETE", `/api/auth/user/${ctx.users.member.id}`), 200);
      assertEquals((await get(ctx, token)).status, 401);
    });

    await t.step("while the change feed is down the cache is bypassed, never trusted", async () => {
      const token = await ctx.tokenFor("admin");
      await cached(ctx, token);
      ctx.deps.sessionCache.live(false);
      const hits = ctx.deps.sessionCache.hits;
      await ctx.database.query(
        "update sessions set revoked_at = now() where revoked_at is null and user_id = $1",
        [
          ctx.users.admin.id,
        ],
      );
      assertEquals((await get(ctx, token)).status, 401);
      const again = await ctx.tokenFor("admin");
      assertEquals((await get(ctx, again)).status, 200);
      assertEquals((await get(ctx, again)).status, 200);
      assertEquals(ctx.deps.sessionCache.hits, hits, "no answer came from the cache while it was not live");
      ctx.deps.sessionCache.live(true);
    });

    if (ctx.databaseUrl) {
      await t.step("PostgreSQL: a write by another process reaches this one by NOTIFY", async () => {
        const token = await ctx.tokenFor("otherMember");
        await cached(ctx, token);
        const other = postgres(ctx.databaseUrl!, { max: 1, onnotice: () => {} });
        try {
          await other.unsafe(
            "update sessions set revoked_at = now() where user_id = $1 and revoked_at is null",
            [
              ctx.users.otherMember.id,
            ],
          );
        } finally {
          await other.end();
        }
        const started = performance.now();
        while (ctx.deps.sessionCache.size > 0 && performance.now() - started < 2000) {
          await new Promise((r) => setTimeout(r, 1));
        }
        assertEquals((await get(ctx, token)).status, 401);
        assert(performance.now() - started < 100, "the notification arrives within 100 ms");
      });
    }
  } finally {
    await ctx.close();
  }
});
